package dev.perfwatch.search;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Every case of a project with its words, kept in memory between keystrokes: ranking 10,000 cases in Java takes a
 * few milliseconds, reading them from PostgreSQL each time would take a hundred. A project's copy is brought up to
 * date when its number of cases or its newest case changes, so every server instance answers from the database's
 * current cases. Cases are never deleted, so new ones are read alone and merged into the copy (a first search after
 * a run of new cases took 2.7–3.4 s when the whole project was read again); {@link CatalogRefresh} does that after
 * each run for the projects kept here, so a search rarely waits for it.
 */
@Component
class Catalog {

    /** Projects kept: beyond this the cache starts over rather than grow with every project searched. */
    static final int PROJECTS_KEPT = 32;

    private final JdbcClient jdbc;

    private final Map<Long, Project> projects = new ConcurrentHashMap<>();

    Catalog(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** One case as the search answers it, with its words. */
    record Entry(String project, String benchmark, long id, String mode, int threads, String params, Text text,
            String key) {
    }

    /**
     * A project's cases in their reading order (benchmark, then parameter values as numbers where they are), as of
     * the database's {@code count} cases with the highest id {@code newest}.
     */
    record Project(Version version, List<Entry> cases, List<Benchmark> benchmarks) {

        /** This copy with cases stored since merged in, in reading order. */
        Project with(Version now, List<Stored> added) {
            List<Entry> merged = new ArrayList<>(cases.size() + added.size());
            merged.addAll(cases);
            added.forEach(row -> merged.add(entry(row)));
            return of(now, merged);
        }
    }

    /** What a copy is a copy of: cases are only ever added, so their number and newest id tell a stale copy. */
    record Version(long count, long newest) {

        static final Version EMPTY = new Version(0, 0);
    }

    record Benchmark(String project, String name, Text text) {
    }

    Project project(long id) {
        Version version = version(id);
        Project cached = projects.get(id);
        if (cached != null && cached.version().equals(version)) {
            return cached;
        }
        if (cached == null && projects.size() >= PROJECTS_KEPT) {
            projects.clear();
        }
        Project loaded = cached == null ? null : added(id, cached, version);
        if (loaded == null) {
            loaded = index(version, read(id, 0));
        }
        projects.put(id, loaded);
        return loaded;
    }

    /** The copy kept of a project, as it is (no version check). */
    java.util.Optional<Project> kept(long id) {
        return java.util.Optional.ofNullable(projects.get(id));
    }

    /** Brings a kept copy up to date; projects nobody searched since the cache started over stay unread. */
    void refresh(long id) {
        if (projects.containsKey(id)) {
            project(id);
        }
    }

    /** The cached copy with the cases stored since, or null when they do not account for the difference. */
    private Project added(long id, Project cached, Version now) {
        if (now.count() <= cached.version().count() || now.newest() <= cached.version().newest()) {
            return null;
        }
        List<Stored> rows = read(id, cached.version().newest());
        // A case committed late with a lower id than the newest one read before would be missed by an id range.
        return rows.size() == now.count() - cached.version().count() ? cached.with(now, rows) : null;
    }

    List<Long> projectIds() {
        return jdbc.sql("select id from project order by name").query(Long.class).list();
    }

    private Version version(long project) {
        return jdbc.sql("""
                select count(*) as count, coalesce(max(c.id), 0) as newest
                from benchmark_case c
                join benchmark b on b.id = c.benchmark_id
                where b.project_id = :project
                """)
            .param("project", project)
            .query((rs, row) -> new Version(rs.getLong("count"), rs.getLong("newest")))
            .single();
    }

    /** The project's cases with an id above {@code after} (0: all of them). */
    private List<Stored> read(long project, long after) {
        return jdbc.sql("""
                select p.name as project, b.name as benchmark, c.id, c.mode, c.threads, c.params,
                       array(select key || '=' || value from jsonb_each_text(c.params) order by key) as pairs
                from benchmark_case c
                join benchmark b on b.id = c.benchmark_id
                join project p on p.id = b.project_id
                where b.project_id = :project and c.id > :after
                """)
            .param("project", project)
            .param("after", after)
            .query(Catalog::row)
            .list();
    }

    /** The project's copy from its stored cases (the search measurement builds one without a database). */
    static Project index(Version version, List<Stored> rows) {
        return of(version, rows.stream().map(Catalog::entry).toList());
    }

    private static Project of(Version version, List<Entry> entries) {
        List<Entry> cases = new ArrayList<>(entries);
        cases.sort(Comparator.comparing(Entry::key));
        Map<String, Benchmark> benchmarks = new LinkedHashMap<>();
        for (Entry entry : cases) {
            benchmarks.computeIfAbsent(entry.benchmark(),
                    name -> new Benchmark(entry.project(), name, Text.of(name, List.of(), null)));
        }
        return new Project(version, List.copyOf(cases), List.copyOf(benchmarks.values()));
    }

    private static Entry entry(Stored row) {
        return new Entry(row.project(), row.benchmark(), row.id(), row.mode(), row.threads(), row.params(),
                Text.of(row.benchmark(), row.pairs(), row.mode()), sortKey(row));
    }

    /** A case as stored; pairs are its parameters as name=value, by name. */
    record Stored(String project, String benchmark, long id, String mode, int threads, String params,
            List<String> pairs) {
    }

    private static Stored row(ResultSet rs, int number) throws SQLException {
        Array pairs = rs.getArray("pairs");
        return new Stored(rs.getString("project"), rs.getString("benchmark"), rs.getLong("id"), rs.getString("mode"),
                rs.getInt("threads"), rs.getString("params"), Arrays.asList((String[]) pairs.getArray()));
    }

    /**
     * The case's place in reading order as one string, computed once per case: parameter values that are whole or
     * decimal numbers are padded so that 2 sorts before 10 (comparing them as numbers inside the sort took seconds
     * over 10,000 cases).
     */
    static String sortKey(Stored row) {
        StringBuilder key = new StringBuilder(row.benchmark()).append('\u0000');
        for (String pair : row.pairs()) {
            int equals = pair.indexOf('=');
            String value = pair.substring(equals + 1);
            key.append(pair, 0, equals + 1);
            if (NUMBER.matcher(value).matches()) {
                int point = value.indexOf('.');
                String whole = point < 0 ? value : value.substring(0, point);
                key.append("0".repeat(Math.max(0, 30 - whole.length()))).append(value);
            } else {
                key.append(value);
            }
            key.append('\u0001');
        }
        return key.append(row.mode()).append('\u0001').append(String.format("%06d", row.threads())).toString();
    }

    private static final Pattern NUMBER = Pattern.compile("\\d{1,30}(\\.\\d{1,30})?");
}
