package dev.perfwatch.changes;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.perfwatch.series.ResultBlocks;

/** Read-side SQL of the changes page: one commit's results in one environment beside the results before them. */
@Repository
class ChangeQueries {

    private final JdbcClient jdbc;

    ChangeQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    record Branch(long id, String project, long projectId, String name) {
    }

    /** A commit and its place on the branch. */
    record Placed(long id, BigDecimal position, ChangeViews.Commit commit) {
    }

    /** One series at the commit with the statistics of the results before it; the significance is Java's. */
    record Measured(long series, String benchmark, ChangeViews.Case benchmarkCase, ChangeViews.Metric metric,
            double score, Double error, String previousSha, Double previousScore, Double previousError,
            int trendPoints, Double trendMean, Double trendSpread, Double noise, boolean noiseInUnit,
            String noisyReason) {

        /** Measured on a host the runner's checks flagged, in a metric that such a host skews (times, not bytes). */
        boolean notJudged() {
            return noisyReason != null;
        }
    }

    /** The project's branch of that name, or its default branch. */
    Optional<Branch> branch(String project, String branch) {
        return jdbc.sql("""
                select b.id, p.name as project, p.id as project_id, b.name
                from project p
                join branch b on b.project_id = p.id and b.name = coalesce(:branch, p.default_branch)
                where p.name = :project
                """)
            .param("project", project)
            .param("branch", branch)
            .query((rs, row) -> new Branch(rs.getLong("id"), rs.getString("project"), rs.getLong("project_id"),
                    rs.getString("name")))
            .optional();
    }

    boolean projectExists(String project) {
        return jdbc.sql("select count(*) from project where name = :project").param("project", project)
            .query(Long.class).single() > 0;
    }

    /** The environments with series on the branch, by host class and JVM. */
    List<ChangeViews.Environment> environments(long branch) {
        return jdbc.sql("""
                select e.id, e.host_class, e.jdk_version, e.vm_name, e.vm_version, e.jvm_args
                from environment e
                where e.id in (select s.environment_id from series s where s.branch_id = :branch)
                order by e.host_class, e.jdk_version, e.vm_name, e.id
                """)
            .param("branch", branch)
            .query((rs, row) -> new ChangeViews.Environment(rs.getLong("id"), rs.getString("host_class"),
                    rs.getString("jdk_version"), rs.getString("vm_name"), rs.getString("vm_version"),
                    Arrays.asList((String[]) rs.getArray("jvm_args").getArray())))
            .list();
    }

    /** Commits on the branch whose sha starts with the given one (an abbreviation may name several). */
    List<Placed> commits(long branch, String shaPrefix) {
        return jdbc.sql("""
                select c.id, bc.position, c.sha, c.time, c.author, c.message
                from commit c
                join branch_commit bc on bc.commit_id = c.id and bc.branch_id = :branch
                where c.sha like :prefix || '%'
                order by bc.position
                limit 2
                """)
            .param("branch", branch)
            .param("prefix", shaPrefix)
            .query(ChangeQueries::placed)
            .list();
    }

    /**
     * The statement of {@link #measured}: the trend's columns and laterals go in (BY_RESULTS or BY_BLOCKS). Per case
     * it probes result (series_id, position) for the result at the commit and the one before it; both read only the
     * covering index.
     */
    static final String MEASURED = """
            select s.id as series, b.name as benchmark, bc.id as case_id, bc.mode, bc.threads, bc.params,
                   m.name as metric, m.unit, m.direction,
                   here.score, here.error,
                   previous.sha as previous_sha, before.score as previous_score, before.error as previous_error,
                   %s, s.noise, s.noise_in_unit,
                   -- a host that moved skews times, not bytes or collections per operation: as detection, these
                   -- metrics are judged whatever the host (PipelineStore.points)
                   case when m.name not in ('gc.alloc.rate.norm', 'gc.count')
                        then coalesce(here_noise.reason, before_noise.reason) end as noisy_reason
            from series s
            join benchmark_case bc on bc.id = s.case_id
            join benchmark b on b.id = bc.benchmark_id
            join metric m on m.id = s.metric_id
            join lateral (select r.score, r.error, r.position, r.run_id
                          from result r
                          -- the commit's position makes this a probe of result (series_id, position);
                          -- commit_id alone is no key of that index: it scanned every result of the series
                          where r.series_id = s.id and r.position = :position and r.commit_id = :commit
                          -- the newest run's: recorded_at is its run's created_at, copied into the index
                          -- (V16), so no probe of run; results stored before V16 look it up
                          order by coalesce(r.recorded_at,
                                            (select run.created_at from run where run.id = r.run_id)) desc,
                                   r.run_id
                          limit 1) here on true
            left join lateral (select r.commit_id, r.score, r.error, r.run_id
                               from result r
                               where r.series_id = s.id and r.position < here.position
                               order by r.position desc, r.run_id
                               limit 1) before on true
            -- outside the lateral, so that the planner may look the cases' previous commit (mostly one and the
            -- same) up once rather than once per case (measured: within noise, docs/performance.md)
            left join commit previous on previous.id = before.commit_id
            left join run_noise here_noise on here_noise.run_id = here.run_id and here_noise.noisy
            left join run_noise before_noise on before_noise.run_id = before.run_id and before_noise.noisy
            %s
            where s.branch_id = :branch and s.environment_id = :environment
              and (cast(:metric as text) is null or m.name = :metric)
            order by b.name, bc.key, m.name
            """;

    /**
     * Every series of the environment (of one metric, or all) with a result at the commit: the newest run's result
     * there, the result before it on the branch, and the mean and spread of up to {@code trend} results before it.
     */
    List<Measured> measured(long branch, long environment, Placed commit, String metric, int trend) {
        return jdbc.sql(MEASURED.formatted(trend > FROM_RESULTS ? BY_BLOCKS_COLUMNS : BY_RESULTS_COLUMNS,
                        trend > FROM_RESULTS ? BY_BLOCKS : BY_RESULTS))
            .param("branch", branch)
            .param("environment", environment)
            .param("commit", commit.id())
            .param("position", commit.position())
            .param("metric", metric)
            .param("trend", trend)
            .param("edge", ResultBlocks.block(commit.position()))
            .query((rs, row) -> {
                Trend back = trend(rs, trend);
                return new Measured(rs.getLong("series"), rs.getString("benchmark"),
                        new ChangeViews.Case(rs.getLong("case_id"), rs.getString("mode"), rs.getInt("threads"),
                                rs.getString("params")),
                        new ChangeViews.Metric(rs.getString("metric"), rs.getString("unit"), rs.getString("direction")),
                        rs.getDouble("score"), nullable(rs, "error"), rs.getString("previous_sha"),
                        nullable(rs, "previous_score"), nullable(rs, "previous_error"), back.points(), back.mean(),
                        back.spread(), nullable(rs, "noise"), rs.getBoolean("noise_in_unit"),
                        rs.getString("noisy_reason"));
            })
            .list();
    }

    /**
     * Up to this depth the trend is read result by result, deeper from result_block: the block statement costs about
     * the same at any depth, about as much as reading 300 results each (ChangesBenchmark, in one run at load 19:
     * 95 ms for 1,000 cases at trend 10 against 28 ms by results, 212 against 594 ms at trend 1,000).
     */
    static final int FROM_RESULTS = 8 * ResultBlocks.SIZE;

    static final String BY_RESULTS_COLUMNS = "back.points, back.mean, back.spread";

    /** count(*), avg() and stddev_samp() over the {@code trend} results before the commit. */
    static final String BY_RESULTS = """
            cross join lateral (select count(*) as points, avg(last.score) as mean, stddev_samp(last.score) as spread
                                from (select r.score from result r
                                      where r.series_id = s.id and r.position < here.position
                                      order by r.position desc
                                      limit :trend) last) back
            """;

    static final String BY_BLOCKS_COLUMNS = """
            edge.n as edge_n, edge.mean as edge_mean, edge.m2 as edge_m2,
            whole.n as whole_n, whole.mean as whole_mean, whole.m2 as whole_m2,
            rest.n as rest_n, rest.mean as rest_mean, rest.m2 as rest_m2""";

    /**
     * The same {@code trend} results in three parts, each with its count, mean and squared deviations, which
     * {@link #trend} combines: the results of the commit's own block before it, from the index (edge); then whole
     * blocks of result_block, newest first, while they fit (whole); then what is still missing from the index, just
     * below the last whole block (rest: fewer than one block holds). A trend of 1,000 reads about 60 index entries
     * and 30 block rows instead of 1,000 entries. A block may have several rows (ResultBlocks folds them later): the
     * window's frame takes a block's rows together, so a block fits whole or not at all. At most trend + 1 rows are
     * read: every row holds a result, so the last one read never fits. Within whole, the blocks combine around the
     * newest one's mean (c), so that no sum of squares of the scores themselves loses the spread to rounding.
     */
    static final String BY_BLOCKS = """
            cross join lateral (select count(*) as n, avg(e.score) as mean, var_pop(e.score) * count(*) as m2
                                from (select r.score from result r
                                      where r.series_id = s.id and r.position < here.position
                                        and r.position >= :edge * %1$d
                                      order by r.position desc
                                      limit :trend) e) edge
            cross join lateral (select sum(w.count) as n, min(w.block) as low,
                                       min(w.c) + sum(w.count * (w.mean - w.c)) / sum(w.count) as mean,
                                       sum(w.m2 + w.count * (w.mean - w.c) ^ 2)
                                           - sum(w.count * (w.mean - w.c)) ^ 2 / sum(w.count) as m2
                                from (select k.count, k.mean, k.m2, k.block,
                                             sum(k.count) over (order by k.block desc) as reached,
                                             first_value(k.mean) over (order by k.block desc) as c
                                      from (select k.count, k.mean, k.m2, k.block from result_block k
                                            where k.series_id = s.id and k.block < :edge
                                            order by k.block desc
                                            limit :trend + 1) k) w
                                where w.reached <= :trend - edge.n) whole
            cross join lateral (select count(*) as n, avg(x.score) as mean, var_pop(x.score) * count(*) as m2
                                from (select r.score from result r
                                      where r.series_id = s.id and r.position < coalesce(whole.low, :edge) * %1$d
                                      order by r.position desc
                                      limit :trend - edge.n - coalesce(whole.n, 0)) x) rest
            """.formatted(ResultBlocks.SIZE);

    /** The trend's count, mean and spread, as count(*), avg() and stddev_samp() give them (null mean without any). */
    private static Trend trend(ResultSet rs, int trend) throws SQLException {
        if (trend <= FROM_RESULTS) {
            return new Trend(rs.getInt("points"), nullable(rs, "mean"), nullable(rs, "spread"));
        }
        double n = 0;
        double mean = 0;
        double m2 = 0;
        for (String part : new String[] { "edge", "whole", "rest" }) {
            double count = rs.getDouble(part + "_n");
            if (count > 0) {
                // Chan et al.: the two groups' squared deviations, plus the gap between their means
                double partMean = rs.getDouble(part + "_mean");
                double delta = partMean - mean;
                double total = n + count;
                m2 = m2 + rs.getDouble(part + "_m2") + delta * delta * n * count / total;
                mean = n == 0 ? partMean : mean + delta * count / total;
                n = total;
            }
        }
        Double spread = n > 1 ? Math.sqrt(m2 / (n - 1)) : null;
        return new Trend((int) n, n == 0 || !Double.isFinite(mean) ? null : mean,
                spread == null || !Double.isFinite(spread) ? null : spread);
    }

    record Trend(int points, Double mean, Double spread) {
    }

    static Placed placed(ResultSet rs, int row) throws SQLException {
        Timestamp time = rs.getTimestamp("time");
        return new Placed(rs.getLong("id"), rs.getBigDecimal("position"), new ChangeViews.Commit(rs.getString("sha"),
                time == null ? null : time.toInstant(), rs.getString("author"), rs.getString("message")));
    }

    /** Null for SQL null and for values JSON cannot carry (JMH writes NaN for an error it could not compute). */
    private static Double nullable(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() || !Double.isFinite(value) ? null : value;
    }
}
