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
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.series.ResultBlocks;

/** Read-side SQL of the changes page: one commit's results in one environment beside the results before them. */
@Repository
class ChangeQueries {

    private final JdbcClient jdbc;

    /** One snapshot for a view's statements (the trend read again by blocks sees what the first statement saw). */
    private final TransactionTemplate readOnly;

    ChangeQueries(JdbcClient jdbc, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.readOnly = new TransactionTemplate(transactions);
        readOnly.setReadOnly(true);
        readOnly.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
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

        /** The same with another trend (points -1: to be read again, BY_SUMS). */
        Measured with(Trend trend) {
            return new Measured(series, benchmark, benchmarkCase, metric, score, error, previousSha, previousScore,
                    previousError, trend.points(), trend.mean(), trend.spread(), noise, noiseInUnit, noisyReason);
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
     * The statement of {@link #measured}: the trend's columns and laterals go in (BY_RESULTS or BY_SUMS). Per case
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
     * Deeper than {@link #FROM_RESULTS} the trend is the difference of two rows' through columns (V34, BY_SUMS); the
     * series whose rows below the commit are not all folded yet, or whose difference would lose digits to rounding,
     * are read again block by block (BY_BLOCKS), in the same snapshot.
     */
    List<Measured> measured(long branch, long environment, Placed commit, String metric, int trend) {
        if (trend <= FROM_RESULTS) {
            return measured(branch, environment, commit, metric, trend, BY_RESULTS_COLUMNS, BY_RESULTS);
        }
        return readOnly.execute(status -> {
            List<Measured> rows = measured(branch, environment, commit, metric, trend, BY_SUMS_COLUMNS, BY_SUMS);
            long[] again = rows.stream().filter(m -> m.trendPoints() < 0).mapToLong(Measured::series).toArray();
            if (again.length == 0) {
                return rows;
            }
            java.util.Map<Long, Trend> byBlocks = new java.util.HashMap<>();
            jdbc.sql(BLOCKS_OF_SERIES)
                .param("series", again)
                .param("position", commit.position())
                .param("trend", trend)
                .param("edge", ResultBlocks.block(commit.position()))
                .query(rs -> {
                    byBlocks.put(rs.getLong("series"), parts(rs, BLOCK_PARTS));
                });
            return rows.stream().map(m -> m.trendPoints() >= 0 ? m : m.with(byBlocks.get(m.series()))).toList();
        });
    }

    private List<Measured> measured(long branch, long environment, Placed commit, String metric, int trend,
            String columns, String laterals) {
        return jdbc.sql(MEASURED.formatted(columns, laterals))
            .param("branch", branch)
            .param("environment", environment)
            .param("commit", commit.id())
            .param("position", commit.position())
            .param("metric", metric)
            .param("trend", trend)
            .param("edge", ResultBlocks.block(commit.position()))
            .query((rs, row) -> {
                Trend back = trend <= FROM_RESULTS
                        ? new Trend(rs.getInt("points"), nullable(rs, "mean"), nullable(rs, "spread"))
                        : sums(rs);
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
     * Up to this depth the trend is read result by result, deeper from result_block's through columns (BY_SUMS),
     * which cost about the same at any depth: about as much as reading 100 results each (ChangesBenchmark, one run at
     * load 6–7, statement alone for 1,000 cases: by results 7.3 / 16.7 / 187.6 ms at trend 10 / 100 / 1,000, by sums
     * 16.5 / 20.8 / 16.5 ms).
     */
    static final int FROM_RESULTS = 4 * ResultBlocks.SIZE;

    static final String BY_RESULTS_COLUMNS = "back.points, back.mean, back.spread";

    /** count(*), avg() and stddev_samp() over the {@code trend} results before the commit. */
    static final String BY_RESULTS = """
            cross join lateral (select count(*) as points, avg(last.score) as mean, stddev_samp(last.score) as spread
                                from (select r.score from result r
                                      where r.series_id = s.id and r.position < here.position
                                      order by r.position desc
                                      limit :trend) last) back
            """;

    /**
     * BY_BLOCKS' and BY_SUMS' first part: the results of the commit's own block before it, from the index, with their
     * count, mean and squared deviations.
     */
    private static final String EDGE = """
            cross join lateral (select count(*) as n, avg(e.score) as mean, var_pop(e.score) * count(*) as m2
                                from (select r.score from result r
                                      where r.series_id = s.id and r.position < here.position
                                        and r.position >= :edge * %1$d
                                      order by r.position desc
                                      limit :trend) e) edge
            """;

    static final String BY_BLOCKS_COLUMNS = """
            edge.n as edge_n, edge.mean as edge_mean, edge.m2 as edge_m2,
            whole.n as whole_n, whole.mean as whole_mean, whole.m2 as whole_m2,
            rest.n as rest_n, rest.mean as rest_mean, rest.m2 as rest_m2""";

    /**
     * BY_SUMS' fallback, for the series it cannot answer ({@link #sums}); before V34, every deep trend. The same
     * {@code trend} results in three parts, each with its count, mean and squared deviations, which
     * {@link #parts} combines: the results of the commit's own block before it, from the index (edge); then whole
     * blocks of result_block, newest first, while they fit (whole); then what is still missing from the index, just
     * below the last whole block (rest: fewer than one block holds). A trend of 1,000 reads about 60 index entries
     * and 30 block rows instead of 1,000 entries. A block may have several rows (ResultBlocks folds them later): the
     * window's frame takes a block's rows together, so a block fits whole or not at all. At most trend + 1 rows are
     * read: every row holds a result, so the last one read never fits. Within whole, the blocks combine around the
     * newest one's mean (c), so that no sum of squares of the scores themselves loses the spread to rounding.
     */
    static final String BY_BLOCKS = (EDGE + """
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
            """).formatted(ResultBlocks.SIZE);

    static final String BY_SUMS_COLUMNS = """
            edge.n as edge_n, edge.mean as edge_mean, edge.m2 as edge_m2,
            upper.through_count as upper_n, upper.through_mean as upper_mean, upper.through_m2 as upper_m2,
            upper.behind, low.through_count as low_n, low.through_mean as low_mean, low.through_m2 as low_m2,
            rest.n as rest_n, rest.mean as rest_mean, rest.m2 as rest_m2""";

    /**
     * The same {@code trend} results as BY_BLOCKS in three parts, from result_block's through columns (V34): the
     * results of the commit's own block before it, from the index (edge, as BY_BLOCKS); then the whole blocks below
     * it that fit, as the difference of two rows: the newest row below the commit's block (upper: the series up to
     * there) less the first row whose through_count reaches what must stay out (low), a probe each; then what is still
     * missing from the index, the newest results of low's block (rest: fewer than that block holds). When everything
     * below fits, upper alone. behind: a row below the commit's block is not folded yet (an upload of the last
     * seconds, or a result that arrived below folded blocks), so the through columns do not count it: that series is
     * read again by blocks ({@link #sums}).
     */
    static final String BY_SUMS = (EDGE + """
            left join lateral (select k.through_count, k.through_mean, k.through_m2,
                                      exists (select 1 from result_block n
                                              where n.series_id = s.id and n.block < :edge
                                                and n.through_count is null) as behind
                               from result_block k
                               -- the newest folded row below: when a newer one is not folded, behind says so
                               where k.series_id = s.id and k.block < :edge and k.through_count is not null
                               order by k.block desc
                               limit 1) upper on true
            left join lateral (select k.block, k.through_count, k.through_mean, k.through_m2
                               from result_block k
                               where k.series_id = s.id and k.through_count is not null
                                 and k.through_count >= upper.through_count - (:trend - edge.n)
                               order by k.through_count
                               limit 1) low on upper.through_count > :trend - edge.n and not upper.behind
            left join lateral (select count(*) as n, avg(x.score) as mean, var_pop(x.score) * count(*) as m2
                               from (select r.score from result r
                                     where r.series_id = s.id and r.position < (low.block + 1) * %1$d
                                     order by r.position desc
                                     limit low.through_count - upper.through_count + (:trend - edge.n)) x) rest
                      on true
            """).formatted(ResultBlocks.SIZE);

    /** BY_BLOCKS for the given series alone, their results before the commit's position. */
    static final String BLOCKS_OF_SERIES = """
            select s.id as series, %s
            from series s
            cross join (select cast(:position as numeric) as position) here
            %s
            where s.id = any(cast(:series as bigint[]))
            """.formatted(BY_BLOCKS_COLUMNS, BY_BLOCKS);

    private static final String[] BLOCK_PARTS = { "edge", "whole", "rest" };

    /** The trend's count, mean and spread from BY_BLOCKS' parts, as count(*), avg() and stddev_samp() give them. */
    static Trend parts(ResultSet rs, String[] parts) throws SQLException {
        Stats all = Stats.NONE;
        for (String part : parts) {
            all = all.plus(new Stats(rs.getDouble(part + "_n"), rs.getDouble(part + "_mean"),
                    rs.getDouble(part + "_m2")));
        }
        return all.trend();
    }

    /**
     * The trend from BY_SUMS' parts: edge, plus upper less low (or upper alone), plus rest. Points -1 (read it again
     * by blocks) when a row below is not folded yet, when a part is not finite (a non-finite score anywhere below
     * makes every through column above it so, where the trend's own results may all be finite), or when the
     * difference's rounding error could reach a billionth of what it leaves: upper's squared deviations are those of
     * the whole series up to there, and a series whose level moved by far more than its noise (a large step years
     * ago) leaves a window's spread as a small difference of large numbers.
     */
    static Trend sums(ResultSet rs) throws SQLException {
        if (rs.getBoolean("behind")) {
            return AGAIN;
        }
        Stats edge = new Stats(rs.getDouble("edge_n"), rs.getDouble("edge_mean"), rs.getDouble("edge_m2"));
        Stats upper = new Stats(rs.getDouble("upper_n"), rs.getDouble("upper_mean"), rs.getDouble("upper_m2"));
        Stats low = new Stats(rs.getDouble("low_n"), rs.getDouble("low_mean"), rs.getDouble("low_m2"));
        Stats rest = new Stats(rs.getDouble("rest_n"), rs.getDouble("rest_mean"), rs.getDouble("rest_m2"));
        if (!edge.finite() || !upper.finite() || !low.finite() || !rest.finite()) {
            return AGAIN;
        }
        Stats whole = upper;
        if (low.n() > 0) {
            whole = upper.minus(low);
            if (whole == null) {
                return AGAIN;
            }
        }
        return edge.plus(whole).plus(rest).trend();
    }

    private static final Trend AGAIN = new Trend(-1, null, null);

    /** A count, a mean and the sum of squared deviations from it (m2), of some results. */
    record Stats(double n, double mean, double m2) {

        static final Stats NONE = new Stats(0, 0, 0);

        boolean finite() {
            return n == 0 || Double.isFinite(mean) && Double.isFinite(m2);
        }

        /** Chan et al.: the two groups' squared deviations, plus the gap between their means. */
        Stats plus(Stats other) {
            if (other.n == 0) {
                return this;
            }
            if (n == 0) {
                return other;
            }
            double total = n + other.n;
            double delta = other.mean - mean;
            return new Stats(total, mean + delta * other.n / total,
                    m2 + other.m2 + delta * delta * n * other.n / total);
        }

        /**
         * The results of this group that are not in {@code part} (a group it holds), or null when rounding could
         * have taken more than a billionth of the difference's squared deviations (or a millionth of its mean's
         * distance from the group's).
         */
        Stats minus(Stats part) {
            double rest = n - part.n;
            if (rest <= 0) {
                return NONE;
            }
            // n·mean = part.n·part.mean + rest·restMean
            double restMean = mean + (mean - part.mean) * part.n / rest;
            double delta = restMean - part.mean;
            double between = delta * delta * part.n * rest / n;
            // a single result deviates from nothing
            double restM2 = rest == 1 ? 0 : m2 - part.m2 - between;
            double roundedBy = 8 * Math.ulp(1.0) * (m2 + part.m2 + between);
            double meanRoundedBy = 8 * Math.ulp(1.0) * (Math.abs(mean) + Math.abs(mean - part.mean) * part.n / rest);
            if (rest > 1 && (restM2 < 0 || roundedBy > 1e-9 * restM2)
                    || meanRoundedBy > 1e-12 * Math.max(Math.abs(restMean), Math.sqrt(restM2 / rest))) {
                return null;
            }
            return new Stats(rest, restMean, restM2);
        }

        /** As count(*), avg() and stddev_samp() give them: null mean without results, null spread below two. */
        Trend trend() {
            Double spread = n > 1 ? Math.sqrt(Math.max(0, m2) / (n - 1)) : null;
            return new Trend((int) n, n == 0 || !Double.isFinite(mean) ? null : mean,
                    spread == null || !Double.isFinite(spread) ? null : spread);
        }
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
