package dev.perfwatch.changes;

import java.math.BigDecimal;
import java.util.List;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.series.ResultBlocks;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The changes view's trend read from result_block (V19, V34) must count, average and spread exactly the results the
 * statement before it did (kept here as the reference: count(*), avg() and stddev_samp() over the {@code trend}
 * results before the commit) on an odd history: three series measured at 300 commits, each skipping some, a commit
 * measured twice in every fiftieth, bisection midpoints beside block edges, a non-finite score, results stored in
 * three scrambled batches of which only the first was folded (then all folded), at trend depths around the block
 * size. A commit's two
 * results have the same score: which of them a trend ending between them takes is arbitrary in both statements.
 */
@ServerTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TrendTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ChangeQueries queries;

    @Autowired
    ResultBlocks blocks;

    @Test
    @Order(1)
    void trendWhenReadFromBlocksIsWhatTheResultsGive() {
        compareEverywhere(load());
    }

    /** The same once every block is folded: the deep trends now come from the through columns (V34). */
    @Test
    @Order(3)
    void trendWhenFoldedIsWhatTheResultsGive() {
        long branch = load();
        while (blocks.fold(10_000) > 0) {
            // until every block is one row with its through columns
        }
        compareEverywhere(branch);
    }

    private void compareEverywhere(long branch) {
        long environment = jdbc.sql("select id from environment where host_class = 'trend-4'").query(Long.class)
            .single();
        List<ChangeQueries.Placed> commits = jdbc.sql("""
                select c.id, bc.position from commit c join branch_commit bc on bc.commit_id = c.id
                where bc.branch_id = :branch order by bc.position
                """).param("branch", branch)
            .query((rs, row) -> new ChangeQueries.Placed(rs.getLong(1), rs.getBigDecimal(2), null))
            .list();
        assertThat(commits).hasSize(305);
        int compared = 0;
        for (int i = 0; i < commits.size(); i++) {
            ChangeQueries.Placed commit = commits.get(i);
            boolean midpoint = commit.position().stripTrailingZeros().scale() > 0;
            // up to ChangeQueries.FROM_RESULTS (128) result by result, deeper by through sums or blocks
            int[] trends = i % 10 == 0 || midpoint ? new int[] { 1, 33, 128, 129, 256, 257, 260, 270, 289, 1000 }
                    : i % 2 == 0 ? new int[] { 129, 257 } : new int[0];
            for (int trend : trends) {
                java.util.Map<Long, Object[]> expected = TrendReference.of(jdbc, branch, commit.position(), trend);
                for (ChangeQueries.Measured m : queries.measured(branch, environment, commit, "primary", trend)) {
                    Object[] before = expected.get(m.series());
                    assertThat(m.trendPoints()).as("points before %s, trend %d", commit.position(), trend)
                        .isEqualTo(((Number) before[0]).intValue());
                    close(m.trendMean(), (Double) before[1], commit, trend);
                    close(m.trendSpread(), (Double) before[2], commit, trend);
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(600);
    }

    /**
     * What the trigger added and the folds combined is what the results of each block give, the commits at its first
     * and last position too (V29; the midpoints beside blocks' edges arrive in later batches than their
     * neighbours); the batches after the first left blocks of several rows, which a fold makes one.
     */
    @Test
    @Order(2)
    void blocksWhenFoldedHoldWhatTheirResultsGive() {
        String series = "(select s.id from series s join project p on p.id = s.project_id where p.name = 'trend-odd')";
        String perRow = "select count(*) from result_block where series_id in " + series
                + " group by series_id, block order by 1 desc limit 1";
        if (!loaded) {
            load();
        }
        assertThat(jdbc.sql(perRow).query(Long.class).single()).as("rows of the most split block").isGreaterThan(1);
        while (blocks.fold(10_000) > 0) {
            // until every block is one row
        }
        assertThat(jdbc.sql(perRow).query(Long.class).single()).isEqualTo(1);
        List<String> mismatches = jdbc.sql("""
                select r.series_id || '/' || r.block
                from (select series_id, floor(position / 32) as block, count(*) as count, avg(score) as mean,
                             var_pop(score) * count(*) as m2,
                             count(*) filter (where score > '-Infinity' and score < 'Infinity') as finite,
                             coalesce(sum(score) filter (where score > '-Infinity' and score < 'Infinity'), 0) as total,
                             min(score) filter (where score > '-Infinity' and score < 'Infinity') as min,
                             max(score) filter (where score > '-Infinity' and score < 'Infinity') as max,
                             min(position) as first, max(position) as last,
                             (array_agg(commit_id order by position))[1] as first_commit_id,
                             (array_agg(commit_id order by position desc))[1] as last_commit_id
                      from result where series_id in %s group by 1, 2) r
                full join (select * from result_block where series_id in %s) k
                     on k.series_id = r.series_id and k.block = r.block
                where k.block is null or r.block is null or k.count <> r.count or k.finite <> r.finite
                   or k.first <> r.first or k.last <> r.last
                   or k.first_commit_id <> r.first_commit_id or k.last_commit_id <> r.last_commit_id
                   or k.min is distinct from r.min or k.max is distinct from r.max
                   or abs(k.total - r.total) > 1e-9 * abs(r.total)
                   or not (k.mean = r.mean or abs(k.mean - r.mean) <= 1e-9 * abs(r.mean))
                   or not (k.m2 = r.m2 or abs(k.m2 - r.m2) <= 1e-6 * (1 + abs(r.m2)))
                """.formatted(series, series)).query(String.class).list();
        assertThat(mismatches).isEmpty();
        // and each row's through columns (V34) are what the results up to its block give, non-finite from the NaN on
        assertThat(jdbc.sql("""
                select k.series_id || '/' || k.block
                from result_block k
                cross join lateral (select count(*) as n, avg(r.score) as mean, var_pop(r.score) * count(*) as m2
                                    from result r
                                    where r.series_id = k.series_id and r.position < (k.block + 1) * 32) d
                where k.series_id in %s
                  and (k.through_count is distinct from d.n or (k.through_mean = 'NaN') <> (d.mean = 'NaN')
                       or (k.through_m2 = 'NaN') <> (d.m2 = 'NaN')
                       or d.mean <> 'NaN' and abs(k.through_mean - d.mean) > 1e-12 * abs(d.mean)
                       or d.m2 <> 'NaN' and abs(k.through_m2 - d.m2) > 1e-9 * (1 + d.m2))
                """.formatted(series)).query(String.class).list()).isEmpty();
        assertThat(jdbc.sql("select count(*) from result_block where series_id in " + series).query(Long.class)
            .single()).as("300 positions in blocks of 32, three series").isEqualTo(30);
    }

    private static void close(Double actual, Double expected, ChangeQueries.Placed commit, int trend) {
        String what = "at " + commit.position() + ", trend " + trend;
        if (expected == null || !Double.isFinite(expected)) {
            assertThat(actual).as(what).isNull();
        }
        else {
            assertThat(actual).as(what).isNotNull();
            assertThat(Math.abs(actual - expected)).as(what + ": " + actual + " against " + expected)
                .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(expected)));
        }
    }

    private static boolean loaded;

    /** @return the branch */
    private synchronized long load() {
        if (loaded) {
            return jdbc.sql("""
                    select br.id from branch br join project p on p.id = br.project_id where p.name = 'trend-odd'
                    """).query(Long.class).single();
        }
        loaded = true;
        jdbc.sql("insert into project (name, default_branch) values ('trend-odd', 'main')").update();
        jdbc.sql("insert into branch (project_id, name) select id, 'main' from project where name = 'trend-odd'")
            .update();
        jdbc.sql("insert into host (name, host_class) values ('trend-host', 'trend-4') on conflict do nothing").update();
        jdbc.sql("insert into environment (host_class) values ('trend-4') on conflict do nothing").update();
        jdbc.sql("""
                insert into metric (name, unit, direction) values ('primary', 'ops/ms', 'higher') on conflict do nothing
                """).update();
        jdbc.sql("""
                insert into benchmark (project_id, name) select id, 'trend.Odd.m' from project where name = 'trend-odd'
                """).update();
        jdbc.sql("""
                insert into benchmark_case (benchmark_id, mode, threads, params, key)
                select b.id, 'thrpt', 1, jsonb_build_object('n', cast(n as text)), 'thrpt;threads=1;n=' || n
                from benchmark b cross join generate_series(1, 3) n where b.name = 'trend.Odd.m'
                """).update();
        jdbc.sql("""
                insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                select p.id, br.id, c.id, m.id, e.id
                from project p join branch br on br.project_id = p.id
                join benchmark b on b.project_id = p.id join benchmark_case c on c.benchmark_id = b.id
                join metric m on m.name = 'primary' and m.unit = 'ops/ms'
                join environment e on e.host_class = 'trend-4'
                where p.name = 'trend-odd'
                """).update();
        // 300 commits at whole positions and five bisection midpoints, some beside a block's edge (32, 64, 128)
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select p.id, 'f' || lpad(to_hex(g), 39, '0'), timestamptz '2022-01-01' + g * interval '1 hour',
                       'Ada <ada@example.org>', 'Change ' || g, '{}'
                from project p, generate_series(1, 305) g where p.name = 'trend-odd'
                """).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select br.id, c.id, case when g <= 300 then g
                                         else (array[31.5, 63.5, 64.5, 127.5, 200.25])[g - 300] end
                from project p join branch br on br.project_id = p.id
                cross join generate_series(1, 305) g
                join commit c on c.project_id = p.id and c.sha = 'f' || lpad(to_hex(g), 39, '0')
                where p.name = 'trend-odd'
                """).update();
        // one run per commit, two at every fiftieth
        jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count)
                select gen_random_uuid(), p.id, bc.branch_id, bc.commit_id, h.id, 'trend-4', 'bulk', 3
                from project p join branch br on br.project_id = p.id
                join branch_commit bc on bc.branch_id = br.id
                join host h on h.name = 'trend-host'
                cross join generate_series(1, 2) twice
                where p.name = 'trend-odd' and (twice = 1 or bc.position % 50 = 0)
                """).update();
        for (int batch : new int[] { 0, 1, 2 }) {
            jdbc.sql("""
                    insert into result (run_id, series_id, commit_id, position, score, error, samples)
                    select r.id, s.id, r.commit_id, bc.position,
                           case when s.case_id % 3 = 0 and bc.position = 222 then 'NaN'
                                else 1000 + s.id % 7 + 10 * sin(floor(bc.position) * 7 + s.id) + bc.position / 1000 end,
                           1, '{}'
                    from project p
                    join run r on r.project_id = p.id
                    join branch_commit bc on bc.branch_id = r.branch_id and bc.commit_id = r.commit_id
                    join series s on s.project_id = p.id
                    -- each series skips some commits; the batches arrive out of order, newest first
                    where p.name = 'trend-odd' and (floor(bc.position) + s.id) % 7 <> 0
                      and floor(bc.position) % 3 = :batch
                    order by bc.position desc
                    """).param("batch", batch).update();
            if (batch == 0) {
                while (blocks.fold(10_000) > 0) {
                    // folded: every block of the first batch is one row
                }
            }
        }
        return jdbc.sql("""
                select br.id from branch br join project p on p.id = br.project_id where p.name = 'trend-odd'
                """).query(Long.class).single();
    }
}
