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
        String timeline = columns + "&fields=" + TIMELINE_FIELDS;
        String overview = "/api/v1/series/" + series + "/points?buckets=2000";
        assertThat(api.get(read).json()).hasSize(10_000);
        assertThat(api.get(columns).json().get("score")).hasSize(10_000);
        assertThat(api.get(overview).json().get("buckets")).hasSize(2000);
        System.out.printf("BYTES 10,000 points: list %d, columns %d, the timeline's columns (fields=%s) %d%n",
                api.get(read).body().length(), api.get(columns).body().length(), TIMELINE_FIELDS,
                api.get(timeline).body().length());
        gzip("list", api.get(read).body());
        gzip("columns", api.get(columns).body());
        for (int i = 0; i < 30; i++) {
            api.get(read);
            api.get(columns);
            api.get(timeline);
            api.get(overview);
        }
        System.out.println("EXPLAIN points:\n" + String.join("\n", jdbc.sql("explain (analyze, buffers) "
                + SeriesQueries.POINTS).param("series", series).param("limit", 10_000).param("from", null)
            .param("to", null).query(String.class).list()));
        System.out.println("EXPLAIN points as V25 joined the noisy runs:\n" + String.join("\n", jdbc.sql(
                "explain (analyze, buffers) " + V25_POINTS).param("series", series).param("limit", 10_000)
            .param("from", null).param("to", null).query(String.class).list()));
        System.out.println("EXPLAIN the points' blocks and packs (SeriesPacks):\n" + String.join("\n", jdbc.sql(
                "explain (analyze, buffers) " + SeriesPacks.BLOCKS).param("series", series).param("limit", 10_000)
            .param("span", SeriesPacks.span(10_000))
            .query(String.class).list()));
        System.out.println("EXPLAIN the series' version (ReadCache):\n" + String.join("\n", jdbc.sql(
                "explain (analyze, buffers) select cast(coalesce(sum(count), 0) as bigint) from result_block "
                + "where series_id = :series").param("series", series).query(String.class).list()));
        split(series);
        if (!Boolean.getBoolean("bench.splitOnly")) {
            inProcess(series);
        }
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
        // the per-request floor: a read refused before any SQL (a problem document, 400), and one of a single row
        String refused = read + "&form=rows";
        String one = "/api/v1/series/" + series;
        double[] timelineWall = new double[READS];
        double timelineServer = 0;
        double[] coldTimelineWall = new double[READS];
        double coldTimelineServer = 0;
        double[] coldOverviewWall = new double[READS];
        double coldOverviewServer = 0;
        double[] refusedWall = new double[READS];
        double[] oneWall = new double[READS];
        double refusedServer = 0;
        double oneServer = 0;
        for (int done = 0; done < READS; done += BLOCK) {
            readServer += block(api, read, readWall, done);
            columnsServer += block(api, columns, columnsWall, done);
            timelineServer += block(api, timeline, timelineWall, done);
            // cold: nothing held for the series, as after any change of it (CommitCache stays warm, as c356186's
            // every read had it)
            coldTimelineServer += block(() -> {
                readCache.clear();
                return drain(api, timeline);
            }, 200, coldTimelineWall, done);
            coldOverviewServer += block(() -> {
                readCache.clear();
                return drain(api, overview);
            }, 200, coldOverviewWall, done);
            unchangedServer += block(() -> drain(java.net.http.HttpRequest.newBuilder(api.uri(columns))
                .header("If-None-Match", tag)), 304, unchangedWall, done);
            overviewServer += block(api, overview, overviewWall, done);
            refusedServer += block(() -> drain(api, refused), 400, refusedWall, done);
            oneServer += block(() -> drain(api, one), 200, oneWall, done, "/api/v1/series/{id}");
        }
        report("READ 10,000 points (limit=10000)", readWall, readServer);
        report("REPEATED READ (ReadCache) 10,000 points as columns (limit=10000&form=columns)", columnsWall,
                columnsServer);
        report("COLD READ (ReadCache emptied before each) 10,000 points as the timeline reads them (form=columns"
                + "&fields=" + TIMELINE_FIELDS + ")", coldTimelineWall, coldTimelineServer);
        report("REPEATED READ (ReadCache, the series unchanged) 10,000 points as the timeline reads them "
                + "(form=columns&fields=" + TIMELINE_FIELDS + ")", timelineWall, timelineServer);
        report("NOT A FULL READ: 10,000 points as columns unchanged since the client's copy (If-None-Match, 304)",
                unchangedWall, unchangedServer);
        report("COLD OVERVIEW (ReadCache emptied before each) 2,000 buckets of " + COMMITS + " points",
                coldOverviewWall, coldOverviewServer);
        report("REPEATED OVERVIEW (ReadCache, the series unchanged) 2,000 buckets of " + COMMITS + " points",
                overviewWall, overviewServer);
        withNoiseRows(series);
        floorBreakdown(api, refused, 400);
        floorBreakdown(api, one, 200);
        report("FLOOR a points read refused before any SQL (form=rows, 400)", refusedWall, refusedServer);
        report("FLOOR one series (GET /api/v1/series/{id}, one row)", oneWall, oneServer);
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
                "the series' existence check (SeriesQueries.series), which main ran before every points read",
                "columns through the controller answered 304 (If-None-Match), no HTTP (ReadCache: the version statement only)",
                "points as columns, the timeline's fields (fields=" + TIMELINE_FIELDS + ")",
                "all columns held in one 2.5 MB array and tagged (the controller's body before: humongous)",
                "all columns held in HeldBody's 256 KB chunks and tagged (now)",
                "statement and decoding without run_noise's join (what the join costs, run_noise empty here)",
                "statement and decoding without the intervals' columns (fields= without ciLower and ciUpper)",
                "the timeline's fields written by Jackson's generator (JacksonColumnsJson, ec94d25's writer)",
                "the timeline's fields written by hand (PointColumnsJson now)",
                "statement and decoding, rows as text, the noisy runs joined directly (V25, to 0bb34bf)",
                "overview's extent, the total counted from the index (c356186)",
                "overview's extent, the total summed from result_block (now)",
                "overview's 4,000 edges joined through branch_commit and commit (c356186)",
                "overview's 4,000 edges from the series' index and CommitCache (0aa66bc)",
                "overview's 4,000 edges, their commit ids read with the blocks (V29), and CommitCache (now)",
                "overview's buckets by result_block without their edges' commit ids (0aa66bc), without edges" };
        double[][] wall = new double[names.length][READS];
        double[][] cpu = new double[names.length][READS];
        double[][] processCpu = new double[names.length][READS];
        SeriesOverview.Extent extent = overviews.extent(series, PointRange.Positions.ALL);
        assertThat(extent.dense()).isTrue();
        SeriesOverview.Extent sparse = new SeriesOverview.Extent(extent.total(), false, 0);
        assertThat(overviews.byResults(series, PointRange.Positions.ALL, sparse, 2000))
            .isEqualTo(overviews.byResults(series, PointRange.Positions.ALL, extent, 2000));
        assertThat(overviews.byBlocks(series, PointRange.Positions.ALL, 2000)).hasSize(2000);
        String tag = etag(series);
        List<SeriesOverview.Aggregate> aggregates = overviews.byBlocks(series, PointRange.Positions.ALL, 2000);
        assertThat(oldExtent(series)).isEqualTo(extent);
        // the aggregates without their commits' ids: edges looked up in result's index, as 0aa66bc did
        List<SeriesOverview.Aggregate> withoutIds = aggregates.stream().map(a -> new SeriesOverview.Aggregate(
                a.count(), a.min(), a.max(), a.mean(), a.first(), a.last(), null, null)).toList();
        assertThat(oldEdges(series, aggregates)).isEqualTo(overviews.edges(series, aggregates))
            .isEqualTo(overviews.edges(series, withoutIds));
        SeriesQueries.Columns timeline = queries.columns(series, 10_000, null, PointRange.Positions.ALL);
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
                () -> queries.series(series).orElseThrow(), () -> viaController(series, tag, 304),
                () -> write(queries.columns(series, 10_000, null, PointRange.Positions.ALL),
                        PointFields.parse(TIMELINE_FIELDS)), () -> {
                    var array = new java.io.ByteArrayOutputStream(10_000 * 256 + 1024);
                    write(queries.columns(series, 10_000, null, PointRange.Positions.ALL), array);
                    var c = new java.util.zip.CRC32C();
                    c.update(array.toByteArray());
                }, () -> {
                    var held = new HeldBody();
                    write(queries.columns(series, 10_000, null, PointRange.Positions.ALL), held);
                    held.etag();
                }, () -> statement(series, WITHOUT_NOISE), () -> statement(series, WITHOUT_INTERVALS),
                () -> JacksonColumnsJson.write(timeline.points(),
                        timeline.commits(), PointFields.parse(TIMELINE_FIELDS), json,
                        java.io.OutputStream.nullOutputStream()),
                () -> PointColumnsJson.write(timeline.points(), timeline.commits(), PointFields.parse(TIMELINE_FIELDS),
                        json, java.io.OutputStream.nullOutputStream()),
                () -> statement(series, V25_POINTS), () -> oldExtent(series),
                () -> overviews.extent(series, PointRange.Positions.ALL), () -> oldEdges(series, aggregates),
                () -> overviews.edges(series, withoutIds), () -> overviews.edges(series, aggregates),
                () -> jdbc.sql(BLOCKS_WITHOUT_IDS).param("series", series).param("from", null).param("to", null)
                    .param("low", null).param("high", null).param("buckets", 2000L).query().listOfRows() };
        for (int i = 0; i < READS; i++) {
            for (int way = 0; way < ways.length; way++) {
                long cpuStarted = threads.getCurrentThreadCpuTime();
                long processStarted = processCpu();
                long started = System.nanoTime();
                ways[way].run();
                wall[way][i] = (System.nanoTime() - started) / 1e6;
                cpu[way][i] = (threads.getCurrentThreadCpuTime() - cpuStarted) / 1e6;
                processCpu[way][i] = (processCpu() - processStarted) / 1e6;
            }
        }
        for (int way = 0; way < ways.length; way++) {
            System.out.printf("IN-PROCESS %s: wall p50 %.1f ms, JVM CPU p50 %.1f ms, the process's CPU (GC too) "
                    + "mean %.1f ms (load %s)%n", names[way], median(wall[way]), median(cpu[way]),
                    Arrays.stream(processCpu[way]).average().orElse(0), load());
        }
    }

    /**
     * Where a cold timeline read's server time goes, part by part, in process (issue 16 point 2): the pool's
     * connection checkout, the version statement, the points statement executed (PostgreSQL's work, the rows sent
     * and pgjdbc reading them all: its default fetch size holds every row before the first), the rows decoded into
     * {@link PointColumns}, branch order and the commits, the JSON written into a {@link HeldBody} and tagged; then
     * the whole handler as the controller runs it (ReadCache emptied), and PostgreSQL alone (the same statement
     * counted, no rows sent). What HTTP adds is the HTTP server mean less the handler. Median wall per part.
     */
    private void split(long series) {
        String[] names = { "connection checkout", "version statement", "points statement executed (all rows received)",
                "rows decoded (PointColumns.add)", "branch order, commits (CommitCache), since",
                "JSON written into HeldBody and tagged", "sum of the parts",
                "the whole handler, cold (the controller into a response dropping the body)",
                "PostgreSQL alone: the points statement counted, no rows sent",
                "the points from result_pack (SeriesPacks.newest), every block packed",
                "the same, the newest block's pack deleted before each (that block read from the index)",
                "the packed read with branch order and commits (SeriesQueries.columns, every block packed)",
                "JSON of those packed columns written into HeldBody and tagged" };
        double[][] wall = new double[names.length][READS];
        String points = org.springframework.jdbc.core.namedparam.NamedParameterUtils.parseSqlStatementIntoString(
                SeriesQueries.POINTS);
        String counted = org.springframework.jdbc.core.namedparam.NamedParameterUtils.parseSqlStatementIntoString(
                "select count(*) from (" + SeriesQueries.POINTS + ") x");
        java.util.Set<PointFields> fields = PointFields.parse(TIMELINE_FIELDS);
        for (int i = 0; i < READS; i++) {
            long t0 = System.nanoTime();
            PointColumns columns = new PointColumns(10_000);
            long t1;
            long t2;
            long t3;
            long t4;
            try (var connection = dataSource.getConnection()) {
                t1 = System.nanoTime();
                try (var version = connection.prepareStatement(
                        "select cast(coalesce(sum(count), 0) as bigint) from result_block where series_id = ?")) {
                    version.setLong(1, series);
                    try (var rs = version.executeQuery()) {
                        rs.next();
                    }
                }
                t2 = System.nanoTime();
                try (var statement = connection.prepareStatement(points)) {
                    statement.setLong(1, series);
                    statement.setObject(2, null, java.sql.Types.NUMERIC);
                    statement.setObject(3, null, java.sql.Types.NUMERIC);
                    statement.setInt(4, 10_000);
                    try (var rs = statement.executeQuery()) {
                        t3 = System.nanoTime();
                        while (rs.next()) {
                            columns.add(rs);
                        }
                        t4 = System.nanoTime();
                    }
                }
            }
            catch (java.sql.SQLException ex) {
                throw new IllegalStateException(ex);
            }
            columns.toBranchOrder();
            var byId = commits.commits(columns.commits());
            columns.since(null, byId);
            long t5 = System.nanoTime();
            HeldBody body = new HeldBody();
            PointColumnsJson.write(columns, byId, fields, json, body);
            body.etag();
            long t6 = System.nanoTime();
            long[] marks = { t0, t1, t2, t3, t4, t5, t6 };
            for (int part = 0; part < 6; part++) {
                wall[part][i] = (marks[part + 1] - marks[part]) / 1e6;
            }
            wall[6][i] = (t6 - t0) / 1e6;
            readCache.clear();
            long started = System.nanoTime();
            toNowhere(series, fields);
            wall[7][i] = (System.nanoTime() - started) / 1e6;
            started = System.nanoTime();
            try (var connection = dataSource.getConnection();
                    var statement = connection.prepareStatement(counted)) {
                statement.setLong(1, series);
                statement.setObject(2, null, java.sql.Types.NUMERIC);
                statement.setObject(3, null, java.sql.Types.NUMERIC);
                statement.setInt(4, 10_000);
                try (var rs = statement.executeQuery()) {
                    rs.next();
                    assertThat(rs.getLong(1)).isEqualTo(10_000);
                }
            }
            catch (java.sql.SQLException ex) {
                throw new IllegalStateException(ex);
            }
            wall[8][i] = (System.nanoTime() - started) / 1e6;
            started = System.nanoTime();
            assertThat(packs.newest(series, 10_000).size()).isEqualTo(10_000);
            wall[9][i] = (System.nanoTime() - started) / 1e6;
            jdbc.sql("delete from result_pack where series_id = :series and block = (select max(block) from "
                    + "result_pack where series_id = :series)").param("series", series).update();
            started = System.nanoTime();
            assertThat(packs.newest(series, 10_000).size()).isEqualTo(10_000);
            wall[10][i] = (System.nanoTime() - started) / 1e6;
            // only the block deleted (packing all 3,126 again, each read, made the run minutes longer)
            packs.pack(series, jdbc.sql("select max(block) from result_block where series_id = :series")
                .param("series", series).query(Long.class).list());
            started = System.nanoTime();
            SeriesQueries.Columns packed = queries.columns(series, 10_000, null, PointRange.Positions.ALL);
            wall[11][i] = (System.nanoTime() - started) / 1e6;
            started = System.nanoTime();
            HeldBody packedBody = new HeldBody();
            PointColumnsJson.write(packed.points(), packed.commits(), fields, json, packedBody);
            packedBody.etag();
            wall[12][i] = (System.nanoTime() - started) / 1e6;
        }
        for (int part = 0; part < names.length; part++) {
            double[] sorted = wall[part].clone();
            Arrays.sort(sorted);
            System.out.printf("SPLIT cold timeline read, %s: wall p50 %.2f ms, mean %.2f, p90 %.2f (load %s)%n",
                    names[part], median(wall[part]), Arrays.stream(wall[part]).average().orElse(0),
                    sorted[(int) (sorted.length * 0.9)], load());
        }
    }

    @Autowired
    SeriesController controller;

    @Autowired
    SeriesPacks packs;

    private List<Long> allBlocks(long series) {
        return jdbc.sql("select distinct block from result_block where series_id = :series").param("series", series)
            .query(Long.class).list();
    }

    /** The overview's extent as c356186 read it: the whole series' total counted from result's index. */
    private SeriesOverview.Extent oldExtent(long series) {
        return jdbc.sql("""
                select count(*) as total,
                       (select position from result where series_id = :series order by position limit 1) as first,
                       (select position from result where series_id = :series order by position desc limit 1) as last
                from result
                where series_id = :series
                """).param("series", series).query((rs, row) -> {
                    long total = rs.getLong(1);
                    boolean dense = rs.getBigDecimal(3).subtract(rs.getBigDecimal(2)).add(java.math.BigDecimal.ONE)
                        .compareTo(java.math.BigDecimal.valueOf(total)) == 0;
                    return new SeriesOverview.Extent(total, dense, dense ? rs.getBigDecimal(2).longValueExact() : 0);
                }).single();
    }

    /** The overview's edges as c356186 read them: through branch_commit and commit. */
    private java.util.Map<java.math.BigDecimal, SeriesOverview.Edge> oldEdges(long series,
            List<SeriesOverview.Aggregate> aggregates) {
        java.math.BigDecimal[] positions = aggregates.stream()
            .flatMap(a -> java.util.stream.Stream.of(a.first(), a.last()))
            .distinct()
            .toArray(java.math.BigDecimal[]::new);
        java.util.Map<java.math.BigDecimal, SeriesOverview.Edge> edges = new java.util.TreeMap<>();
        jdbc.sql("""
                select bc.position, c.sha, c.time
                from series s
                join branch_commit bc on bc.branch_id = s.branch_id and bc.position = any(cast(:positions as numeric[]))
                join commit c on c.id = bc.commit_id
                where s.id = :series
                """).param("series", series).param("positions", positions).query(rs -> {
                    java.sql.Timestamp time = rs.getTimestamp("time");
                    edges.put(rs.getBigDecimal("position"), new SeriesOverview.Edge(rs.getString("sha"),
                            time == null ? null : time.toInstant()));
                });
        return edges;
    }

    /** The columns read as the controller answers it, into a mock response: the handler's work without HTTP. */
    private void viaController(long series, String ifNoneMatch, int status) {
        viaController(series, ifNoneMatch, status, null);
    }

    /**
     * The timeline's cold read through the controller into a response that drops its body (the mock response's
     * stream takes a byte at a time: 1.65 MB cost it ~100 ms).
     */
    private void toNowhere(long series, java.util.Set<PointFields> fields) {
        var request = new org.springframework.mock.web.MockHttpServletRequest("GET", "/");
        var mock = new org.springframework.mock.web.MockHttpServletResponse();
        var response = new jakarta.servlet.http.HttpServletResponseWrapper(mock) {
            @Override
            public jakarta.servlet.ServletOutputStream getOutputStream() {
                return new jakarta.servlet.ServletOutputStream() {
                    @Override
                    public void write(int b) {
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                    }

                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setWriteListener(jakarta.servlet.WriteListener listener) {
                    }
                };
            }
        };
        try {
            controller.points(series, 10_000, null, null, null, SeriesController.COLUMNS, fields.stream()
                .map(f -> f.json).collect(java.util.stream.Collectors.joining(",")), request, response);
        }
        catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        assertThat(mock.getStatus()).isEqualTo(200);
    }

    /** The same with the fields of a read ({@code fields=}), null for all. */
    private void viaController(long series, String ifNoneMatch, int status, java.util.Set<PointFields> fields) {
        var request = new org.springframework.mock.web.MockHttpServletRequest("GET",
                "/api/v1/series/" + series + "/points");
        if (ifNoneMatch != null) {
            request.addHeader("If-None-Match", ifNoneMatch);
        }
        var response = new org.springframework.mock.web.MockHttpServletResponse();
        try {
            controller.points(series, 10_000, null, null, null, SeriesController.COLUMNS,
                    fields == null ? null : fields.stream().map(f -> f.json)
                        .collect(java.util.stream.Collectors.joining(",")), request, response);
        }
        catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        assertThat(response.getStatus()).isEqualTo(status);
    }

    private String etag(long series) {
        var request = new org.springframework.mock.web.MockHttpServletRequest("GET", "/");
        var response = new org.springframework.mock.web.MockHttpServletResponse();
        try {
            controller.points(series, 10_000, null, null, null, SeriesController.COLUMNS, null, request, response);
        }
        catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        return response.getHeader("ETag");
    }

    /**
     * The same statement once every run has a host check's row, as with runners (1 in 100 noisy): the join is then
     * an index probe per point, not a rescan of an empty table. Interleaved with the statement without the join.
     */
    private void withNoiseRows(long series) {
        jdbc.sql("""
                insert into run_noise (run_id, noisy, reason, host_check)
                select run_id, n % 100 = 0, case when n % 100 = 0 then 'load 3.1 per core' end,
                       '{"loadPerCore": 0.2, "reference": {"medianNanos": 8100000}}'
                from (select run_id, row_number() over (order by position) as n from result
                      where series_id = :series) r
                on conflict (run_id) do nothing
                """).param("series", series).update();
        vacuumAnalyze();
        System.out.println("EXPLAIN points, a run_noise row per run:\n" + String.join("\n", jdbc.sql(
                "explain (analyze, buffers) " + SeriesQueries.POINTS).param("series", series).param("limit", 10_000)
            .param("from", null).param("to", null).query(String.class).list()));
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (String sql : List.of(NOISE_JOINED, NOISY_PROBED, V25_POINTS)) {
            System.out.println("EXPLAIN points, a run_noise row per run, other statement:\n" + String.join("\n",
                    jdbc.sql("explain (analyze, buffers) " + sql).param("series", series).param("limit", 10_000)
                        .param("from", null).param("to", null).query(String.class).list()));
        }
        String[] names = { "statement and decoding, a run_noise row per run (SeriesQueries.POINTS now: the noisy "
                + "runs hashed)",
                "the same without run_noise's join", "the same joined to all of run_noise (a7f77d7's statement)",
                "the same probing V25's index of noisy runs once per point (a lateral subquery)",
                "the same, the noisy runs joined directly (V25, to 0bb34bf; rows as text)",
                "the same, the noisy runs materialized (now; rows as text)" };
        Runnable[] ways = { () -> queries.columns(series, 10_000, null, PointRange.Positions.ALL),
                () -> statement(series, WITHOUT_NOISE), () -> statement(series, NOISE_JOINED),
                () -> statement(series, NOISY_PROBED), () -> statement(series, V25_POINTS),
                () -> statement(series, SeriesQueries.POINTS + "\n") };
        double[][] wall = new double[ways.length][READS];
        double[][] cpu = new double[ways.length][READS];
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

    /** The overview's buckets by result_block as 0aa66bc read them: without their edges' commit ids (V29). */
    static final String BLOCKS_WITHOUT_IDS = """
                with blocks as (select block, sum(count) as count, sum(finite) as finite, sum(total) as total,
                                       min(min) as min, max(max) as max, min(first) as first, max(last) as last
                                from result_block
                                where series_id = :series
                                  and (cast(:low as bigint) is null or block >= :low)
                                  and (cast(:high as bigint) is null or block <= :high)
                                group by block
                                union all
                                select floor(position / %1$d), count(*),
                                       count(*) filter (where score > '-Infinity' and score < 'Infinity'),
                                       coalesce(sum(score) filter (where score > '-Infinity' and score < 'Infinity'), 0),
                                       min(score) filter (where score > '-Infinity' and score < 'Infinity'),
                                       max(score) filter (where score > '-Infinity' and score < 'Infinity'),
                                       min(position), max(position)
                                -- two index ranges (one with "or" would scan the whole series)
                                from (select position, score from result
                                      where series_id = :series
                                        and position >= coalesce(cast(:from as numeric), '-Infinity')
                                        and position < coalesce(cast(:low as numeric) * %1$d, '-Infinity')
                                      union all
                                      select position, score from result
                                      where series_id = :series
                                        and position >= coalesce((cast(:high as numeric) + 1) * %1$d, 'Infinity')
                                        and position <= coalesce(cast(:to as numeric), 'Infinity')) cut
                                group by 1),
                     ranked as (select b.*, (row_number() over (order by block) - 1) * :buckets
                                            / (select count(*) from blocks) as bucket
                                from blocks b)
                select bucket, sum(count) as count, min(min) as min, max(max) as max,
                       sum(total) / cast(nullif(sum(finite), 0) as double precision) as mean,
                       min(first) as first, max(last) as last
                from ranked
                group by bucket
                order by bucket
                                """.formatted(ResultBlocks.SIZE);

    /** SeriesQueries.POINTS as V25 left it (to 0bb34bf): the noisy runs joined directly, not materialized. */
    static final String V25_POINTS = """
            select r.commit_id, r.score, r.error, r.ci_lower, r.ci_upper, r.run_id, r.recorded_at,
                   coalesce(n.noisy, false) as noisy, n.reason as noise_reason
            from (select commit_id, position, run_id, score, error, ci_lower, ci_upper,
                         -- results stored before V16 have no copy of their run's time: coalesce evaluates
                         -- the subquery only for those
                         coalesce(recorded_at, (select created_at from run where run.id = result.run_id))
                             as recorded_at
                  from result
                  where series_id = :series
                    and position >= coalesce(cast(:from as numeric), '-Infinity')
                    and position <= coalesce(cast(:to as numeric), 'Infinity')
                  order by position desc
                  limit :limit) r
            -- only the noisy runs (V25's index of them; a reason is stored exactly when noisy): joined to all of
            -- run_noise, a row per run wherever runners check their hosts, every read hashed the whole table
            left join (select run_id, true as noisy, reason from run_noise where noisy) n on n.run_id = r.run_id
            -- the scan's own order, newest first: Java reverses it (BranchOrder) rather than PostgreSQL sorting
            -- 10,000 numeric positions and uuids again (a third of the statement's time)
            order by r.position desc
            """;

    /** SeriesQueries.POINTS as a7f77d7 had it: joined to all of run_noise. */
    static final String NOISE_JOINED = V25_POINTS.replaceAll(
            "left join \\(select run_id, true as noisy, reason from run_noise where noisy\\) n on n.run_id = r.run_id\n",
            "left join run_noise n on n.run_id = r.run_id\n");

    /** A probe per point of V25's index of noisy runs (a lateral subquery that limit 1 keeps from being joined). */
    static final String NOISY_PROBED = V25_POINTS.replaceAll(
            "left join \\(select run_id, true as noisy, reason from run_noise where noisy\\) n on n.run_id = r.run_id\n",
            "left join lateral (select true as noisy, reason from run_noise where run_id = r.run_id and noisy "
                    + "limit 1) n on true\n");

    /** SeriesQueries.POINTS without its run_noise join; the same columns (noisy false, no reason). */
    static final String WITHOUT_NOISE = V25_POINTS
        .replace("coalesce(n.noisy, false) as noisy, n.reason as noise_reason", "false as noisy, null as noise_reason")
        .replaceAll("left join \\(select run_id, true as noisy, reason from run_noise where noisy\\) n on n.run_id = r.run_id\n", "");

    /** SeriesQueries.POINTS with nulls for the intervals (a statement that leaves them out would send less). */
    static final String WITHOUT_INTERVALS = V25_POINTS
        .replace("select r.commit_id, r.score, r.error, r.ci_lower, r.ci_upper,",
                "select r.commit_id, r.score, r.error, null::float8, null::float8,")
        .replace("select commit_id, position, run_id, score, error, ci_lower, ci_upper,",
                "select commit_id, position, run_id, score, error,");

    private void statement(long series, String sql) {
        assertThat(sql).isNotEqualTo(SeriesQueries.POINTS);
        PointColumns columns = new PointColumns(10_000);
        jdbc.sql(sql).param("series", series).param("limit", 10_000).param("from", null).param("to", null)
            .query(columns::add);
        columns.toBranchOrder();
        commits.commits(columns.commits());
    }

    /** SeriesQueries.POINTS as main had it: PostgreSQL sorts the newest-first rows into branch order. */
    static final String SORTED_POINTS = V25_POINTS.replace("order by r.position desc\n",
            "order by r.position, r.run_id\n");

    @Autowired
    CommitCache commits;

    @Autowired
    ReadCache readCache;

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

    private void write(SeriesQueries.Columns columns, java.io.OutputStream out) {
        PointColumnsJson.write(columns.points(), columns.commits(), json, out);
    }

    private void write(SeriesQueries.Columns columns, java.util.Set<PointFields> fields) {
        PointColumnsJson.write(columns.points(), columns.commits(), fields, json,
                java.io.OutputStream.nullOutputStream());
    }

    /** What the timeline reads (web timeline/loading.js): no runs, no confidence intervals. */
    static final String TIMELINE_FIELDS = "score,error,recordedAt,noisy,noiseReason";

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
        return block(() -> drain(api, path), 200, wall, offset);
    }

    /**
     * Where the JVM's CPU goes over a run of trivial reads: Tomcat's request threads, the benchmark's client (this
     * thread and the HttpClient's), every other thread, and collection and compilation (process CPU less all
     * threads'), per read.
     */
    private static void floorBreakdown(Api api, String path, int status) {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        int reads = 10 * READS;
        java.util.Map<String, Long> before = threadCpu(threads);
        long gcBefore = gcMillis();
        long collectionsBefore = collections();
        long compilingBefore = java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        long processBefore = processCpu();
        long started = System.nanoTime();
        for (int i = 0; i < reads; i++) {
            assertThat(drain(api, path)).isEqualTo(status);
        }
        double wall = (System.nanoTime() - started) / 1e6 / reads;
        double process = (processCpu() - processBefore) / 1e6 / reads;
        double gc = (double) (gcMillis() - gcBefore) / reads;
        long collected = collections() - collectionsBefore;
        double compiling = (double) (java.lang.management.ManagementFactory.getCompilationMXBean()
            .getTotalCompilationTime() - compilingBefore) / reads;
        java.util.Map<String, Double> perGroup = new java.util.TreeMap<>();
        threadCpu(threads).forEach((name, cpu) -> perGroup.merge(group(name),
                (cpu - before.getOrDefault(name, 0L)) / 1e6 / reads, Double::sum));
        double all = perGroup.values().stream().mapToDouble(Double::doubleValue).sum();
        System.out.printf("FLOOR BREAKDOWN %s (%d reads): wall %.2f ms per read; JVM CPU %.2f ms per read, of which "
                + "%s, not in any Java thread (GC, JIT, VM) %.2f; %d collections, their time %.2f ms per read; "
                + "JIT compiling %.2f ms per read (load %s)%n",
                path, reads, wall, process, perGroup.entrySet().stream()
                    .map(e -> String.format("%s %.2f", e.getKey(), e.getValue()))
                    .collect(java.util.stream.Collectors.joining(", ")), process - all, collected, gc, compiling,
                load());
    }

    private static String group(String thread) {
        if (thread.startsWith("http-nio")) {
            return "Tomcat " + (thread.contains("exec") ? "request threads" : "acceptor and poller");
        }
        if (thread.startsWith("HttpClient") || thread.startsWith("main#")) {
            return "the benchmark's client";
        }
        return "other threads";
    }

    private static java.util.Map<String, Long> threadCpu(java.lang.management.ThreadMXBean threads) {
        java.util.Map<String, Long> cpu = new java.util.HashMap<>();
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null) {
                long time = threads.getThreadCpuTime(info.getThreadId());
                if (time > 0) {
                    cpu.merge(info.getThreadName() + "#" + info.getThreadId(), time, Long::sum);
                }
            }
        }
        return cpu;
    }

    private static long collections() {
        return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
            .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionCount).sum();
    }

    private static long gcMillis() {
        return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
            .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum();
    }

    private static final java.net.http.HttpClient CLIENT = java.net.http.HttpClient.newHttpClient();

    private static final byte[] SINK = new byte[64 * 1024];

    private static int drain(Api api, String path) {
        return drain(java.net.http.HttpRequest.newBuilder(api.uri(path)));
    }

    /**
     * A timed read: the whole body received and dropped, as a browser on another machine would receive it. Decoding
     * it into a String (Api.get) made a 2.5 MB array per read in the server's JVM, whose collections then landed in
     * the server's figures; the bodies' sizes are checked once, above, by parsing them.
     */
    private static int drain(java.net.http.HttpRequest.Builder request) {
        try {
            var response = CLIENT.send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofInputStream());
            try (var body = response.body()) {
                while (body.read(SINK) >= 0) {
                    // dropped
                }
            }
            return response.statusCode();
        }
        catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    private double block(java.util.function.IntSupplier read, int status, double[] wall, int offset) {
        return block(read, status, wall, offset, "/api/v1/series/{id}/points");
    }

    private double block(java.util.function.IntSupplier read, int status, double[] wall, int offset,
            String uri) {
        double serverBefore = serverMillis(uri);
        long cpuBefore = processCpu();
        for (int i = offset; i < Math.min(offset + BLOCK, wall.length); i++) {
            long started = System.nanoTime();
            int answered = read.getAsInt();
            wall[i] = (System.nanoTime() - started) / 1e6;
            assertThat(answered).isEqualTo(status);
        }
        cpu.merge(wall, (processCpu() - cpuBefore) / 1e6, Double::sum);
        return serverMillis(uri) - serverBefore;
    }

    /** The process's CPU over each figure's blocks, in ms: server and client, both in this JVM. */
    private final java.util.Map<double[], Double> cpu = new java.util.IdentityHashMap<>();

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
            .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private double serverMillis(String uri) {
        return meters.find("http.server.requests")
            .tag("uri", uri)
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
        // as the background packer leaves result_pack after a first read (SeriesPacks); none on main
        packs.pack(series, allBlocks(series));
        return series;
    }
}
