package dev.perfwatch.codespeed;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;

/**
 * Read-side SQL of the Codespeed timeline: the series a Codespeed (executable, environment, benchmark) names is the
 * primary metric of the benchmark's only case (one thread, no params) in the environment made of the environment's
 * host class and the executable's JVM. A revision measured more than once shows its newest run, as Codespeed shows
 * the last value saved.
 */
@Repository
class TimelineQueries {

    private final JdbcClient jdbc;

    TimelineQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A point of a Codespeed timeline; extra holds min, max, q1 and q3 when they were given. */
    record Point(java.math.BigDecimal position, Instant date, double value, Double stdDev, String commitid,
            String tag, Extra extra) {
    }

    /** The statistics of a median benchmark's result. */
    record Extra(Double min, Double max, Double q1, Double q3) {
    }

    /**
     * The newest {@code limit} revisions of the series, newest first. A revision measured more than once shows its
     * newest run. The positions are walked down the (series, position) index one at a time, so the cost follows
     * {@code limit}, not the length of the series (docs/codespeed.md has the figures).
     */
    List<Point> points(Executable executable, Environment environment, String benchmark, String branch, int limit) {
        List<Point> points = new ArrayList<>();
        for (long series : series(executable, environment, benchmark, branch)) {
            points.addAll(points(series, benchmark, limit));
        }
        if (points.size() > 1) {
            // Rare: more than one series (a benchmark stored under two modes); newest first across them.
            points.sort(java.util.Comparator.comparing(Point::position).reversed());
        }
        return points.size() > limit ? points.subList(0, limit) : points;
    }

    private List<Long> series(Executable executable, Environment environment, String benchmark, String branch) {
        // 'primary' is the name of the primary metric; a Codespeed benchmark has one case: one thread, no params.
        return jdbc.sql("""
                select s.id
                from series s
                join branch br on br.id = s.branch_id
                join benchmark_case bc on bc.id = s.case_id
                join benchmark b on b.id = bc.benchmark_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                where s.project_id = :project and br.name = :branch and b.name = :benchmark and m.name = 'primary'
                  and bc.threads = 1 and bc.params = cast('{}' as jsonb)
                  and e.host_class = :hostClass and e.jdk_version = :jdk and e.vm_name = :vm
                  and e.vm_version = :vmVersion and cardinality(e.jvm_args) = 0
                order by s.id
                """)
            .param("project", executable.projectId())
            .param("branch", branch)
            .param("benchmark", benchmark)
            .param("hostClass", environment.hostClass())
            .param("jdk", executable.jdkVersion())
            .param("vm", executable.vmName())
            .param("vmVersion", executable.vmVersion())
            .query(Long.class)
            .list();
    }

    private List<Point> points(long series, String benchmark, int limit) {
        return jdbc.sql("""
                with recursive positions (position, n) as (
                    select max(position), 1 from result where series_id = :series
                    union all
                    select (select max(r.position) from result r
                            where r.series_id = :series and r.position < p.position), p.n + 1
                    from positions p
                    where p.position is not null and p.n < :limit
                )
                select p.position, r.score, r.error, coalesce(c.time, r.created_at) as date,
                       coalesce(cr.commitid, c.sha) as commitid, coalesce(cr.tag, '') as tag,
                       r.metadata -> 'codespeed' -> 'results' -> :benchmark ->> 'std_dev' as std_dev,
                       cast(r.metadata -> 'codespeed' -> 'results' -> :benchmark ->> 'min' as float8) as val_min,
                       cast(r.metadata -> 'codespeed' -> 'results' -> :benchmark ->> 'max' as float8) as val_max,
                       cast(r.metadata -> 'codespeed' -> 'results' -> :benchmark ->> 'q1' as float8) as q1,
                       cast(r.metadata -> 'codespeed' -> 'results' -> :benchmark ->> 'q3' as float8) as q3
                from positions p
                join lateral (select result.score, result.error, result.commit_id, run.created_at, run.metadata,
                                     run.branch_id
                              from result join run on run.id = result.run_id
                              where result.series_id = :series and result.position = p.position
                              order by run.created_at desc, run.id desc
                              limit 1) r on true
                join commit c on c.id = r.commit_id
                left join lateral (select commitid, tag from codespeed_revision
                                   where commit_id = c.id and branch_id = r.branch_id
                                   order by id limit 1) cr on true
                where p.position is not null
                order by p.position desc
                """)
            .param("series", series)
            .param("benchmark", benchmark)
            .param("limit", limit)
            .query(TimelineQueries::point)
            .list();
    }

    /** The value of the series at a revision, for the timeline's baseline line. */
    Optional<Double> value(Executable executable, Environment environment, String benchmark, long revision) {
        return jdbc.sql("""
                select r.score
                from codespeed_revision cr
                join series s on s.branch_id = cr.branch_id
                join benchmark_case bc on bc.id = s.case_id
                join benchmark b on b.id = bc.benchmark_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                join result r on r.series_id = s.id and r.commit_id = cr.commit_id
                join run on run.id = r.run_id
                where cr.id = :revision and s.project_id = :project and b.name = :benchmark and m.name = 'primary'
                  and bc.threads = 1 and bc.params = cast('{}' as jsonb)
                  and e.host_class = :hostClass and e.jdk_version = :jdk and e.vm_name = :vm
                  and e.vm_version = :vmVersion and cardinality(e.jvm_args) = 0
                order by run.created_at desc, run.id desc
                limit 1
                """)
            .param("project", executable.projectId())
            .param("benchmark", benchmark)
            .param("hostClass", environment.hostClass())
            .param("jdk", executable.jdkVersion())
            .param("vm", executable.vmName())
            .param("vmVersion", executable.vmVersion())
            .param("revision", revision)
            .query(Double.class)
            .optional();
    }

    String defaultBranch(long project) {
        return jdbc.sql("select default_branch from project where id = :id")
            .param("id", project)
            .query(String.class)
            .single();
    }

    private static Point point(ResultSet rs, int row) throws SQLException {
        Double stdDev = nullable(rs, "error");
        if (stdDev == null && rs.getString("std_dev") != null) {
            stdDev = Double.valueOf(rs.getString("std_dev"));
        }
        return new Point(rs.getBigDecimal("position"), rs.getTimestamp("date").toInstant(), rs.getDouble("score"),
                stdDev,
                rs.getString("commitid"), rs.getString("tag"), new Extra(nullable(rs, "val_min"),
                        nullable(rs, "val_max"), nullable(rs, "q1"), nullable(rs, "q3")));
    }

    private static Double nullable(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }
}
