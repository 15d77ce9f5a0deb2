package dev.perfwatch.codespeed;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.perfwatch.codespeed.CodespeedVocabulary.Benchmark;
import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;
import dev.perfwatch.codespeed.CodespeedVocabulary.Revision;

/**
 * The SQL of Codespeed's vocabulary. Rows are created on first use; a wanted id (an import keeping the source's
 * ids) is taken when it is free, otherwise the row gets the next id, and the identity sequence is moved past every
 * id taken so that later rows never collide with imported ones.
 */
@Repository
class CodespeedStore {

    private static final String EXECUTABLE = """
            select x.id, p.name as project, x.project_id, x.name, x.description, x.jdk_version, x.vm_name,
                   x.vm_version
            from codespeed_executable x join project p on p.id = x.project_id
            """;

    private final JdbcClient jdbc;

    /** The rows found or made already, which never change ({@link CodespeedIds}). */
    private final CodespeedIds ids = new CodespeedIds();

    CodespeedStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** What is kept in process, for tests (a method: the repository's proxy has no state of its own). */
    CodespeedIds ids() {
        return ids;
    }

    Optional<Environment> environment(String name) {
        return jdbc.sql("select id, name, host_class from codespeed_environment where name = :name")
            .param("name", name)
            .query(CodespeedStore::environment)
            .optional();
    }

    Optional<Environment> environment(long id) {
        return jdbc.sql("select id, name, host_class from codespeed_environment where id = :id")
            .param("id", id)
            .query(CodespeedStore::environment)
            .optional();
    }

    List<Environment> environments() {
        return jdbc.sql("select id, name, host_class from codespeed_environment order by id")
            .query(CodespeedStore::environment)
            .list();
    }

    /**
     * The environment of this name, created when it is new: with the wanted host class, or one made from the name
     * ("Dual Core" becomes "Dual-Core", then "Dual-Core-2" if another environment holds that).
     */
    Environment createEnvironment(String name, Long wantedId, String wantedHostClass) {
        return CodespeedIds.kept(ids.environments, name,
                () -> findOrCreateEnvironment(name, wantedId, wantedHostClass));
    }

    private Environment findOrCreateEnvironment(String name, Long wantedId, String wantedHostClass) {
        Optional<Environment> existing = environment(name);
        if (existing.isPresent()) {
            return existing.get();
        }
        String hostClass = wantedHostClass != null ? wantedHostClass : freeHostClass(CodespeedNames.hostClass(name));
        String insert = """
                insert into codespeed_environment (id, name, host_class)
                values (coalesce(:id, nextval(pg_get_serial_sequence('codespeed_environment', 'id'))), :name,
                        :hostClass)
                on conflict do nothing
                """;
        insertPreferring(wantedId, "codespeed_environment",
                id -> jdbc.sql(insert).param("id", id).param("name", name).param("hostClass", hostClass).update());
        return environment(name).orElseThrow(() -> new CodespeedException(
                "Environment " + name + " cannot be created: host class " + hostClass + " is taken"));
    }

    private String freeHostClass(String base) {
        String candidate = base;
        for (int n = 2; hostClassTaken(candidate); n++) {
            candidate = base + "-" + n;
        }
        return candidate;
    }

    private boolean hostClassTaken(String hostClass) {
        return jdbc.sql("select count(*) from codespeed_environment where host_class = :hostClass")
            .param("hostClass", hostClass)
            .query(Long.class)
            .single() > 0;
    }

    /** The project's id; a project first seen here takes the branch of its first result as its default branch. */
    long project(String name, String defaultBranch) {
        Long known = ids.projects.get(name);
        if (known != null) {
            return known;
        }
        jdbc.sql("""
                insert into project (name, default_branch) values (:name, coalesce(cast(:branch as text), 'main'))
                on conflict (name) do nothing
                """)
            .param("name", name)
            .param("branch", defaultBranch)
            .update();
        long id = jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).single();
        CodespeedIds.keep(ids.projects, name, id);
        return id;
    }

    Optional<Executable> executable(long projectId, String name) {
        return jdbc.sql(EXECUTABLE + "where x.project_id = :project and x.name = :name")
            .param("project", projectId)
            .param("name", name)
            .query(CodespeedStore::executable)
            .optional();
    }

    Optional<Executable> executable(long id) {
        return jdbc.sql(EXECUTABLE + "where x.id = :id").param("id", id).query(CodespeedStore::executable).optional();
    }

    List<Executable> executables(String name) {
        return jdbc.sql(EXECUTABLE + "where x.name = :name order by x.id")
            .param("name", name)
            .query(CodespeedStore::executable)
            .list();
    }

    List<Executable> executables() {
        return jdbc.sql(EXECUTABLE + "order by x.id").query(CodespeedStore::executable).list();
    }

    /** The executable of this name in the project, created when new; it stands for the JVM named like it. */
    Executable createExecutable(long projectId, String name, Long wantedId, String description, String jdkVersion,
            String vmName, String vmVersion) {
        return CodespeedIds.kept(ids.executables, new CodespeedIds.ExecutableKey(projectId, name),
                () -> findOrCreateExecutable(projectId, name, wantedId, description, jdkVersion, vmName, vmVersion));
    }

    private Executable findOrCreateExecutable(long projectId, String name, Long wantedId, String description,
            String jdkVersion, String vmName, String vmVersion) {
        Optional<Executable> existing = executable(projectId, name);
        if (existing.isPresent()) {
            return existing.get();
        }
        String insert = """
                insert into codespeed_executable (id, project_id, name, description, jdk_version, vm_name, vm_version)
                values (coalesce(:id, nextval(pg_get_serial_sequence('codespeed_executable', 'id'))), :project, :name,
                        :description, :jdk, :vm, :vmVersion)
                on conflict do nothing
                """;
        insertPreferring(wantedId, "codespeed_executable", id -> jdbc.sql(insert)
            .param("id", id)
            .param("project", projectId)
            .param("name", name)
            .param("description", description == null ? "" : description)
            .param("jdk", jdkVersion == null ? "" : jdkVersion)
            .param("vm", vmName == null ? name : vmName)
            .param("vmVersion", vmVersion == null ? "" : vmVersion)
            .update());
        return executable(projectId, name).orElseThrow();
    }

    Optional<Benchmark> benchmark(String name) {
        return jdbc.sql("""
                select id, name, description, units_title, units, lessisbetter, data_type
                from codespeed_benchmark where name = :name
                """).param("name", name).query(CodespeedStore::benchmark).optional();
    }

    Optional<Benchmark> benchmark(long id) {
        return jdbc.sql("""
                select id, name, description, units_title, units, lessisbetter, data_type
                from codespeed_benchmark where id = :id
                """).param("id", id).query(CodespeedStore::benchmark).optional();
    }

    List<Benchmark> benchmarks() {
        return jdbc.sql("""
                select id, name, description, units_title, units, lessisbetter, data_type
                from codespeed_benchmark order by name
                """).query(CodespeedStore::benchmark).list();
    }

    /** The stored benchmarks of these names, by name; names not stored yet are absent. */
    Map<String, Benchmark> benchmarks(List<String> names) {
        Map<String, Benchmark> found = new LinkedHashMap<>();
        List<String> unknown = new java.util.ArrayList<>();
        for (String name : names) {
            Benchmark known = ids.benchmarks.get(name);
            if (known != null) {
                found.put(name, known);
            }
            else {
                unknown.add(name);
            }
        }
        if (unknown.isEmpty()) {
            return found;
        }
        jdbc.sql("""
                select id, name, description, units_title, units, lessisbetter, data_type
                from codespeed_benchmark where name = any(:names)
                """)
            .param("names", unknown.toArray(String[]::new))
            .query(CodespeedStore::benchmark)
            .list()
            .forEach(benchmark -> {
                found.put(benchmark.name(), benchmark);
                CodespeedIds.keep(ids.benchmarks, benchmark.name(), benchmark);
            });
        return found;
    }

    /** Serialises benchmark creation until the transaction ends (the key is arbitrary, fixed for this lock). */
    void lockBenchmarkCreation() {
        jdbc.sql("select pg_advisory_xact_lock(7413013)").query((rs, row) -> 1).list();
    }

    /**
     * The benchmark of this name, created with these fields when new; Codespeed's defaults (units "seconds", units
     * title "Time", less is better) fill what is not given. An existing benchmark keeps its fields, as in Codespeed.
     */
    Benchmark createBenchmark(String name, Long wantedId, String description, String unitsTitle, String units,
            Boolean lessisbetter, String dataType) {
        return CodespeedIds.kept(ids.benchmarks, name,
                () -> findOrCreateBenchmark(name, wantedId, description, unitsTitle, units, lessisbetter, dataType));
    }

    private Benchmark findOrCreateBenchmark(String name, Long wantedId, String description, String unitsTitle,
            String units, Boolean lessisbetter, String dataType) {
        Optional<Benchmark> existing = benchmark(name);
        if (existing.isPresent()) {
            return existing.get();
        }
        String insert = """
                insert into codespeed_benchmark (id, name, description, units_title, units, lessisbetter, data_type)
                values (coalesce(:id, nextval(pg_get_serial_sequence('codespeed_benchmark', 'id'))), :name,
                        :description, :unitsTitle, :units, :lessisbetter, :dataType)
                on conflict do nothing
                """;
        insertPreferring(wantedId, "codespeed_benchmark", id -> jdbc.sql(insert)
            .param("id", id)
            .param("name", name)
            .param("description", description == null ? "" : description)
            .param("unitsTitle", unitsTitle == null ? "Time" : unitsTitle)
            .param("units", units == null ? "seconds" : units)
            .param("lessisbetter", lessisbetter == null || lessisbetter)
            .param("dataType", dataType == null ? "U" : dataType)
            .update());
        return benchmark(name).orElseThrow();
    }

    /** Remembers the commit id as the client sent it; a tag given later fills an empty one. */
    void revision(long projectId, String branch, String commitid, String sha, String tag) {
        jdbc.sql("""
                insert into codespeed_revision (branch_id, commitid, commit_id, tag)
                select b.id, :commitid, c.id, coalesce(cast(:tag as text), '')
                from branch b join commit c on c.project_id = b.project_id and c.sha = :sha
                where b.project_id = :project and b.name = :branch
                on conflict (branch_id, commitid) do update set tag = excluded.tag
                where codespeed_revision.tag = '' and excluded.tag <> ''
                """)
            .param("project", projectId)
            .param("branch", branch)
            .param("commitid", commitid)
            .param("sha", sha)
            .param("tag", tag)
            .update();
    }

    /**
     * Inserts with the wanted id, or with the next id when there is none or it is taken ({@code insert} takes the id,
     * null for the next one, and answers the rows inserted), then moves the identity sequence past every id taken.
     */
    private void insertPreferring(Long wantedId, String table, java.util.function.ToIntFunction<Long> insert) {
        if (wantedId == null || insert.applyAsInt(wantedId) == 0) {
            insert.applyAsInt(null);
        }
        moveSequence(table);
    }

    private void moveSequence(String table) {
        jdbc.sql("select setval(pg_get_serial_sequence('" + table + "', 'id'), (select max(id) from " + table + "))")
            .query((rs, row) -> 1)
            .list();
    }

    private static Environment environment(ResultSet rs, int row) throws SQLException {
        return new Environment(rs.getLong("id"), rs.getString("name"), rs.getString("host_class"));
    }

    private static Executable executable(ResultSet rs, int row) throws SQLException {
        return new Executable(rs.getLong("id"), rs.getString("project"), rs.getLong("project_id"), rs.getString("name"),
                rs.getString("description"), rs.getString("jdk_version"), rs.getString("vm_name"),
                rs.getString("vm_version"));
    }

    private static Benchmark benchmark(ResultSet rs, int row) throws SQLException {
        return new Benchmark(rs.getLong("id"), rs.getString("name"), rs.getString("description"),
                rs.getString("units_title"), rs.getString("units"), rs.getBoolean("lessisbetter"),
                rs.getString("data_type"));
    }

    private static final String REVISION = """
            select cr.id, p.name as project, b.name as branch, cr.commitid, c.sha, cr.tag
            from codespeed_revision cr
            join branch b on b.id = cr.branch_id
            join project p on p.id = b.project_id
            join commit c on c.id = cr.commit_id
            """;

    /** Tagged revisions of a project (or of all), a tag's or every tagged one, newest commit first. */
    List<Revision> taggedRevisions(String project, String tag) {
        return jdbc.sql(REVISION + """
                where cr.tag <> '' and (cast(:project as text) is null or p.name = :project)
                  and (cast(:tag as text) is null or cr.tag = :tag)
                order by c.time desc nulls last, cr.id desc
                limit 1000
                """)
            .param("project", project)
            .param("tag", tag)
            .query(CodespeedStore::revision)
            .list();
    }

    Optional<Revision> revision(long id) {
        return jdbc.sql(REVISION + "where cr.id = :id").param("id", id).query(CodespeedStore::revision).optional();
    }

    private static Revision revision(ResultSet rs, int row) throws SQLException {
        return new Revision(rs.getLong("id"), rs.getString("project"), rs.getString("branch"),
                rs.getString("commitid"), rs.getString("sha"), rs.getString("tag"));
    }
}
