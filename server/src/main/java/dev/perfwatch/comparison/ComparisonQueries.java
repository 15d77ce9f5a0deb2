package dev.perfwatch.comparison;

import java.sql.Timestamp;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The SQL of comparisons: commits by sha or unique prefix, and the primary and allocation results at a commit. */
@Repository
class ComparisonQueries {

    static final String ALLOCATION = "gc.alloc.rate.norm";

    private final JdbcClient jdbc;

    ComparisonQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Long> projectId(String name) {
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).optional();
    }

    /** The commits whose sha starts with the given text: one for a full or unique sha, several when ambiguous. */
    List<StoredCommit> commits(long project, String sha) {
        return jdbc.sql("""
                select id, sha, message, time from commit
                where project_id = :project and sha like :prefix || '%'
                order by sha
                limit 2
                """)
            .param("project", project)
            .param("prefix", sha)
            .query((rs, row) -> new StoredCommit(rs.getLong("id"), rs.getString("sha"), rs.getString("message"),
                    Optional.ofNullable(rs.getTimestamp("time")).map(Timestamp::toInstant).orElse(null)))
            .list();
    }

    /**
     * Primary and allocation results of a commit, optionally of one host class and only of the given runs; samples
     * is the per-fork, per-iteration JSON array the ingest stored.
     */
    List<ResultRow> results(long commit, String hostClass, Collection<UUID> runs) {
        return jdbc.sql("""
                select e.id as environment_id, e.host_class, e.jdk_version, e.vm_name, e.jvm_args,
                       b.name as benchmark, c.key, cast(c.params as text) as params,
                       m.name as metric, m.unit, m.direction, r.run_id, samples_json(r.samples) as samples, r.score,
                       r.error, r.series_id, r.position
                from result r
                join series s on s.id = r.series_id
                join metric m on m.id = s.metric_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                join environment e on e.id = s.environment_id
                where r.commit_id = :commit
                  and m.name in ('primary', 'gc.alloc.rate.norm')
                  and (cast(:hostClass as text) is null or e.host_class = :hostClass)
                  and (cast(:runs as uuid[]) is null or r.run_id = any(cast(:runs as uuid[])))
                order by e.id, b.name, c.key, m.name, r.run_id
                """)
            .param("commit", commit)
            .param("hostClass", hostClass)
            .param("runs", runs == null ? null : runs.stream().map(UUID::toString).toArray(String[]::new))
            .query((rs, row) -> new ResultRow(rs.getLong("environment_id"), rs.getString("host_class"),
                    rs.getString("jdk_version"), rs.getString("vm_name"),
                    Arrays.asList((String[]) rs.getArray("jvm_args").getArray()), rs.getString("benchmark"),
                    rs.getString("key"), rs.getString("params"), rs.getString("metric"), rs.getString("unit"),
                    rs.getString("direction"), rs.getObject("run_id", UUID.class), rs.getString("samples"),
                    rs.getDouble("score"), rs.getObject("error", Double.class), rs.getLong("series_id"),
                    rs.getBigDecimal("position")))
            .list();
    }

    /** The runs among these whose runner reported a busy host, with the reason the server gave, oldest first. */
    Map<UUID, String> busyRuns(Collection<UUID> runs) {
        Map<UUID, String> busy = new LinkedHashMap<>();
        if (runs.isEmpty()) {
            return busy;
        }
        jdbc.sql("""
                select run_id, reason from run_noise
                where noisy and run_id = any(cast(:runs as uuid[]))
                order by created_at, run_id
                """)
            .param("runs", runs.stream().map(UUID::toString).toArray(String[]::new))
            .query((rs, row) -> new BusyRun(rs.getObject("run_id", UUID.class), rs.getString("reason")))
            .list()
            .forEach(run -> busy.put(run.run(), run.reason()));
        return busy;
    }

    private record BusyRun(UUID run, String reason) {
    }

    /**
     * The scores of the series' results nearest a position, in position order: the neighbouring history that tells
     * the noise of results stored without forks.
     */
    List<Double> neighbours(long series, java.math.BigDecimal position, int count) {
        return jdbc.sql("""
                select score from (
                    select score, position from result
                    where series_id = :series
                    order by abs(position - :position), position
                    limit :count) nearest
                order by position
                """)
            .param("series", series)
            .param("position", position)
            .param("count", count)
            .query(Double.class)
            .list();
    }

    record StoredCommit(long id, String sha, String message, java.time.Instant time) {
    }

    record ResultRow(long environment, String hostClass, String jdkVersion, String vmName, List<String> jvmArgs,
            String benchmark, String caseKey, String params, String metric, String unit, String direction, UUID run,
            String samples, double score, Double error, long series, java.math.BigDecimal position) {
    }
}
