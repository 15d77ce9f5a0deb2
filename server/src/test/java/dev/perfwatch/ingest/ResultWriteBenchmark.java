package dev.perfwatch.ingest;

import java.math.BigDecimal;
import java.sql.Connection;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.benchmark.IngestBenchmark;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

/**
 * What each part of the result table costs a 500-result run's write (its run row, the binary COPY, the commit),
 * ways interleaved run by run in one JVM and database so the machine's load weighs on all alike: tables like
 * {@code result} (both indexes) with or without its three foreign keys, with or without V19's block trigger. The
 * keys' checks are one lookup per row and key; the trigger one aggregate per COPY. Run:
 * {@code ./mvnw -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none -Dtest=ResultWriteBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
@ServerTest
class ResultWriteBenchmark {

    static final int RUNS = Integer.getInteger("bench.runs", 60);

    static final List<String> WAYS = List.of("bench_keys_trigger", "bench_keys", "bench_trigger", "bench_bare");

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    dev.perfwatch.database.DatabaseProperties database;

    @Test
    void resultWriteByPart() throws Exception {
        Api.Response stored = Api.at(port).postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), "bench-write",
                Runs.sha(1), List.of(), null, IngestBenchmark.jmhFile(new Random(3))).toString());
        UUID template = UUID.fromString(stored.json().get("id").asString());
        List<ResultCopy.Row> rows = jdbc.sql("""
                select series_id, score, error, ci_lower, ci_upper from result where run_id = :run order by series_id
                """)
            .param("run", template)
            .query((rs, n) -> new ResultCopy.Row(rs.getLong(1), rs.getDouble(2), rs.getDouble(3), rs.getDouble(4),
                    rs.getDouble(5), samples(new Random(n)), null))
            .list();
        long commit = jdbc.sql("select commit_id from run where id = :run").param("run", template)
            .query(Long.class).single();
        java.util.Properties credentials = new java.util.Properties();
        try (var reader = java.nio.file.Files.newBufferedReader(database.dataDir().resolve("postgres-credentials"))) {
            credentials.load(reader);
        }
        // The tables are made, and written, as the schema's owner: the requests' role may not create tables.
        try (Connection owner = java.sql.DriverManager.getConnection(
                dataSource.unwrap(com.zaxxer.hikari.HikariDataSource.class).getJdbcUrl(), "perfwatch_owner",
                credentials.getProperty("perfwatch_owner"));
                java.sql.Statement sql = owner.createStatement()) {
            measure(owner, sql, template, commit, rows);
        }
    }

    private void measure(Connection connection, java.sql.Statement sql, UUID template, long commit,
            List<ResultCopy.Row> rows) throws Exception {
        for (String table : WAYS) {
            sql.execute("drop table if exists " + table);
            sql.execute("create table %s (like result including defaults including indexes)".formatted(table));
            if (table.contains("keys")) {
                sql.execute("""
                        alter table %1$s add foreign key (run_id) references run (id),
                            add foreign key (series_id) references series (id),
                            add foreign key (commit_id) references commit (id)
                        """.formatted(table));
            }
            if (table.contains("trigger")) {
                sql.execute("""
                        create trigger %1$s_block after insert on %1$s referencing new table as added
                            for each statement execute function result_block_add()
                        """.formatted(table));
            }
        }
        long[] nanos = new long[WAYS.size()];
        for (int run = 0; run < RUNS; run++) {
            for (int way = 0; way < WAYS.size(); way++) {
                UUID id = UUID.randomUUID();
                long started = System.nanoTime();
                {
                    connection.setAutoCommit(false);
                    try (var insert = connection.prepareStatement("""
                            insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256,
                                             result_count, metadata)
                            select ?, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count,
                                   metadata
                            from run where id = ?
                            """)) {
                        insert.setObject(1, id);
                        insert.setObject(2, template);
                        insert.executeUpdate();
                    }
                    byte[] data = ResultCopy.encode(id, commit, BigDecimal.valueOf(1000 + run), rows);
                    connection.unwrap(PGConnection.class).getCopyAPI().copyIn("""
                            copy %s (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper,
                                     samples, histogram) from stdin (format binary)""".formatted(WAYS.get(way)),
                            new java.io.ByteArrayInputStream(data));
                    connection.commit();
                    connection.setAutoCommit(true);
                }
                if (run >= 10) { // the first ten warm up the JIT and the caches
                    nanos[way] += System.nanoTime() - started;
                }
            }
        }
        int measured = RUNS - 10;
        String load = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        StringBuilder line = new StringBuilder("RESULT-WRITE %d runs x %d results, load %s:".formatted(measured,
                rows.size(), load));
        for (int way = 0; way < WAYS.size(); way++) {
            line.append(String.format(Locale.ROOT, " %s %.1f ms/run (%.2f)", WAYS.get(way),
                    nanos[way] / 1e6 / measured, (double) nanos[way] / nanos[0]));
        }
        System.out.println(line);
    }

    private static List<List<Double>> samples(Random random) {
        return java.util.stream.IntStream.range(0, 5)
            .mapToObj(f -> java.util.stream.IntStream.range(0, 10)
                .mapToObj(i -> 1000 * (1 + 0.02 * random.nextGaussian()))
                .toList())
            .toList();
    }
}
