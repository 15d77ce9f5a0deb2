package dev.perfwatch.series;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The overview of a long range is made of whole blocks of result_block (V19). Its buckets must be what the results
 * themselves give when grouped the same way (blocks of 32 positions numbered in order, split into runs), computed
 * here straight from {@code result}: on a history of 3,000 commits whose series skips some, measures every
 * hundredth twice and has bisection midpoints, stored in two batches (newest first) of which only the first was
 * folded, read whole and between two commits inside blocks. A range with fewer blocks than buckets is bucketed by
 * results as before. The commits at the buckets' ends stay right as runs arrive late, early, again or after.
 */
@ServerTest
class OverviewBlocksTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ResultBlocks blocks;

    @Autowired
    ReadCache cache;

    @Test
    void overviewWhenLongIsWhatTheResultsGiveByBlocks() {
        Api api = Api.at(port);
        long series = history(api, 3000, "31.5, 1000.5, 1023.5, 2047.5, 2900.5");
        String points = "/api/v1/series/" + series + "/points?buckets=";
        long total = jdbc.sql("select count(*) from result where series_id = :s").param("s", series)
            .query(Long.class).single();

        JsonNode whole = api.get(points + 50).json();
        assertThat(whole.get("total").asLong()).isEqualTo(total);
        same(buckets(whole), reference(series, 50, null, null));

        String from = sha(series, "1000.5");
        String to = sha(series, "2900");
        JsonNode part = api.get(points + 40 + "&from=" + from + "&to=" + to).json();
        same(buckets(part), reference(series, 40, "1000.5", "2900"));
        assertThat(part.get("buckets").get(0).get("first").get("sha").asString()).isEqualTo(from);

        // 94 blocks cannot make 200 buckets: bucketed by results, as many as asked, every point counted
        JsonNode fine = api.get(points + 200).json();
        assertThat(fine.get("buckets")).hasSize(200);
        long counted = 0;
        for (JsonNode bucket : fine.get("buckets")) {
            counted += bucket.get("count").asLong();
        }
        assertThat(counted).isEqualTo(total);
    }

    /** The same buckets: all but the mean exactly, the mean to rounding (a sum of the blocks' sums). */
    private static void same(List<Object[]> actual, List<Object[]> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < actual.size(); i++) {
            assertThat(actual.get(i)[0]).as("bucket %d", i).isEqualTo(expected.get(i)[0]);
            double mean = (Double) expected.get(i)[1];
            assertThat((Double) actual.get(i)[1]).as("mean of bucket %d", i)
                .isCloseTo(mean, org.assertj.core.api.Assertions.within(1e-9 * Math.abs(mean)));
        }
    }

    /** Each bucket as text (count, min, max, first and last sha) and its mean. */
    private static List<Object[]> buckets(JsonNode overview) {
        assertThat(overview.get("bucketed").asBoolean()).isTrue();
        List<Object[]> rows = new java.util.ArrayList<>();
        for (JsonNode b : overview.get("buckets")) {
            rows.add(new Object[] { b.get("count").asLong() + " " + b.get("min").asDouble() + " "
                    + b.get("max").asDouble() + " " + b.get("first").get("sha").asString() + " "
                    + b.get("last").get("sha").asString(), b.get("mean").asDouble() });
        }
        return rows;
    }

    /** The results of the range grouped into blocks of 32 positions, numbered, split into runs. */
    private List<Object[]> reference(long series, int buckets, String from, String to) {
        return jdbc.sql("""
                with b as (select floor(position / 32) as block, count(*) as count, min(score) as min,
                                  max(score) as max, sum(score) as total, min(position) as first,
                                  max(position) as last
                           from result
                           where series_id = :series
                             and position >= coalesce(cast(:from as numeric), '-Infinity')
                             and position <= coalesce(cast(:to as numeric), 'Infinity')
                           group by 1),
                     k as (select b.*, (row_number() over (order by block) - 1) * :buckets
                                       / (select count(*) from b) as bucket
                           from b),
                     g as (select bucket, sum(count) as count, min(min) as min, max(max) as max,
                                  sum(total) / sum(count) as mean, min(first) as first, max(last) as last
                           from k group by bucket)
                select g.count, g.min, g.max, g.mean, fc.sha as first, lc.sha as last
                from g
                join series s on s.id = :series
                join branch_commit fb on fb.branch_id = s.branch_id and fb.position = g.first
                join commit fc on fc.id = fb.commit_id
                join branch_commit lb on lb.branch_id = s.branch_id and lb.position = g.last
                join commit lc on lc.id = lb.commit_id
                order by g.bucket
                """)
            .param("series", series)
            .param("buckets", (long) buckets)
            .param("from", from == null ? null : new java.math.BigDecimal(from))
            .param("to", to == null ? null : new java.math.BigDecimal(to))
            .query((rs, row) -> new Object[] { rs.getLong(1) + " " + rs.getDouble(2) + " " + rs.getDouble(3) + " "
                    + rs.getString(5) + " " + rs.getString(6), rs.getDouble(4) })
            .list();
    }

    private String sha(long series, String position) {
        return jdbc.sql("""
                select c.sha from series s join branch_commit bc on bc.branch_id = s.branch_id
                join commit c on c.id = bc.commit_id where s.id = :series and bc.position = :position
                """).param("series", series).param("position", new java.math.BigDecimal(position))
            .query(String.class).single();
    }

    /**
     * The commits at the buckets' ends come from result_block (V29), kept by the trigger and the fold: runs stored
     * through ingest after the history, each moving one block's first or last position, must show the commit now
     * there, folded or not (the answer compared with the commits of branch_commit at the reference's positions),
     * and every block row must name the commits at its own ends.
     */
    @Test
    void overviewWhenRunsArriveLateEarlyOrAfterShowsTheCommitsNowAtItsEdges() {
        Api api = Api.at(port);
        // positions 1 to 320 less every thirteenth from 5: eleven blocks in nine buckets, the first two blocks in
        // the first bucket, block 10 (position 320) alone in the last
        long series = history(api, 320, "");
        String project = api.get("/api/v1/series/" + series).json().get("project").asString();
        String overview = "/api/v1/series/" + series + "/points?buckets=9";
        sameEdges(api, series, overview);

        // a bisection step between 63 and 64: 63.5, block 1's and the first bucket's new last
        String late = Runs.sha(9001);
        upload(api, project, late, List.of(sha(series, "63")), null, 2000);
        assertThat(api.get(overview).json().get("buckets").get(0).get("last").get("sha").asString()).isEqualTo(late);
        sameEdges(api, series, overview);

        // a commit older than the branch's first: position 0, block 0's and the first bucket's new first
        String early = Runs.sha(9002);
        upload(api, project, early, List.of(), "2019-12-31T00:00:00Z", 3000);
        assertThat(api.get(overview).json().get("buckets").get(0).get("first").get("sha").asString())
            .isEqualTo(early);
        sameEdges(api, series, overview);

        // the commit at 96, which the series had skipped: block 3's new first; and a re-run of 64, block 2's first
        upload(api, project, sha(series, "96"), List.of(), null, 500);
        upload(api, project, sha(series, "64"), List.of(), null, 600);
        sameEdges(api, series, overview);

        // a new head after 320: block 10's and the last bucket's new last
        String head = Runs.sha(9003);
        upload(api, project, head, List.of(sha(series, "320")), null, 700);
        assertThat(api.get(overview).json().get("buckets").get(8).get("last").get("sha").asString()).isEqualTo(head);
        sameEdges(api, series, overview);
    }

    /**
     * The overview's buckets as their results give them, read as stored (blocks of several rows, unless the
     * background fold came first) and again after every block is folded into one row; and every row names the
     * commits at its own ends.
     */
    private void sameEdges(Api api, long series, String overview) {
        for (String state : new String[] { "as stored", "folded" }) {
            if (state.equals("folded")) {
                while (blocks.fold(10_000) > 0) {
                    // every block one row
                }
                cache.clear(); // a fold keeps the series' version, so the answer read before would be held
            }
            assertThat(jdbc.sql("""
                    select count(*) from result_block k
                    where k.series_id = :series
                      and (k.first_commit_id <> (select r.commit_id from result r
                                                 where r.series_id = k.series_id and r.position = k.first limit 1)
                           or k.last_commit_id <> (select r.commit_id from result r
                                                   where r.series_id = k.series_id and r.position = k.last limit 1))
                    """).param("series", series).query(Long.class).single()).as("rows naming other commits, " + state)
                .isZero();
            same(buckets(api.get(overview).json()), reference(series, 9, null, null));
        }
    }

    private static void upload(Api api, String project, String sha, List<String> parents, String time, double score) {
        Api.Response response = api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, sha, parents, time,
                Runs.thrpt("demo.Blocks.read", score)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    /**
     * One uploaded run makes the vocabulary (its commit at position 1); SQL adds {@code commits - 1} commits after
     * it, then commits at the given midpoints (their ids falling as positions rise), and the results: every commit
     * but every thirteenth from 5, every hundredth twice, in two batches of which the first is folded.
     */
    private long history(Api api, int commits, String midpoints) {
        BigDecimal[] between = java.util.Arrays.stream(midpoints.split(",")).map(String::strip)
            .filter(p -> !p.isEmpty()).map(BigDecimal::new).toArray(BigDecimal[]::new);
        String project = "blocks-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(1), List.of(),
                "2020-01-01T00:00:00Z", Runs.thrpt("demo.Blocks.read", 1000)).toString()).status()).isEqualTo(201);
        long series = api.get("/api/v1/series?project=" + project + "&metric=primary").json().get(0).get("id")
            .asLong();
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select s.project_id, 'b' || lpad(to_hex(g), 39, '0'), timestamptz '2020-01-01' + g * interval '1 hour',
                       'Ada <ada@example.org>', 'Step ' || g, '{}'
                from series s, generate_series(2, :commits + :midpoints) g where s.id = :series
                -- ids falling as positions rise: the lowest commit id of a block is never its first commit's
                order by g desc
                """).param("series", series).param("commits", commits).param("midpoints", between.length).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select s.branch_id, c.id, case when g <= :commits then last.position + g - 1
                                               else (cast(:between as numeric[]))[g - :commits] end
                from series s
                cross join (select max(bc.position) as position from branch_commit bc
                            join series s2 on s2.branch_id = bc.branch_id where s2.id = :series) last
                cross join generate_series(2, :commits + :midpoints) g
                join commit c on c.project_id = s.project_id and c.sha = 'b' || lpad(to_hex(g), 39, '0')
                where s.id = :series
                """).param("series", series).param("commits", commits).param("midpoints", between.length)
            .param("between", between).update();
        jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count)
                select gen_random_uuid(), s.project_id, s.branch_id, bc.commit_id, r.host_id, r.host_class, 'bulk', 1
                from series s
                join branch_commit bc on bc.branch_id = s.branch_id
                join commit c on c.id = bc.commit_id and c.sha like 'b%'
                join result x on x.series_id = s.id
                join run r on r.id = x.run_id
                cross join generate_series(1, 2) twice
                where s.id = :series and (twice = 1 or bc.position % 100 = 0)
                """).param("series", series).update();
        for (int batch : new int[] { 0, 1 }) {
            jdbc.sql("""
                    insert into result (run_id, series_id, commit_id, position, score, error, samples)
                    select r.id, s.id, r.commit_id, bc.position, 1000 + 50 * sin(bc.position) + bc.position / 7, 1, '{}'
                    from series s
                    join run r on r.branch_id = s.branch_id and r.body_sha256 = 'bulk'
                    join branch_commit bc on bc.branch_id = r.branch_id and bc.commit_id = r.commit_id
                    where s.id = :series and floor(bc.position) % 13 <> 5 and floor(bc.position) % 2 = :batch
                    order by bc.position desc
                    """).param("series", series).param("batch", batch).update();
            if (batch == 0) {
                while (blocks.fold(10_000) > 0) {
                    // the first batch folded, the second left as the trigger added it
                }
            }
        }
        return series;
    }
}
