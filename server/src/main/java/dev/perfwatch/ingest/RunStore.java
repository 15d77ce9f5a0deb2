package dev.perfwatch.ingest;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The SQL of ingestion. Lookups of the vocabulary rows are set-based (one statement per table per run, over
 * {@code unnest} of arrays) because a run carries hundreds of results and round trips dominate otherwise. Inserts
 * are sorted by key so that concurrent runs of one suite take row locks in the same order and cannot deadlock.
 */
@Repository
class RunStore {

    private final JdbcClient jdbc;

    RunStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long project(String name, String repository) {
        jdbc.sql("""
                insert into project (name, repository) values (:name, :repository)
                on conflict (name) do nothing
                """)
            .param("name", name)
            .param("repository", repository)
            .update();
        if (repository != null) {
            jdbc.sql("update project set repository = :repository where name = :name and repository is null")
                .param("name", name)
                .param("repository", repository)
                .update();
        }
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).single();
    }

    long branch(long project, String name) {
        jdbc.sql("insert into branch (project_id, name) values (:project, :name) on conflict do nothing")
            .param("project", project)
            .param("name", name)
            .update();
        return jdbc.sql("select id from branch where project_id = :project and name = :name")
            .param("project", project)
            .param("name", name)
            .query(Long.class)
            .single();
    }

    /**
     * Stores the commit, filling in what an earlier upload did not know (time, author, message, parents). A commit
     * that has nothing to fill is only read: the upsert would lock its row until the run commits, and every other
     * run of that commit (a CI matrix uploads several at once) would wait for it.
     */
    StoredCommit commit(long project, RunUpload.Commit commit) {
        String sha = commit.sha().toLowerCase(java.util.Locale.ROOT);
        String[] parents = commit.parents() == null ? new String[0]
                : commit.parents().stream().map(s -> s.toLowerCase(java.util.Locale.ROOT)).toArray(String[]::new);
        Optional<StoredCommit> complete = jdbc.sql("""
                select id, sha, time, parents from commit
                where project_id = :project and sha = :sha
                  and (time is not null or cast(:time as timestamptz) is null)
                  and (author is not null or cast(:author as text) is null)
                  and (message is not null or cast(:message as text) is null)
                  and (cardinality(parents) > 0 or :parentCount = 0)
                """)
            .param("project", project)
            .param("sha", sha)
            .param("time", commit.time() == null ? null : Timestamp.from(commit.time().toInstant()))
            .param("author", commit.author())
            .param("message", commit.message())
            .param("parentCount", parents.length)
            .query(RunStore::storedCommit)
            .optional();
        if (complete.isPresent()) {
            return complete.get();
        }
        return jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                values (:project, :sha, :time, :author, :message, :parents)
                on conflict (project_id, sha) do update set
                    time    = coalesce(commit.time, excluded.time),
                    author  = coalesce(commit.author, excluded.author),
                    message = coalesce(commit.message, excluded.message),
                    parents = case when cardinality(commit.parents) = 0 then excluded.parents else commit.parents end
                returning id, sha, time, parents
                """)
            .param("project", project)
            .param("sha", sha)
            .param("time", commit.time() == null ? null : Timestamp.from(commit.time().toInstant()))
            .param("author", commit.author())
            .param("message", commit.message())
            .param("parents", parents)
            .query(RunStore::storedCommit)
            .single();
    }

    private static StoredCommit storedCommit(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new StoredCommit(rs.getLong("id"), rs.getString("sha"), rs.getTimestamp("time"),
                List.of((String[]) rs.getArray("parents").getArray()));
    }

    record StoredCommit(long id, String sha, Timestamp time, List<String> parents) {
    }

    /**
     * The host's id, its facts updated. A host whose facts are unchanged and were confirmed within the hour is only
     * read: the upsert locks the host's row until the run commits, so every upload from one host (two uploaders,
     * a runner's retries) waited for the one before it to commit; {@code updated_at} is then at most an hour old.
     */
    long host(RunUpload.Host host) {
        Optional<Long> unchanged = jdbc.sql("""
                select id from host
                where name = :name and host_class = :hostClass
                  and cpu_model is not distinct from coalesce(:cpuModel, cpu_model)
                  and cores is not distinct from coalesce(:cores, cores)
                  and memory_mb is not distinct from coalesce(:memoryMb, memory_mb)
                  and os is not distinct from coalesce(:os, os)
                  and kernel is not distinct from coalesce(:kernel, kernel)
                  and updated_at > now() - interval '1 hour'
                """)
            .param("name", host.name())
            .param("hostClass", host.hostClass())
            .param("cpuModel", host.cpuModel())
            .param("cores", host.cores())
            .param("memoryMb", host.memoryMb())
            .param("os", host.os())
            .param("kernel", host.kernel())
            .query(Long.class)
            .optional();
        if (unchanged.isPresent()) {
            return unchanged.get();
        }
        return jdbc.sql("""
                insert into host (name, host_class, cpu_model, cores, memory_mb, os, kernel)
                values (:name, :hostClass, :cpuModel, :cores, :memoryMb, :os, :kernel)
                on conflict (name) do update set
                    host_class = excluded.host_class,
                    cpu_model  = coalesce(excluded.cpu_model, host.cpu_model),
                    cores      = coalesce(excluded.cores, host.cores),
                    memory_mb  = coalesce(excluded.memory_mb, host.memory_mb),
                    os         = coalesce(excluded.os, host.os),
                    kernel     = coalesce(excluded.kernel, host.kernel),
                    updated_at = now()
                returning id
                """)
            .param("name", host.name())
            .param("hostClass", host.hostClass())
            .param("cpuModel", host.cpuModel())
            .param("cores", host.cores())
            .param("memoryMb", host.memoryMb())
            .param("os", host.os())
            .param("kernel", host.kernel())
            .query(Long.class)
            .single();
    }

    /** Inserts the run row, or returns the run already stored under this id (which this insert waited for). */
    Optional<ExistingRun> insertRun(UUID id, long project, long branch, long commit, long host, String hostClass,
            String bodySha256, int resultCount, String metadata) {
        int inserted = jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256,
                                 result_count, metadata)
                values (:id, :project, :branch, :commit, :host, :hostClass, :sha, :count, cast(:metadata as jsonb))
                on conflict (id) do nothing
                """)
            .param("id", id)
            .param("project", project)
            .param("branch", branch)
            .param("commit", commit)
            .param("host", host)
            .param("hostClass", hostClass)
            .param("sha", bodySha256)
            .param("count", resultCount)
            .param("metadata", metadata)
            .update();
        if (inserted == 1) {
            return Optional.empty();
        }
        return Optional.of(existingRun(id).orElseThrow());
    }

    Optional<ExistingRun> existingRun(UUID id) {
        return jdbc.sql("select body_sha256, result_count from run where id = :id")
            .param("id", id)
            .query((rs, row) -> new ExistingRun(rs.getString("body_sha256"), rs.getInt("result_count")))
            .optional();
    }

    record ExistingRun(String bodySha256, int resultCount) {
    }

    Optional<RunSummary> summary(UUID id) {
        return jdbc.sql("""
                select r.id, p.name as project, b.name as branch, c.sha, h.name as host, r.host_class,
                       r.result_count, r.metadata, r.created_at, cast(n.host_check as text) as host_check
                from run r
                left join run_noise n on n.run_id = r.id
                join project p on p.id = r.project_id
                join branch b on b.id = r.branch_id
                join commit c on c.id = r.commit_id
                join host h on h.id = r.host_id
                where r.id = :id
                """)
            .param("id", id)
            .query((rs, row) -> new RunSummary(rs.getObject("id", UUID.class), rs.getString("project"),
                    rs.getString("branch"), rs.getString("sha"), rs.getString("host"), rs.getString("host_class"),
                    rs.getInt("result_count"), rs.getString("metadata"), rs.getTimestamp("created_at").toInstant(),
                    rs.getString("host_check")))
            .optional();
    }

    /** Serialises placing new commits on one branch, until the transaction ends. */
    void lockBranch(long branch) {
        jdbc.sql("select pg_advisory_xact_lock(7012, cast(:branch as integer))")
            .param("branch", branch)
            .query((rs, row) -> 1)
            .list();
    }

    Optional<BigDecimal> position(long branch, long commit) {
        return jdbc.sql("select position from branch_commit where branch_id = :branch and commit_id = :commit")
            .param("branch", branch)
            .param("commit", commit)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> positionOfSha(long branch, String sha) {
        return jdbc.sql("""
                select bc.position
                from branch_commit bc join commit c on c.id = bc.commit_id
                where bc.branch_id = :branch and c.sha = :sha
                """)
            .param("branch", branch)
            .param("sha", sha)
            .query(BigDecimal.class)
            .optional();
    }

    /** The earliest commit on the branch whose first parent is this sha: this commit goes right before it. */
    Optional<BigDecimal> positionOfChild(long branch, String sha) {
        return jdbc.sql("""
                select min(bc.position)
                from branch_commit bc join commit c on c.id = bc.commit_id
                where bc.branch_id = :branch and c.parents[1] = :sha
                """)
            .param("branch", branch)
            .param("sha", sha)
            .query(BigDecimal.class)
            .optional();
    }

    /** The last position held by a commit made at or before the time. */
    Optional<BigDecimal> lastPositionAtOrBefore(long branch, Timestamp time) {
        return jdbc.sql("""
                select max(bc.position)
                from branch_commit bc join commit c on c.id = bc.commit_id
                where bc.branch_id = :branch and c.time <= :time
                """)
            .param("branch", branch)
            .param("time", time)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> nextPosition(long branch, BigDecimal after) {
        return jdbc.sql("select min(position) from branch_commit where branch_id = :branch and position > :after")
            .param("branch", branch)
            .param("after", after)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> previousPosition(long branch, BigDecimal before) {
        return jdbc.sql("select max(position) from branch_commit where branch_id = :branch and position < :before")
            .param("branch", branch)
            .param("before", before)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> firstPosition(long branch) {
        return jdbc.sql("select min(position) from branch_commit where branch_id = :branch")
            .param("branch", branch)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> lastPosition(long branch) {
        return jdbc.sql("select max(position) from branch_commit where branch_id = :branch")
            .param("branch", branch)
            .query(BigDecimal.class)
            .optional();
    }

    void place(long branch, long commit, BigDecimal position) {
        jdbc.sql("insert into branch_commit (branch_id, commit_id, position) values (:branch, :commit, :position)")
            .param("branch", branch)
            .param("commit", commit)
            .param("position", position)
            .update();
    }

    /** @param jvmArgs each environment's JVM arguments as a JSON array, since SQL arrays cannot nest unevenly */
    long[] environments(String hostClass, String[] jdkVersions, String[] vmNames, String[] vmVersions,
            String[] jvmArgs) {
        jdbc.sql("""
                insert into environment (host_class, jdk_version, vm_name, vm_version, jvm_args)
                select :hostClass, jdk, vm, version, array(select jsonb_array_elements_text(cast(args as jsonb)))
                from unnest(cast(:jdks as text[]), cast(:vms as text[]), cast(:versions as text[]),
                            cast(:args as text[])) as e(jdk, vm, version, args)
                order by jdk, vm, version, args
                on conflict do nothing
                """)
            .param("hostClass", hostClass)
            .param("jdks", jdkVersions)
            .param("vms", vmNames)
            .param("versions", vmVersions)
            .param("args", jvmArgs)
            .update();
        return ids("""
                select e.id
                from unnest(cast(:jdks as text[]), cast(:vms as text[]), cast(:versions as text[]),
                            cast(:args as text[])) with ordinality as k(jdk, vm, version, args, n)
                join environment e on e.host_class = :hostClass and e.jdk_version = k.jdk and e.vm_name = k.vm
                                  and e.vm_version = k.version
                                  and e.jvm_args = array(select jsonb_array_elements_text(cast(k.args as jsonb)))
                order by k.n
                """, new Object[][] { { "hostClass", hostClass }, { "jdks", jdkVersions }, { "vms", vmNames },
                        { "versions", vmVersions }, { "args", jvmArgs } }, jdkVersions.length);
    }

    long[] benchmarks(long project, String[] names) {
        jdbc.sql("""
                insert into benchmark (project_id, name)
                select :project, name from unnest(cast(:names as text[])) as b(name)
                order by name
                on conflict do nothing
                """)
            .param("project", project)
            .param("names", names)
            .update();
        return ids("""
                select b.id
                from unnest(cast(:names as text[])) with ordinality as k(name, n)
                join benchmark b on b.project_id = :project and b.name = k.name
                order by k.n
                """, new Object[][] { { "project", project }, { "names", names } }, names.length);
    }

    long[] cases(long[] benchmarks, String[] modes, int[] threads, String[] params, String[] keys) {
        jdbc.sql("""
                insert into benchmark_case (benchmark_id, mode, threads, params, key)
                select benchmark, mode, threads, cast(params as jsonb), key
                from unnest(cast(:benchmarks as bigint[]), cast(:modes as text[]), cast(:threads as integer[]),
                            cast(:params as text[]), cast(:keys as text[])) as c(benchmark, mode, threads, params, key)
                order by benchmark, key
                on conflict do nothing
                """)
            .param("benchmarks", benchmarks)
            .param("modes", modes)
            .param("threads", threads)
            .param("params", params)
            .param("keys", keys)
            .update();
        return ids("""
                select c.id
                from unnest(cast(:benchmarks as bigint[]), cast(:keys as text[])) with ordinality as k(benchmark, key, n)
                join benchmark_case c on c.benchmark_id = k.benchmark and c.key = k.key
                order by k.n
                """, new Object[][] { { "benchmarks", benchmarks }, { "keys", keys } }, keys.length);
    }

    long[] metrics(String[] names, String[] units, String[] directions) {
        jdbc.sql("""
                insert into metric (name, unit, direction)
                select name, unit, direction
                from unnest(cast(:names as text[]), cast(:units as text[]), cast(:directions as text[]))
                     as m(name, unit, direction)
                order by name, unit, direction
                on conflict do nothing
                """)
            .param("names", names)
            .param("units", units)
            .param("directions", directions)
            .update();
        return ids("""
                select m.id
                from unnest(cast(:names as text[]), cast(:units as text[]), cast(:directions as text[]))
                     with ordinality as k(name, unit, direction, n)
                join metric m on m.name = k.name and m.unit = k.unit and m.direction = k.direction
                order by k.n
                """, new Object[][] { { "names", names }, { "units", units }, { "directions", directions } },
                names.length);
    }

    long[] series(long project, long branch, long[] cases, long[] metrics, long[] environments) {
        jdbc.sql("""
                insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                select :project, :branch, c, m, e
                from unnest(cast(:cases as bigint[]), cast(:metrics as bigint[]), cast(:environments as bigint[]))
                     as s(c, m, e)
                order by c, m, e
                on conflict do nothing
                """)
            .param("project", project)
            .param("branch", branch)
            .param("cases", cases)
            .param("metrics", metrics)
            .param("environments", environments)
            .update();
        return ids("""
                select s.id
                from unnest(cast(:cases as bigint[]), cast(:metrics as bigint[]), cast(:environments as bigint[]))
                     with ordinality as k(c, m, e, n)
                join series s on s.branch_id = :branch and s.case_id = k.c and s.metric_id = k.m
                             and s.environment_id = k.e
                order by k.n
                """, new Object[][] { { "branch", branch }, { "cases", cases }, { "metrics", metrics },
                        { "environments", environments } }, cases.length);
    }

    private long[] ids(String sql, Object[][] params, int expected) {
        JdbcClient.StatementSpec statement = jdbc.sql(sql);
        for (Object[] param : params) {
            statement = statement.param((String) param[0], param[1]);
        }
        List<Long> ids = statement.query(Long.class).list();
        if (ids.size() != expected) {
            throw new IllegalStateException("expected " + expected + " ids but found " + ids.size());
        }
        return ids.stream().mapToLong(Long::longValue).toArray();
    }
}
