package dev.perfwatch.series;

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
 * results as before.
 */
@ServerTest
class OverviewBlocksTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ResultBlocks blocks;

    @Test
    void overviewWhenLongIsWhatTheResultsGiveByBlocks() {
        Api api = Api.at(port);
        long series = history(api);
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

    /** One uploaded run makes the vocabulary; SQL adds 3,000 commits, midpoints and the results. */
    private long history(Api api) {
        String project = "blocks-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(1), List.of(),
                "2020-01-01T00:00:00Z", Runs.thrpt("demo.Blocks.read", 1000)).toString()).status()).isEqualTo(201);
        long series = api.get("/api/v1/series?project=" + project + "&metric=primary").json().get(0).get("id")
            .asLong();
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select s.project_id, 'b' || lpad(to_hex(g), 39, '0'), timestamptz '2020-01-01' + g * interval '1 hour',
                       'Ada <ada@example.org>', 'Step ' || g, '{}'
                from series s, generate_series(2, 3005) g where s.id = :series
                """).param("series", series).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select s.branch_id, c.id, case when g <= 3000 then last.position + g - 1
                                               else (array[31.5, 1000.5, 1023.5, 2047.5, 2900.5])[g - 3000] end
                from series s
                cross join (select max(bc.position) as position from branch_commit bc
                            join series s2 on s2.branch_id = bc.branch_id where s2.id = :series) last
                cross join generate_series(2, 3005) g
                join commit c on c.project_id = s.project_id and c.sha = 'b' || lpad(to_hex(g), 39, '0')
                where s.id = :series
                """).param("series", series).update();
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
