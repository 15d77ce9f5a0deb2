package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * What names a series, kept in process: its case and metric, the benchmark's name, the case's key, the metric's name,
 * unit and direction. None of it ever changes (a series is its branch, case, metric and environment; a case is its
 * benchmark and key; a metric its name, unit and direction; no statement updates them and series are never deleted),
 * so an entry is never stale. Every run's detection joined the five tables for these names twice (its own results,
 * its suspects): planning those joins anew each time ({@code plan_cache_mode = force_custom_plan}) was PostgreSQL's
 * largest cost of an import run. Least recently used series go beyond {@link #CAPACITY}.
 */
@Component
class SeriesFacts {

    /** About 10 MB at the longest names seen (a few hundred bytes an entry). */
    static final int CAPACITY = 50_000;

    /** @param direction the metric's: {@code higher} or {@code lower} is better */
    record Facts(long id, long caseId, long metricId, String direction, String benchmark, String caseKey,
            String metric, String unit) {

        PipelineStore.SeriesRow row() {
            return new PipelineStore.SeriesRow(id, direction, benchmark, caseKey, metric);
        }
    }

    private final JdbcClient jdbc;

    private final LinkedHashMap<Long, Facts> entries = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Facts> eldest) {
            return size() > CAPACITY;
        }
    };

    SeriesFacts(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The facts of each series, read in one statement for those not kept; a series that does not exist is absent. */
    Map<Long, Facts> of(long[] series) {
        Map<Long, Facts> found = new HashMap<>();
        List<Long> missing = new ArrayList<>();
        synchronized (entries) {
            for (long id : series) {
                Facts kept = entries.get(id);
                if (kept == null) {
                    missing.add(id);
                }
                else {
                    found.put(id, kept);
                }
            }
        }
        if (missing.isEmpty()) {
            return found;
        }
        List<Facts> read = jdbc.sql("""
                select s.id, s.case_id, s.metric_id, m.direction, b.name as benchmark, c.key, m.name as metric, m.unit
                from series s
                join metric m on m.id = s.metric_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                where s.id = any(cast(:series as bigint[]))
                """)
            .param("series", missing.stream().mapToLong(Long::longValue).toArray())
            .query((rs, n) -> new Facts(rs.getLong("id"), rs.getLong("case_id"), rs.getLong("metric_id"),
                    rs.getString("direction"), rs.getString("benchmark"), rs.getString("key"),
                    rs.getString("metric"), rs.getString("unit")))
            .list();
        synchronized (entries) {
            for (Facts facts : read) {
                entries.put(facts.id(), facts);
                found.put(facts.id(), facts);
            }
        }
        return found;
    }

    /** Series kept (tests). */
    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
