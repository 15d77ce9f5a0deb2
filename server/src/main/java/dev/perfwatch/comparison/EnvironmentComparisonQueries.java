package dev.perfwatch.comparison;

import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The SQL of the environment comparison: the commit (a sha prefix, or the newest measured) and its results. */
@Repository
class EnvironmentComparisonQueries {

    private final JdbcClient jdbc;

    EnvironmentComparisonQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Long> projectId(String name) {
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).optional();
    }

    /** Up to two commits whose sha starts with the prefix (two: the prefix is ambiguous). */
    List<ComparisonQueries.StoredCommit> commits(long project, String prefix) {
        return jdbc.sql("""
                select id, sha, message, time from commit
                where project_id = :project and sha like :prefix || '%'
                order by sha
                limit 2
                """)
            .param("project", project)
            .param("prefix", prefix)
            .query((rs, row) -> commit(rs))
            .list();
    }

    /** The newest commit (by commit time, then by when it was stored) that has results. */
    Optional<ComparisonQueries.StoredCommit> newest(long project) {
        return jdbc.sql("""
                select c.id, c.sha, c.message, c.time from commit c
                where c.project_id = :project and exists (select 1 from run r where r.commit_id = c.id)
                order by c.time desc nulls last, c.id desc
                limit 1
                """)
            .param("project", project)
            .query((rs, row) -> commit(rs))
            .optional();
    }

    /** Primary and allocation results at the commit, of the given environments (all when null) and benchmark. */
    List<Result> results(long commit, Long[] environments, String benchmark) {
        return jdbc.sql("""
                select e.id as environment_id, e.host_class, e.jdk_version, e.vm_name, e.jvm_args,
                       b.name as benchmark, c.key, cast(c.params as text) as params,
                       m.name as metric, m.unit, m.direction, samples_json(r.samples) as samples,
                       r.score, r.error
                from result r
                join series s on s.id = r.series_id
                join metric m on m.id = s.metric_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                join environment e on e.id = s.environment_id
                where r.commit_id = :commit
                  and m.name in ('primary', 'gc.alloc.rate.norm')
                  and (cast(:environments as bigint[]) is null or e.id = any(cast(:environments as bigint[])))
                  and (cast(:benchmark as text) is null or b.name = :benchmark)
                order by b.name, c.key, e.id
                """)
            .param("commit", commit)
            .param("environments", environments)
            .param("benchmark", benchmark)
            .query((rs, row) -> new Result(new EnvironmentComparison.Environment(rs.getLong("environment_id"),
                    rs.getString("host_class"), rs.getString("jdk_version"), rs.getString("vm_name"),
                    Arrays.asList((String[]) rs.getArray("jvm_args").getArray()), null), rs.getString("benchmark"),
                    rs.getString("key"), rs.getString("params"), rs.getString("metric"), rs.getString("unit"),
                    rs.getString("direction"), rs.getString("samples"), rs.getDouble("score"),
                    finite(rs.getObject("error", Double.class))))
            .list();
    }

    private static ComparisonQueries.StoredCommit commit(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new ComparisonQueries.StoredCommit(rs.getLong("id"), rs.getString("sha"), rs.getString("message"),
                Optional.ofNullable(rs.getTimestamp("time")).map(Timestamp::toInstant).orElse(null));
    }

    /** JMH writes NaN for an error it could not compute: JSON cannot carry it, and it says no more than null. */
    private static Double finite(Double value) {
        return value == null || !Double.isFinite(value) ? null : value;
    }

    /** @param score JMH's score of the run, error JMH's score error (half its 99.9% interval), null when unknown */
    record Result(EnvironmentComparison.Environment environment, String benchmark, String caseKey, String params,
            String metric, String unit, String direction, String samples, double score, Double error) {
    }
}
