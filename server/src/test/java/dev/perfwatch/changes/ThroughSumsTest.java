package dev.perfwatch.changes;

import java.math.BigDecimal;
import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.series.ResultBlocks;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The deep trend from result_block's through columns (V34, ChangeQueries.BY_SUMS) must be what count(*), avg() and
 * stddev_samp() over the results give, and must say when it cannot be (a row below not folded yet, a difference that
 * rounding spoils), so that the view reads those series block by block: on scores of 5e7 with a spread of about 70
 * (where a sum of squares keeps about four digits of it), after a level step of four orders of magnitude, on a
 * series shorter than the trend, with results arriving below folded blocks, and with a fold running while such an
 * upload is not committed.
 */
@ServerTest
class ThroughSumsTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ChangeQueries queries;

    @Autowired
    ResultBlocks blocks;

    @Autowired
    DataSource dataSource;

    /**
     * Series 0: 5e7 + 100 sin(position), 600 results; series 1: 1,000 until position 300 then 5e7 + sin; series 2: the
     * 5e7 one measured at every seventh commit only (fewer results than a trend of 257 before most commits).
     */
    private static final String SCORE = """
            case s.case_id %% 3 when 0 then 5e7 + 100 * sin(%1$s)
                                when 1 then case when %1$s <= 300 then 1000 + sin(%1$s) else 5e7 + 100 * sin(%1$s) end
                                else 5e7 + 100 * sin(%1$s) end""";

    @Test
    void largeScoresAndALevelStepGiveWhatTheResultsGive() {
        Project p = load("sums-large", 600, SCORE);
        foldAll();
        int bySums = 0;
        int step = 0;
        for (int position : new int[] { 40, 257, 300, 301, 330, 400, 512, 555, 600 }) {
            for (int trend : new int[] { 257, 300, 333, 1000 }) {
                Map<Long, Trend> sums = sums(p.branch, position, trend);
                Map<Long, Object[]> expected = TrendReference.of(jdbc, p.branch, position, trend);
                for (ChangeQueries.Measured m : queries.measured(p.branch, p.environment, p.at(position), "primary",
                        trend)) {
                    String what = "series " + m.series() + " at " + position + ", trend " + trend;
                    same(what, m.trendPoints(), m.trendMean(), m.trendSpread(), expected.get(m.series()));
                    ChangeQueries.Trend t = sums.get(m.series()).trend;
                    if (t.points() >= 0) {
                        bySums++;
                        same(what + " (through sums)", t.points(), t.mean(), t.spread(), expected.get(m.series()));
                    }
                    else if (sums.get(m.series()).caseMod == 1 && position > 300) {
                        step++;
                    }
                }
            }
        }
        // the 5e7 series are answered by the sums themselves, precisely; the step leaves some to the blocks
        assertThat(bySums).as("trends answered by through sums").isGreaterThan(50);
        assertThat(step).as("trends after the step read by blocks (rounding)").isGreaterThan(0);
        // none of the 5e7 series ever needs the blocks: a sum of squares would have kept about four digits of their
        // spread (checked: through columns by sums of squares fail the comparison above by 5e-3 at 257)
        for (int position : new int[] { 300, 555, 600 }) {
            sums(p.branch, position, 1000).values().stream().filter(s -> s.caseMod != 1)
                .forEach(s -> assertThat(s.trend.points()).as("series %d at %d", s.series, position)
                    .isGreaterThanOrEqualTo(0));
        }
    }

    /**
     * A re-run of an old commit arrives after its blocks and every block above were folded: until the fold the
     * series is read by blocks (its row is not folded: the through columns above it do not count it); after the fold
     * by sums again, with it. The same with a fold that ran while the re-run was not committed yet, and with a fold
     * that found the series locked by another instance's fold.
     */
    @Test
    void aResultBelowFoldedBlocksCountsBeforeAndAfterTheFold() throws Exception {
        Project p = load("sums-late", 400, "100 + sin(%1$s) + %1$s / 50");
        foldAll();
        int position = 390;
        int trend = 300;
        check(p, position, trend, false);

        // a re-run of commit 200, far from the others' scores, committed
        rerun(p, 200, "1e4", null);
        check(p, position, trend, true);
        foldAll();
        check(p, position, trend, false);

        // another at commit 150, not committed while a fold runs; committed after it
        try (Connection upload = dataSource.getConnection()) {
            upload.setAutoCommit(false);
            rerun(p, 150, "-3e4", upload);
            foldAll();
            check(p, position, trend, false);
            upload.commit();
        }
        check(p, position, trend, true);

        // a fold that finds the series locked by another fold leaves it as it is, and folds it once free
        rerun(p, 120, "7e3", null);
        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            for (long series : p.series) {
                try (var lock = other.prepareStatement(
                        "select pg_advisory_xact_lock(?, cast(? & 2147483647 as int))")) {
                    lock.setInt(1, 7019);
                    lock.setLong(2, series);
                    lock.executeQuery().close();
                }
            }
            assertThat(blocks.fold(10_000)).as("rows rewritten while another fold holds the series").isZero();
            check(p, position, trend, true);
            other.rollback();
        }
        foldAll();
        check(p, position, trend, false);
        assertThat(jdbc.sql("select count(*) from result_block where through_count is null and series_id = any(?)")
            .param(p.series).query(Long.class).single()).isZero();
    }

    /** What the fold wrote: each row's through columns are what the results up to its block give. */
    @Test
    void throughColumnsAreWhatTheResultsUpToEachBlockGive() {
        Project p = load("sums-rows", 300, "case when %1$s %% 40 = 0 then 2e9 else 5e7 + 3 * sin(%1$s) end");
        rerun(p, 33, "1", null);
        foldAll();
        rerun(p, 10, "4e7", null);
        rerun(p, 290, "4e7", null);
        foldAll();
        List<String> wrong = jdbc.sql("""
                select k.series_id || '/' || k.block || ': ' || k.through_count || ' ' || k.through_mean || ' '
                       || k.through_m2 || ' against ' || d.n || ' ' || d.mean || ' ' || d.m2
                from result_block k
                cross join lateral (select count(*) as n, avg(r.score) as mean, var_pop(r.score) * count(*) as m2
                                    from result r
                                    where r.series_id = k.series_id and r.position < (k.block + 1) * 32) d
                where k.series_id = any(:series)
                  and (k.through_count is distinct from d.n
                       or abs(k.through_mean - d.mean) > 1e-12 * abs(d.mean)
                       or abs(k.through_m2 - d.m2) > 1e-9 * d.m2)
                """).param("series", p.series).query(String.class).list();
        assertThat(wrong).isEmpty();
        assertThat(jdbc.sql("select count(*) from result_block where series_id = any(:series)")
            .param("series", p.series).query(Long.class).single()).as("one row per block").isEqualTo(3 * 10L);
    }

    private void check(Project p, int position, int trend, boolean behind) {
        Map<Long, Object[]> expected = TrendReference.of(jdbc, p.branch, position, trend);
        for (ChangeQueries.Measured m : queries.measured(p.branch, p.environment, p.at(position), "primary", trend)) {
            same("series " + m.series(), m.trendPoints(), m.trendMean(), m.trendSpread(), expected.get(m.series()));
        }
        for (Trend t : sums(p.branch, position, trend).values()) {
            assertThat(t.behind).as("series %d: a row below not folded", t.series).isEqualTo(behind);
            if (!behind) {
                same("series " + t.series + " (through sums)", t.trend.points(), t.trend.mean(), t.trend.spread(),
                        expected.get(t.series));
            }
        }
    }

    private static void same(String what, int points, Double mean, Double spread, Object[] expected) {
        assertThat(points).as(what + ": points").isEqualTo(((Number) expected[0]).intValue());
        close(what + ": mean", mean, (Double) expected[1]);
        close(what + ": spread", spread, (Double) expected[2]);
    }

    private static void close(String what, Double actual, Double expected) {
        if (expected == null) {
            assertThat(actual).as(what).isNull();
            return;
        }
        assertThat(actual).as(what).isNotNull();
        assertThat(Math.abs(actual - expected)).as(what + ": " + actual + " against " + expected)
            .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(expected)));
    }

    record Trend(long series, int caseMod, boolean behind, ChangeQueries.Trend trend) {
    }

    /** BY_SUMS alone for every series of the branch: what it answers, before any reading again by blocks. */
    private Map<Long, Trend> sums(long branch, int position, int trend) {
        Map<Long, Trend> sums = new HashMap<>();
        jdbc.sql("""
                select s.id, s.case_id %% 3 as case_mod, %s from series s
                cross join (select cast(:position as numeric) as position) here
                %s
                where s.branch_id = :branch
                """.formatted(ChangeQueries.BY_SUMS_COLUMNS, ChangeQueries.BY_SUMS))
            .param("branch", branch).param("position", position).param("trend", trend)
            .param("edge", ResultBlocks.block(BigDecimal.valueOf(position)))
            .query(rs -> {
                sums.put(rs.getLong("id"), new Trend(rs.getLong("id"), rs.getInt("case_mod"),
                        rs.getBoolean("behind"), ChangeQueries.sums(rs)));
            });
        return sums;
    }

    private void foldAll() {
        while (blocks.fold(10_000) > 0) {
            // until every row is folded
        }
    }

    record Project(String name, long branch, long environment, long[] series, Map<Integer, ChangeQueries.Placed> at) {

        ChangeQueries.Placed at(int position) {
            return at.get(position);
        }
    }

    /** Another run at the commit at that position with that score for every series, in that connection or its own. */
    private void rerun(Project p, int position, String score, Connection connection) {
        String sql = """
                with run as (insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256,
                                              result_count)
                             select gen_random_uuid(), p.id, bc.branch_id, bc.commit_id, h.id, 'sums-4', 'rerun', 3
                             from project p join branch_commit bc on bc.branch_id = %d and bc.position = %d
                             join host h on h.name = 'sums-host'
                             where p.name = '%s'
                             returning id, commit_id)
                insert into result (run_id, series_id, commit_id, position, score, error, samples)
                select run.id, s.id, run.commit_id, %d, %s, 1, '{}'
                from run cross join series s where s.branch_id = %d
                """.formatted(p.branch, position, p.name, position, score, p.branch);
        if (connection == null) {
            jdbc.sql(sql).update();
            return;
        }
        try (var statement = connection.createStatement()) {
            statement.executeUpdate(sql);
        }
        catch (java.sql.SQLException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** Three series measured at commits 1..commits, one run each, the score an SQL expression of %1$s (position). */
    private Project load(String name, int commits, String score) {
        jdbc.sql("insert into project (name, default_branch) values (:name, 'main')").param("name", name).update();
        jdbc.sql("insert into branch (project_id, name) select id, 'main' from project where name = :name")
            .param("name", name).update();
        jdbc.sql("insert into host (name, host_class) values ('sums-host', 'sums-4') on conflict do nothing").update();
        jdbc.sql("insert into environment (host_class) values ('sums-4') on conflict do nothing").update();
        jdbc.sql("""
                insert into metric (name, unit, direction) values ('primary', 'ops/ms', 'higher') on conflict do nothing
                """).update();
        jdbc.sql("insert into benchmark (project_id, name) select id, 'sums.M.m' from project where name = :name")
            .param("name", name).update();
        jdbc.sql("""
                insert into benchmark_case (benchmark_id, mode, threads, params, key)
                select b.id, 'thrpt', 1, jsonb_build_object('n', cast(n as text)), 'thrpt;threads=1;n=' || n
                from benchmark b join project p on p.id = b.project_id and p.name = :name
                cross join generate_series(1, 3) n
                """).param("name", name).update();
        jdbc.sql("""
                insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                select p.id, br.id, c.id, m.id, e.id
                from project p join branch br on br.project_id = p.id
                join benchmark b on b.project_id = p.id join benchmark_case c on c.benchmark_id = b.id
                join metric m on m.name = 'primary' and m.unit = 'ops/ms'
                join environment e on e.host_class = 'sums-4'
                where p.name = :name
                """).param("name", name).update();
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select p.id, md5(:name || g) || lpad(to_hex(g), 8, '0'),
                       timestamptz '2023-01-01' + g * interval '1 hour',
                       'Ada <ada@example.org>', 'Change ' || g, '{}'
                from project p, generate_series(1, :commits) g where p.name = :name
                """).param("name", name).param("commits", commits).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select br.id, c.id, g
                from project p join branch br on br.project_id = p.id
                cross join generate_series(1, :commits) g
                join commit c on c.project_id = p.id and c.sha = md5(:name || g) || lpad(to_hex(g), 8, '0')
                where p.name = :name
                """).param("name", name).param("commits", commits).update();
        jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count)
                select gen_random_uuid(), p.id, bc.branch_id, bc.commit_id, h.id, 'sums-4', 'bulk', 3
                from project p join branch br on br.project_id = p.id
                join branch_commit bc on bc.branch_id = br.id
                join host h on h.name = 'sums-host'
                where p.name = :name
                """).param("name", name).update();
        // in two batches, the newer first: the older one arrives below blocks already folded
        for (String half : new String[] { "bc.position > :commits / 2", "bc.position <= :commits / 2" }) {
            jdbc.sql("""
                    insert into result (run_id, series_id, commit_id, position, score, error, samples)
                    select r.id, s.id, r.commit_id, bc.position, %s, 1, '{}'
                    from project p
                    join run r on r.project_id = p.id
                    join branch_commit bc on bc.branch_id = r.branch_id and bc.commit_id = r.commit_id
                    join series s on s.branch_id = r.branch_id
                    where p.name = :name and %s
                      -- the third series at every seventh commit only
                      and (s.case_id %% 3 <> 2 or bc.position %% 7 = 0)
                    """.formatted(score.formatted("bc.position"), half))
                .param("name", name).param("commits", commits).update();
            foldAll();
        }
        long branch = jdbc.sql("""
                select br.id from branch br join project p on p.id = br.project_id where p.name = :name
                """).param("name", name).query(Long.class).single();
        long environment = jdbc.sql("select id from environment where host_class = 'sums-4'").query(Long.class)
            .single();
        long[] series = jdbc.sql("select id from series where branch_id = :branch order by id").param("branch", branch)
            .query(Long.class).list().stream().mapToLong(Long::longValue).toArray();
        Map<Integer, ChangeQueries.Placed> at = new HashMap<>();
        jdbc.sql("""
                select c.id, bc.position from commit c join branch_commit bc on bc.commit_id = c.id
                where bc.branch_id = :branch
                """).param("branch", branch)
            .query(rs -> {
                at.put(rs.getBigDecimal(2).intValueExact(), new ChangeQueries.Placed(rs.getLong(1),
                        rs.getBigDecimal(2), null));
            });
        return new Project(name, branch, environment, series, at);
    }
}
