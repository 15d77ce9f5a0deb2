package dev.perfwatch.ingest;

import java.math.BigDecimal;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.ServerTest;

/**
 * The storage step of ingest, old against new in one run (so the machine's load weighs on both alike): a run's 500
 * results with 5 × 10 samples each, stored durably in its own transaction, alternately (a) as before V14, one
 * {@code insert … select from unnest(…)} with the samples as JSON text cast to jsonb, and (b) as now, one binary
 * COPY with float8[] samples. Both tables carry the same indexes as {@code result}. Run:
 * {@code ./mvnw -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none -Dtest=StorageBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
@ServerTest
class StorageBenchmark {

    static final int RUNS = Integer.getInteger("bench.runs", 60);

    static final int RESULTS = 500;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    DataSource dataSource;

    @Test
    void jsonbInsertAgainstBinaryCopy() throws Exception {
        for (String table : List.of("bench_jsonb", "bench_array")) {
            jdbc.sql("drop table if exists " + table).update();
            jdbc.sql("""
                    create table %s (run_id uuid not null, series_id bigint not null, commit_id bigint not null,
                        position numeric not null, score float8 not null, error float8, ci_lower float8,
                        ci_upper float8, samples %s not null, histogram jsonb, primary key (run_id, series_id))
                    """.formatted(table, table.equals("bench_jsonb") ? "jsonb" : "float8[]")).update();
            jdbc.sql("""
                    create index on %s (series_id, position)
                        include (score, error, ci_lower, ci_upper, commit_id, run_id)
                    """.formatted(table)).update();
        }
        Random random = new Random(1);
        long[] nanos = new long[2];
        long[] wal = new long[2];
        for (int run = 0; run < RUNS; run++) {
            List<ResultCopy.Row> rows = rows(random);
            UUID id = UUID.randomUUID();
            for (int way = 0; way < 2; way++) {
                long lsn = lsn();
                long started = System.nanoTime();
                try (Connection connection = dataSource.getConnection()) {
                    connection.setAutoCommit(false);
                    if (way == 0) {
                        jsonb(connection, id, run, rows);
                    }
                    else {
                        byte[] data = ResultCopy.encode(id, 1, BigDecimal.valueOf(run), rows);
                        connection.unwrap(PGConnection.class).getCopyAPI().copyIn(
                                "copy bench_array from stdin (format binary)", new java.io.ByteArrayInputStream(data));
                    }
                    connection.commit();
                }
                if (run >= 10) { // the first ten warm up the JIT and the caches
                    nanos[way] += System.nanoTime() - started;
                    wal[way] += lsn() - lsn;
                }
            }
        }
        int measured = RUNS - 10;
        String load = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        System.out.printf(Locale.ROOT,
                "STORAGE %d runs x %d results, load %s: jsonb insert %.1f ms/run (%.0f results/s, "
                        + "%.0f WAL bytes/result), binary COPY %.1f ms/run (%.0f results/s, %.0f WAL bytes/result): "
                        + "COPY takes %.2f of the time%n",
                measured, RESULTS, load, nanos[0] / 1e6 / measured, measured * RESULTS / (nanos[0] / 1e9),
                (double) wal[0] / measured / RESULTS, nanos[1] / 1e6 / measured, measured * RESULTS / (nanos[1] / 1e9),
                (double) wal[1] / measured / RESULTS, (double) nanos[1] / nanos[0]);
    }

    private long lsn() {
        return jdbc.sql("select pg_current_wal_lsn() - '0/0'").query(BigDecimal.class).single().longValue();
    }

    /** As RunStore stored results before V14. */
    private static void jsonb(Connection connection, UUID id, int run, List<ResultCopy.Row> rows) throws Exception {
        try (var statement = connection.prepareStatement("""
                insert into bench_jsonb (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper,
                                         samples, histogram)
                select ?, series, 1, ?, score, error, ci_lower, ci_upper, cast(samples as jsonb), null
                from unnest(?, ?, ?, ?, ?, ?) as r(series, score, error, ci_lower, ci_upper, samples)
                """)) {
            Long[] series = new Long[rows.size()];
            Double[] scores = new Double[rows.size()];
            Double[] errors = new Double[rows.size()];
            Double[] lowers = new Double[rows.size()];
            Double[] uppers = new Double[rows.size()];
            String[] samples = new String[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                ResultCopy.Row row = rows.get(i);
                series[i] = row.series();
                scores[i] = row.score();
                errors[i] = row.error();
                lowers[i] = row.ciLower();
                uppers[i] = row.ciUpper();
                samples[i] = row.samples().toString();
            }
            statement.setObject(1, id);
            statement.setBigDecimal(2, BigDecimal.valueOf(run));
            statement.setArray(3, connection.createArrayOf("int8", series));
            statement.setArray(4, connection.createArrayOf("float8", scores));
            statement.setArray(5, connection.createArrayOf("float8", errors));
            statement.setArray(6, connection.createArrayOf("float8", lowers));
            statement.setArray(7, connection.createArrayOf("float8", uppers));
            statement.setArray(8, connection.createArrayOf("text", samples));
            statement.executeUpdate();
        }
    }

    private static List<ResultCopy.Row> rows(Random random) {
        List<ResultCopy.Row> rows = new ArrayList<>();
        for (int s = 0; s < RESULTS; s++) {
            List<List<Double>> forks = new ArrayList<>();
            double sum = 0;
            for (int f = 0; f < 5; f++) {
                List<Double> fork = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    double value = 1000 * (1 + 0.02 * random.nextGaussian());
                    fork.add(value);
                    sum += value;
                }
                forks.add(fork);
            }
            double mean = sum / 50;
            rows.add(new ResultCopy.Row(s + 1, mean, mean * 0.01, mean * 0.99, mean * 1.01, forks, null));
        }
        return rows;
    }
}
