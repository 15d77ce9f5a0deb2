package dev.perfwatch.series;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.postgresql.PGResultSetMetaData;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The points statement's rows come in PostgreSQL's binary format from the first read on a connection (the driver
 * never asked for it by itself: every float8, timestamptz and uuid went as text), and decode to exactly what the text
 * rows gave: every bit of odd doubles (-0, a subnormal, the largest, NaN, infinities, a value text would round if it
 * printed fewer digits), null errors and intervals, microseconds, a noisy run's reason.
 */
@ServerTest
class PointsStatementTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    SeriesQueries queries;

    @Test
    void pointsStatementWhenReadIsBinaryAndTheTextsValues() {
        Api api = Api.at(port);
        String project = "points-binary";
        double[] scores = { 1.5, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, 0.1 + 0.2, 1000.0000000000001, 7e-300 };
        for (int i = 0; i < scores.length; i++) {
            var run = Runs.run(java.util.UUID.randomUUID(), project, Runs.sha(i + 1),
                    i == 0 ? List.of() : List.of(Runs.sha(i)), "2026-03-0" + (i + 1) + "T10:15:30.123456Z",
                    Runs.thrpt("demo.Binary.read", scores[i]));
            assertThat(api.postJson("/api/v1/runs", run.toString()).status()).isEqualTo(201);
        }
        long series = api.get("/api/v1/series?project=" + project + "&metric=primary").json().get(0).get("id")
            .asLong();
        jdbc.sql("""
                update result set score = case position % 3 when 0 then 'NaN'::float8 when 1 then '-Infinity'
                                                            else score end,
                                  error = null, ci_lower = null, ci_upper = 'Infinity'
                where series_id = :series and commit_id in (select c.id from commit c where c.sha in (:a, :b, :c))
                """).param("series", series).param("a", Runs.sha(2)).param("b", Runs.sha(4)).param("c", Runs.sha(6))
            .update();
        jdbc.sql("""
                insert into run_noise (run_id, noisy, reason, host_check)
                select run_id, true, 'load 3.1 per core', '{}' from result where series_id = :series
                order by position limit 1
                """).param("series", series).update();

        for (int read = 0; read < 8; read++) {
            List<Integer> formats = new ArrayList<>();
            PointColumns binary = new PointColumns(16);
            queries.readPoints(series, 10_000, PointRange.Positions.ALL, rs -> {
                var meta = rs.getMetaData().unwrap(PGResultSetMetaData.class);
                for (int column = 1; column <= 7; column++) { // the boolean stays text (one byte): pgjdbc's choice
                    formats.add(meta.getFormat(column));
                }
                binary.add(rs);
            });
            PointColumns text = new PointColumns(16);
            jdbc.sql(SeriesQueries.POINTS).param("series", series).param("limit", 10_000).param("from", null)
                .param("to", null).query(text::add);

            assertThat(formats).as("read %d: the numbers, times and uuids of every row in binary", read).hasSize(7 * scores.length)
                .containsOnly(1);
            assertThat(binary.size).isEqualTo(scores.length);
            assertThat(Arrays.copyOf(binary.commit, 7)).isEqualTo(Arrays.copyOf(text.commit, 7));
            for (double[][] pair : new double[][][] { { binary.score, text.score }, { binary.error, text.error },
                    { binary.ciLower, text.ciLower }, { binary.ciUpper, text.ciUpper } }) {
                for (int i = 0; i < scores.length; i++) {
                    assertThat(Double.doubleToLongBits(pair[0][i])).isEqualTo(Double.doubleToLongBits(pair[1][i]));
                }
            }
            assertThat(Arrays.copyOf(binary.run, 7)).isEqualTo(Arrays.copyOf(text.run, 7));
            assertThat(Arrays.copyOf(binary.recordedAt, 7)).isEqualTo(Arrays.copyOf(text.recordedAt, 7));
            assertThat(Arrays.stream(binary.recordedAt, 0, 7)).as("microseconds (when the server stored each run)")
                .anyMatch(nanos -> Math.floorMod(nanos, 1_000_000L) != 0);
            assertThat(Arrays.copyOf(binary.noisy, 7)).isEqualTo(Arrays.copyOf(text.noisy, 7)).contains(true);
            assertThat(Arrays.copyOf(binary.noiseReason, 7)).isEqualTo(Arrays.copyOf(text.noiseReason, 7));
        }
        List<BigDecimal> positions = jdbc.sql("select position from result where series_id = :series order by position")
            .param("series", series).query(BigDecimal.class).list();
        PointColumns ranged = new PointColumns(4);
        queries.readPoints(series, 2, new PointRange.Positions(positions.get(1), positions.get(4), false), ranged::add);
        assertThat(ranged.size).as("the positional parameters: from, to and limit").isEqualTo(2);
        PointColumns expected = new PointColumns(4);
        jdbc.sql(SeriesQueries.POINTS).param("series", series).param("limit", 2).param("from", positions.get(1))
            .param("to", positions.get(4)).query(expected::add);
        assertThat(Arrays.copyOf(ranged.commit, 2)).isEqualTo(Arrays.copyOf(expected.commit, 2));
        PointColumns newest = new PointColumns(4);
        queries.readPoints(series, 1, new PointRange.Positions(null, null, false), newest::add);
        assertThat(newest.size).isEqualTo(1);
    }
}
