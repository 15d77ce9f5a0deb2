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
 * few milliseconds, reading them from PostgreSQL each time would take a hundred. A project's copy is read again
 * when its number of cases or its newest case changes (cases are never deleted), so every server instance answers
 * from the database's current cases.
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
    record Entry(String project, String benchmark, long id, String mode, int threads, String params, Text text) {
    }

    /** A project's cases in their reading order (benchmark, then parameter values as numbers where they are). */
    record Project(long version, List<Entry> cases, List<Benchmark> benchmarks) {
    }

    record Benchmark(String project, String name, Text text) {
    }

    Project project(long id) {
        long version = version(id);
        Project cached = projects.get(id);
        if (cached != null && cached.version() == version) {
            return cached;
        }
        if (projects.size() >= PROJECTS_KEPT) {
            projects.clear();
        }
        Project loaded = load(id, version);
        projects.put(id, loaded);
        return loaded;
    }

    List<Long> projectIds() {
        return jdbc.sql("select id from project order by name").query(Long.class).list();
    }

    private long version(long project) {
        return jdbc.sql("""
                select count(*) * 1000000000000 + coalesce(max(c.id), 0)
                from benchmark_case c
                join benchmark b on b.id = c.benchmark_id
                where b.project_id = :project
                """)
            .param("project", project)
            .query(Long.class)
            .single();
    }

    private Project load(long project, long version) {
        List<Stored> rows = jdbc.sql("""
                select p.name as project, b.name as benchmark, c.id, c.mode, c.threads, c.params,
                       array(select key || '=' || value from jsonb_each_text(c.params) order by key) as pairs
                from benchmark_case c
                join benchmark b on b.id = c.benchmark_id
                join project p on p.id = b.project_id
                where b.project_id = :project
                """)
            .param("project", project)
            .query(Catalog::row)
            .list();
        return index(version, rows);
    }

    /** The project's copy from its stored cases (the search measurement builds one without a database). */
    static Project index(long version, List<Stored> rows) {
        Map<Stored, String> keys = new java.util.IdentityHashMap<>();
        rows.forEach(row -> keys.put(row, sortKey(row)));
        List<Stored> ordered = new ArrayList<>(rows);
        ordered.sort(Comparator.comparing(keys::get));
        List<Entry> cases = new ArrayList<>(ordered.size());
        Map<String, Benchmark> benchmarks = new LinkedHashMap<>();
        for (Stored row : ordered) {
            cases.add(new Entry(row.project(), row.benchmark(), row.id(), row.mode(), row.threads(), row.params(),
                    Text.of(row.benchmark(), row.pairs(), row.mode())));
            benchmarks.computeIfAbsent(row.benchmark(),
                    name -> new Benchmark(row.project(), name, Text.of(name, List.of(), null)));
        }
        return new Project(version, List.copyOf(cases), List.copyOf(benchmarks.values()));
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
