package dev.perfwatch.series;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The read side's benchmark (not a test: tag {@code benchmark}, run on purpose, figures in docs/performance.md): a
 * 100,000-commit history of one series, bulk-loaded by SQL (commits with an author and a two-line message, 5 × 10
 * samples per result, like real runs), then, in alternating blocks so that both see the same load, the newest
 * 10,000 points ({@code limit=10000}), the same as columns ({@code form=columns}) and the 2,000-bucket overview of all
 * 100,000. Each block reports the client's
 * wall time per request and the server's own time (Micrometer's {@code http.server.requests}), since on a shared
 * machine the client's share of the CPU is noise. Run:
 * {@code ./mvnw -o -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none -Dtest=ReadBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false [-Dbench.reads=200]}.
 */
@Tag("benchmark")
@ServerTest
class ReadBenchmark {

    static final int COMMITS = Integer.getInteger("bench.commits", 100_000);

    static final int READS = Integer.getInteger("bench.reads", 200);

    static final int BLOCK = 20;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MeterRegistry meters;

    @Autowired
    tools.jackson.databind.json.JsonMapper json;

    @Autowired
    SeriesQueries queries;

    @Autowired
    SeriesOverview overviews;

    @Test
    void tenThousandPointsAndTheOverview() throws Exception {
        Api api = Api.at(port);
        long series = history(api);
        String read = "/api/v1/series/" + series + "/points?limit=10000";
        String columns = read + "&form=columns";
        String overview = "/api/v1/series/" + series + "/points?buckets=2000";
        assertThat(api.get(read).json()).hasSize(10_000);
        assertThat(api.get(columns).json().get("score")).hasSize(10_000);
        assertThat(api.get(overview).json().get("buckets")).hasSize(2000);
        System.out.printf("BYTES 10,000 points: list %d, columns %d%n", api.get(read).body().length(),
                api.get(columns).body().length());
        gzip("list", api.get(read).body());
        gzip("columns", api.get(columns).body());
        for (int i = 0; i < 30; i++) {
            api.get(read);
            api.get(columns);
            api.get(overview);
        }
        System.out.println("EXPLAIN points:\n" + String.join("\n", jdbc.sql("explain (analyze, buffers) "
                + SeriesQueries.POINTS).param("series", series).param("limit", 10_000).param("from", null)
            .param("to", null).query(String.class).list()));
        inProcess(series);
        double[] readWall = new double[READS];
        double[] columnsWall = new double[READS];
        double[] overviewWall = new double[READS];
        String tag = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(api.uri(columns)).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding()).headers().firstValue("ETag").orElseThrow();
        double[] unchangedWall = new double[READS];
        double unchangedServer = 0;
        double readServer = 0;
        double columnsServer = 0;
        double overviewServer = 0;
        for (int done = 0; done < READS; done += BLOCK) {
            readServer += block(api, read, readWall, done);
            columnsServer += block(api, columns, columnsWall, done);
            unchangedServer += block(() -> api.send(java.net.http.HttpRequest.newBuilder(api.uri(columns))
                .header("If-None-Match", tag)), 304, unchangedWall, done);
            overviewServer += block(api, overview, overviewWall, done);
        }
        report("READ 10,000 points (limit=10000)", readWall, readServer);
        report("READ 10,000 points as columns (limit=10000&form=columns)", columnsWall, columnsServer);
        report("NOT A FULL READ: 10,000 points as columns unchanged since the client's copy (If-None-Match, 304)",
                unchangedWall, unchangedServer);
        report("OVERVIEW 2,000 buckets of " + COMMITS + " points", overviewWall, overviewServer);
    }

    @Autowired
    dev.perfwatch.database.DatabaseProperties database;

    @Autowired
    javax.sql.DataSource dataSource;

    /**
     * As autovacuum would leave a table that grew by appends: statistics, and a visibility map that lets the reads
     * be index-only. The app role may not vacuum (it owns nothing), so this connects as the schema's owner.
     */
    private void vacuumAnalyze() {
        java.util.Properties credentials = new java.util.Properties();
        try (var reader = java.nio.file.Files.newBufferedReader(database.dataDir().resolve("postgres-credentials"));
                var connection = java.sql.DriverManager.getConnection(
                        dataSource.unwrap(com.zaxxer.hikari.HikariDataSource.class).getJdbcUrl(), "perfwatch_owner",
                        load(credentials, reader).getProperty("perfwatch_owner"));
                var statement = connection.createStatement()) {
            statement.execute("vacuum analyze");
        }
        catch (java.io.IOException | java.sql.SQLException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static java.util.Properties load(java.util.Properties properties, java.io.Reader reader)
            throws java.io.IOException {
        properties.load(reader);
        return properties;
    }

    /**
     * The server's part without HTTP, old way against new, interleaved read by read: the points with commit joined
     * per point (before) against the commits from CommitCache (now), warm and emptied before each read; and the
     * overview by results, an index entry each (main at dee0803), against the overview by result_block (now).
     * JVM CPU is this thread's (PostgreSQL's work is the difference between wall and CPU, about).
     */
    private void inProcess(long series) {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        String[] names = { "points, commit joined per point (before)", "points, commits from CommitCache (now)",
                "points, CommitCache emptied before each read", "points as columns (form=columns)",
                "points as columns, statement and decoding only",
                "the same, PostgreSQL sorting the rows into branch order (main's statement)",
                "overview's buckets by results, index entries (dee0803), without edges",
                "overview's buckets by result_block (now), without edges",
                "overview whole: buckets by result_block and their edges' commits (now)",
                "the series' existence check (SeriesQueries.series), which main ran before every points read" };
        double[][] wall = new double[names.length][READS];
        double[][] cpu = new double[names.length][READS];
        SeriesOverview.Extent extent = overviews.extent(series, PointRange.Positions.ALL);
        assertThat(extent.dense()).isTrue();
        SeriesOverview.Extent sparse = new SeriesOverview.Extent(extent.total(), false, 0);
        assertThat(overviews.byResults(series, PointRange.Positions.ALL, sparse, 2000))
            .isEqualTo(overviews.byResults(series, PointRange.Positions.ALL, extent, 2000));
        assertThat(overviews.byBlocks(series, PointRange.Positions.ALL, 2000)).hasSize(2000);
        Runnable[] ways = { () -> write(JoinedPoints.read(jdbc, series, 10_000, null, null, null)),
                () -> write(queries.points(series, 10_000, null, PointRange.Positions.ALL)), () -> {
                    commits.clear();
                    write(queries.points(series, 10_000, null, PointRange.Positions.ALL));
                }, () -> write(queries.columns(series, 10_000, null, PointRange.Positions.ALL)),
                () -> queries.columns(series, 10_000, null, PointRange.Positions.ALL), () -> {
                    PointColumns sorted = new PointColumns(10_000);
                    jdbc.sql(SORTED_POINTS).param("series", series).param("limit", 10_000).param("from", null)
                        .param("to", null).query(sorted::add);
                    commits.commits(sorted.commits());
                },
                () -> overviews.byResults(series, PointRange.Positions.ALL, extent, 2000),
                () -> overviews.byBlocks(series, PointRange.Positions.ALL, 2000),
                () -> overviews.buckets(series, PointRange.Positions.ALL, extent, 2000),
                () -> queries.series(series).orElseThrow() };
        for (int i = 0; i < READS; i++) {
            for (int way = 0; way < ways.length; way++) {
                long cpuStarted = threads.getCurrentThreadCpuTime();
                long started = System.nanoTime();
                ways[way].run();
                wall[way][i] = (System.nanoTime() - started) / 1e6;
                cpu[way][i] = (threads.getCurrentThreadCpuTime() - cpuStarted) / 1e6;
            }
        }
        for (int way = 0; way < ways.length; way++) {
            System.out.printf("IN-PROCESS %s: wall p50 %.1f ms, JVM CPU p50 %.1f ms (load %s)%n", names[way],
                    median(wall[way]), median(cpu[way]), load());
        }
    }

    /** SeriesQueries.POINTS as main had it: PostgreSQL sorts the newest-first rows into branch order. */
    static final String SORTED_POINTS = SeriesQueries.POINTS.replace("order by r.position desc\n",
            "order by r.position, r.run_id\n");

    @Autowired
    CommitCache commits;

    @Autowired
    ResultBlocks blocks;

    /** As the controller writes the points, to nowhere. */
    private void write(List<SeriesViews.Point> points) {
        try (var out = json.createGenerator(java.io.OutputStream.nullOutputStream())) {
            out.writeStartArray();
            points.forEach(point -> PointsJson.write(point, out));
            out.writeEndArray();
        }
    }

    private void write(SeriesQueries.Columns columns) {
        PointColumnsJson.write(columns.points(), columns.commits(), json, java.io.OutputStream.nullOutputStream());
    }

    /**
     * What answering gzip (server.compression, for a browser that asks) would cost and save: a body compressed at
     * Tomcat's level (the JDK's default, 6) and at the fastest, median of 10, on this thread's CPU.
     */
    private static void gzip(String form, String body) {
        byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int level : new int[] { java.util.zip.Deflater.DEFAULT_COMPRESSION, java.util.zip.Deflater.BEST_SPEED }) {
            double[] cpu = new double[10];
            int size = 0;
            for (int i = 0; i < cpu.length; i++) {
                long started = threads.getCurrentThreadCpuTime();
                var deflater = new java.util.zip.Deflater(level, true);
                deflater.setInput(bytes);
                deflater.finish();
                byte[] buffer = new byte[64 * 1024];
                size = 0;
                while (!deflater.finished()) {
                    size += deflater.deflate(buffer);
                }
                deflater.end();
                cpu[i] = (threads.getCurrentThreadCpuTime() - started) / 1e6;
            }
            System.out.printf("GZIP %s (%d bytes) at level %d: %d bytes, CPU p50 %.1f ms%n", form, bytes.length, level,
                    size, median(cpu));
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** @return the server's total time over the block, in ms */
    private double block(Api api, String path, double[] wall, int offset) {
        return block(() -> api.get(path), 200, wall, offset);
    }

    private double block(java.util.function.Supplier<Api.Response> read, int status, double[] wall, int offset) {
        double serverBefore = serverMillis();
        long cpuBefore = processCpu();
        for (int i = offset; i < Math.min(offset + BLOCK, wall.length); i++) {
            long started = System.nanoTime();
            Api.Response response = read.get();
            wall[i] = (System.nanoTime() - started) / 1e6;
            assertThat(response.status()).isEqualTo(status);
        }
        cpu.merge(wall, (processCpu() - cpuBefore) / 1e6, Double::sum);
        return serverMillis() - serverBefore;
    }

    /** The process's CPU over each figure's blocks, in ms: server and client, both in this JVM. */
    private final java.util.Map<double[], Double> cpu = new java.util.IdentityHashMap<>();

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
            .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private double serverMillis() {
        return meters.find("http.server.requests")
            .tag("uri", "/api/v1/series/{id}/points")
            .timers()
            .stream()
            .mapToDouble(timer -> timer.totalTime(java.util.concurrent.TimeUnit.MILLISECONDS))
            .sum();
    }

    private void report(String what, double[] wall, double serverTotal) {
        double[] sorted = wall.clone();
        Arrays.sort(sorted);
        System.out.printf("%s over HTTP: p50 %.1f ms, p99 %.1f ms, max %.1f ms; server mean %.1f ms; JVM CPU "
                + "(server and client) %.1f ms per read (load %s)%n", what, sorted[sorted.length / 2],
                sorted[(int) (sorted.length * 0.99)], sorted[sorted.length - 1], serverTotal / wall.length,
                cpu.getOrDefault(wall, 0.0) / wall.length, load());
    }

    static String load() {
        return String.format("%.2f", java.lang.management.ManagementFactory.getOperatingSystemMXBean()
            .getSystemLoadAverage());
    }

    /** One uploaded run makes the vocabulary and the series; SQL adds the other commits, runs and results. */
    private long history(Api api) {
        String project = "read-bench-" + UUID.randomUUID().toString().substring(0, 8);
        api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(1), List.of(),
                "2020-01-01T00:00:00Z", Runs.thrpt("demo.Read.series", 1000)).toString());
        long series = api.get("/api/v1/series?project=" + project + "&metric=primary").json().get(0).get("id")
            .asLong();
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select s.project_id, 'e' || lpad(to_hex(g), 39, '0'), timestamptz '2020-01-01' + g * interval '10 minutes',
                       'Ada Lovelace <ada@example.org>', 'Make the read path faster, step ' || g || E'\n\nBecause.',
                       array['e' || lpad(to_hex(g - 1), 39, '0')]
                from series s, generate_series(2, :commits) g
                where s.id = :series
                """).param("series", series).param("commits", COMMITS).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select s.branch_id, c.id, last.position + g - 1
                from series s
                cross join (select max(position) as position from branch_commit bc join series s2
                            on s2.branch_id = bc.branch_id where s2.id = :series) last
                cross join generate_series(2, :commits) g
                join commit c on c.project_id = s.project_id and c.sha = 'e' || lpad(to_hex(g), 39, '0')
                where s.id = :series
                """).param("series", series).param("commits", COMMITS).update();
        jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count)
                select gen_random_uuid(), s.project_id, s.branch_id, bc.commit_id, r.host_id, r.host_class, 'bulk', 1
                from series s
                join branch_commit bc on bc.branch_id = s.branch_id
                join commit c on c.id = bc.commit_id and c.sha like 'e%'
                join result x on x.series_id = s.id
                join run r on r.id = x.run_id
                where s.id = :series
                """).param("series", series).update();
        jdbc.sql("""
                insert into result (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper, samples)
                select r.id, s.id, r.commit_id, bc.position, v.score, v.score * 0.01, v.score * 0.99, v.score * 1.01,
                       array[array_fill(v.score * 0.998, array[10]), array_fill(v.score * 0.999, array[10]),
                             array_fill(v.score, array[10]), array_fill(v.score * 1.001, array[10]),
                             array_fill(v.score * 1.002, array[10])]
                from series s
                join run r on r.branch_id = s.branch_id and r.body_sha256 = 'bulk'
                join branch_commit bc on bc.branch_id = r.branch_id and bc.commit_id = r.commit_id
                cross join lateral (select 1000 * (1 + 0.02 * (random() - 0.5)) as score) v
                where s.id = :series
                """).param("series", series).update();
        // as the server's background fold leaves result_block within seconds of an upload
        while (blocks.fold(100_000) > 0) {
            // until every block is one row
        }
        vacuumAnalyze();
        return series;
    }
}
