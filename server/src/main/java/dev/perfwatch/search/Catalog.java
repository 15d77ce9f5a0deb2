package dev.perfwatch.search;

import java.math.BigDecimal;
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
        List<Stored> ordered = new ArrayList<>(rows);
        ordered.sort(Comparator.comparing(Stored::benchmark).thenComparing(Catalog::comparePairs)
            .thenComparing(Stored::mode).thenComparingInt(Stored::threads));
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

    /** Parameter values in the order people count them: 2 before 10, then as text. */
    private static int comparePairs(Stored a, Stored b) {
        for (int i = 0; i < Math.min(a.pairs().size(), b.pairs().size()); i++) {
            int order = compareValues(a.pairs().get(i), b.pairs().get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.pairs().size(), b.pairs().size());
    }

    static int compareValues(String a, String b) {
        int ea = a.indexOf('=');
        int eb = b.indexOf('=');
        int names = a.substring(0, ea + 1).compareTo(b.substring(0, eb + 1));
        if (names != 0) {
            return names;
        }
        String va = a.substring(ea + 1);
        String vb = b.substring(eb + 1);
        try {
            return new BigDecimal(va).compareTo(new BigDecimal(vb));
        } catch (NumberFormatException notNumbers) {
            return va.compareTo(vb);
        }
    }
}
