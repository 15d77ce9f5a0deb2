package dev.perfwatch.series;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.UUID;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A whole-series columns read from result_pack (V30, SeriesPacks) must be the bytes of the same read by the points
 * statement alone, as before the packs: every field, for limits that end inside, at and across blocks, with no
 * block packed, all packed, some packed, and packs left behind by new results (a new head, a late run inside a packed
 * block, a re-run); on a history with re-runs, a bisection step at a fractional position, a noisy run with a reason
 * outside ASCII, a run recorded before V16 (its time from run), NaN and null errors and intervals. A limit that would
 * cut a commit's results in two is left to the statement.
 */
@ServerTest
class PointsPackTest {

    static final int COMMITS = 150;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    SeriesQueries queries;

    @Autowired
    SeriesPacks packs;

    @Autowired
    JsonMapper json;

    @Test
    void packedReadWhenComparedIsTheStatementsBytes() {
        long series = history();
        List<Integer> limits = List.of(1, 2, 31, 32, 33, 40, 64, 97, 100, 149, 150, 151, 153, 10_000);

        // these reads ask the background packer for the blocks; packed here too, whichever comes first
        assertSame(series, limits, "nothing or some packed");
        packs.pack(series, blocks(series));
        assertThat(jdbc.sql("select count(*) from result_pack where series_id = :series").param("series", series)
            .query(Integer.class).single()).as("blocks packed").isEqualTo(blocks(series).size());
        assertSame(series, limits, "all packed");
        assertThat(packs.newest(series, 40)).as("read from packs").isNotNull();

        // a pack behind: a late run inside a packed block and a new head; and a pack missing
        addResult(series, sha(16), 7.5, null);
        addCommit(series, COMMITS + 1, 8.25);
        jdbc.sql("delete from result_pack where series_id = :series and block = 2").param("series", series).update();
        assertSame(series, limits, "some packed, some behind");
        packs.pack(series, blocks(series));
        assertSame(series, limits, "packed again");

        // a re-run of the newest commit: a limit of one cuts its two results in two, the statement chooses
        addResult(series, sha(COMMITS + 1), 8.5, null);
        packs.pack(series, blocks(series));
        assertThat(packs.newest(series, 1)).as("a commit cut in two").isNull();
        assertThat(packs.newest(series, 2)).isNotNull();
        assertSame(series, limits, "a re-run at the head");

        // the packs are what is read: a score updated behind them (which nothing does) is not seen from them
        jdbc.sql("update result set score = 42 where series_id = :series").param("series", series).update();
        assertThat(queries.columns(series, 100, null, PointRange.Positions.ALL).points().score).as("packed")
            .doesNotContain(42.0);
        assertThat(queries.columnsByStatement(series, 100, null, PointRange.Positions.ALL).points().score)
            .contains(42.0);
    }

    /** A read that found blocks without a current pack asks the background packer, which packs exactly those. */
    @Test
    void readWhenBlocksAreNotPackedHasTheBackgroundPackerPackThem() throws Exception {
        long series = history();
        jdbc.sql("delete from result_pack where series_id = :series").param("series", series).update();

        SeriesQueries.Columns first = queries.columns(series, 10_000, null, PointRange.Positions.ALL);
        packs.drain();

        assertThat(jdbc.sql("""
                select count(*) from result_pack p
                where p.series_id = :series
                  and p.count = (select sum(k.count) from result_block k
                                 where k.series_id = p.series_id and k.block = p.block)
                """).param("series", series).query(Integer.class).single())
            .as("every block of the series packed, each pack current").isEqualTo(blocks(series).size());
        assertThat(bytes(queries.columns(series, 10_000, null, PointRange.Positions.ALL)))
            .as("read from the packs now, the same answer").isEqualTo(bytes(first));
    }

    /**
     * A pack of V30's layout (written by SQL, without the numbers' texts) is read as absent: the answer is still the
     * statement's, and the packer, asked by that read, replaces it with one of the current layout.
     */
    @Test
    void packOfTheOldLayoutIsReadAsAbsentAndReplaced() throws Exception {
        long series = history();
        packs.pack(series, blocks(series));
        jdbc.sql(V30_PACK).param("series", series).param("blocks", new Long[] { 2L, 4L }).update();
        assertThat(layouts(series)).as("blocks 2 and 4 in V30's layout").containsEntry(2L, 0).containsEntry(4L, 0);

        assertSame(series, List.of(1, 33, 64, 100, 10_000), "V30's packs among the current ones");
        packs.drain();

        assertThat(layouts(series).values()).as("every pack replaced by the read's packer").containsOnly(
                SeriesPacks.LAYOUT);
        assertSame(series, List.of(1, 33, 64, 100, 10_000), "packed again");
        PointColumns packed = packs.newest(series, 100);
        for (int i = 0; i < packed.size(); i++) {
            assertThat(packed.text[i]).as("point %d's texts", i).isNotNull();
        }
    }

    /**
     * A series whose newest results lie far apart (one commit in 100 measured): the newest blocks first looked at
     * hold too few results, and the read looks at all of them; the same answer as the statement.
     */
    @Test
    void sparseSeriesReadsAllItsBlocks() {
        long series = history();
        for (int g = COMMITS + 1; g <= COMMITS + 40; g++) {
            addCommit(series, g, 2000 + g * 0.25, 100);
        }
        List<Integer> limits = List.of(1, 2, 5, 20, 39, 40, 41, 60, 189, 190, 191, 10_000);
        assertSame(series, limits, "sparse, nothing packed");
        packs.pack(series, blocks(series));
        assertSame(series, limits, "sparse, all packed");
        assertThat(packs.newest(series, 60).size()).as("read from packs, across the sparse blocks").isEqualTo(60);
        assertThat(packs.newest(series, 10_000).size()).isEqualTo(COMMITS + 40 + 3);
    }

    /** V30's packing statement: its layout had no texts and began with a commit id (a 0 byte). */
    private static final String V30_PACK = """
            insert into result_pack (series_id, block, count, points)
            select :series, b.block, count(*),
                   string_agg(int8send(r.commit_id) || float8send(r.score)
                              || float8send(coalesce(r.error, 'NaN')) || float8send(coalesce(r.ci_lower, 'NaN'))
                              || float8send(coalesce(r.ci_upper, 'NaN')) || uuid_send(r.run_id)
                              || timestamptz_send(coalesce(r.recorded_at,
                                                           (select created_at from run where run.id = r.run_id),
                                                           '-infinity'))
                              || case when n.run_id is null then '\\x00'::bytea else '\\x01'::bytea end
                              || int4send(coalesce(octet_length(convert_to(n.reason, 'UTF8')), -1))
                              || coalesce(convert_to(n.reason, 'UTF8'), ''::bytea),
                              ''::bytea order by r.position desc, r.run_id)
            from unnest(cast(:blocks as bigint[])) b(block)
            join result r on r.series_id = :series and r.position >= b.block * 32 and r.position < (b.block + 1) * 32
            left join run_noise n on n.run_id = r.run_id and n.noisy
            group by b.block
            on conflict (series_id, block) do update set count = excluded.count, points = excluded.points
            """;

    private java.util.Map<Long, Integer> layouts(long series) {
        java.util.Map<Long, Integer> layouts = new java.util.TreeMap<>();
        jdbc.sql("select block, get_byte(points, 0) from result_pack where series_id = :series")
            .param("series", series)
            .query(rs -> {
                layouts.put(rs.getLong(1), rs.getInt(2));
            });
        return layouts;
    }

    private void assertSame(long series, List<Integer> limits, String state) {
        for (int limit : limits) {
            byte[] packed = bytes(queries.columns(series, limit, null, PointRange.Positions.ALL));
            byte[] statement = bytes(queries.columnsByStatement(series, limit, null, PointRange.Positions.ALL));
            assertThat(new String(packed, java.nio.charset.StandardCharsets.UTF_8)).as(state + ", limit " + limit)
                .isEqualTo(new String(statement, java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    private byte[] bytes(SeriesQueries.Columns columns) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PointColumnsJson.write(columns.points(), columns.commits(), json, out);
        return out.toByteArray();
    }

    private List<Long> blocks(long series) {
        return jdbc.sql("select distinct block from result_block where series_id = :series")
            .param("series", series)
            .query(Long.class)
            .list();
    }

    /** 150 commits of one series; the odd points described above. */
    private long history() {
        Api api = Api.at(port);
        String project = "packs-" + UUID.randomUUID().toString().substring(0, 8);
        api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(1), List.of(),
                "2020-01-01T00:00:00Z", Runs.thrpt("demo.Packs.read", 1000)).toString());
        long series = api.get("/api/v1/series?project=" + project + "&metric=primary").json().get(0).get("id")
            .asLong();
        LongStream.rangeClosed(2, COMMITS).forEach(g -> addCommit(series, (int) g, 1000 + g * 0.125));
        // re-runs of commits 20 and 64 (64 at a block's start), and a bisection step between 40 and 41
        addResult(series, sha(20), 1.0 / 3, "'NaN'");
        addResult(series, sha(64), 2.5e-300, "null");
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select project_id, 'f' || lpad('1', 39, '0'), timestamptz '2020-02-01 00:00:00.123456+00',
                       'Ada', 'A step', array[]::text[]
                from series where id = :series
                """).param("series", series).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select s.branch_id, c.id, bc.position + 0.5
                from series s join commit c on c.project_id = s.project_id and c.sha = 'f' || lpad('1', 39, '0')
                join branch_commit bc on bc.branch_id = s.branch_id
                join commit d on d.id = bc.commit_id and d.sha = :before
                where s.id = :series
                """).param("series", series).param("before", sha(40)).update();
        addResult(series, "f" + "0".repeat(38) + "1", -0.0, "'Infinity'");
        // a noisy run, a quiet checked one, and a run stored before V16 (no recorded_at of its own)
        jdbc.sql("""
                insert into run_noise (run_id, noisy, reason, host_check)
                select run_id, n = 3, case when n = 3 then 'load 3.1 per core — «busy»' end, '{}'
                from (select run_id, row_number() over (order by position desc) as n
                      from result where series_id = :series) r
                where n in (3, 5)
                """).param("series", series).update();
        jdbc.sql("""
                update result set recorded_at = null
                where series_id = :series and commit_id = (select c.id from commit c join series s
                                                           on s.project_id = c.project_id
                                                           where s.id = :series and c.sha = :sha)
                """).param("series", series).param("sha", sha(100)).update();
        return series;
    }

    private static String sha(int g) {
        return "e" + "0".repeat(39 - Integer.toHexString(g).length()) + Integer.toHexString(g);
    }

    /** A commit after the newest, with a run and a result of this score. */
    private void addCommit(long series, int g, double score) {
        addCommit(series, g, score, 1);
    }

    /** A commit {@code gap} positions after the newest, with a run and a result of this score. */
    private void addCommit(long series, int g, double score, int gap) {
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select project_id, :sha, timestamptz '2020-01-01' + :g * interval '10 minutes', 'Ada', 'Step', '{}'
                from series where id = :series
                """).param("series", series).param("sha", sha(g)).param("g", g).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select s.branch_id, c.id,
                       (select max(position) + :gap from branch_commit where branch_id = s.branch_id)
                from series s join commit c on c.project_id = s.project_id and c.sha = :sha
                where s.id = :series
                """).param("series", series).param("sha", sha(g)).param("gap", gap).update();
        addResult(series, sha(g), score, "null");
    }

    /** A run of a commit already on the branch, with one result; {@code error} is SQL. */
    private void addResult(long series, String sha, double score, String error) {
        UUID run = UUID.randomUUID();
        jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count)
                select :run, s.project_id, s.branch_id, c.id, r.host_id, r.host_class, 'bulk', 1
                from series s
                join commit c on c.project_id = s.project_id and c.sha = :sha
                join run r on r.id = (select run_id from result where series_id = s.id limit 1)
                where s.id = :series
                """).param("run", run).param("series", series).param("sha", sha).update();
        jdbc.sql("""
                insert into result (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper, samples)
                select :run, s.id, c.id, bc.position, :score, %s, :score * 0.99, null, array[array[:score]]
                from series s
                join commit c on c.project_id = s.project_id and c.sha = :sha
                join branch_commit bc on bc.branch_id = s.branch_id and bc.commit_id = c.id
                where s.id = :series
                """.formatted(error == null ? ":score * 0.01" : error)).param("run", run).param("series", series)
            .param("sha", sha).param("score", score).update();
    }
}
