package dev.perfwatch.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.PerfwatchApplication;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;

/**
 * How costs grow with the database (docs/performance.md, "Scale"): the server with its embedded, durable PostgreSQL
 * in this JVM, measured on an empty database, then again after each slice of a bulk load of
 * {@code evaluation.series} series × {@code evaluation.commits} commits (with samples), every figure also as a
 * ratio to the empty one. Run on purpose:
 * {@code ./mvnw -pl server -am -Pevaluation verify -DskipTests -Devaluation.main=dev.perfwatch.benchmark.ScaleBenchmark
 * -Devaluation.series=50000 -Devaluation.commits=1000 -Devaluation.slices=4}. The data directory
 * ({@code evaluation.dir}, default target/scale) is deleted at the end unless {@code evaluation.keep=true}.
 */
public final class ScaleBenchmark {

    private static final int SERIES = Integer.getInteger("evaluation.series", 5_000);

    private static final int COMMITS = Integer.getInteger("evaluation.commits", 1_000);

    private static final int SLICES = Integer.getInteger("evaluation.slices", 2);

    private static final int RUNS = Integer.getInteger("evaluation.runs", 40);

    private static final int READS = Integer.getInteger("evaluation.reads", 40);

    private static final int HISTORY = 100_000;

    private static final Path DIR = Path.of(System.getProperty("evaluation.dir", "target/scale"));

    private ScaleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        deleteRecursively(DIR);
        // System properties, since application.yml's own defaults would win over the builder's default properties.
        System.setProperty("server.port", "0");
        System.setProperty("perfwatch.db.data-dir", DIR.toAbsolutePath().toString());
        System.setProperty("perfwatch.security.admin-token", Api.ADMIN_TOKEN);
        System.setProperty("perfwatch.pipeline.poll-interval", "50ms");
        System.setProperty("logging.level.dev.perfwatch.ingest", "warn");
        ConfigurableApplicationContext app = new SpringApplicationBuilder(PerfwatchApplication.class).run();
        try {
            int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
            JdbcClient jdbc = app.getBean(JdbcClient.class);
            Api api = Api.at(port);
            long history = history(jdbc);
            List<Figures> rows = new ArrayList<>();
            warmUp(api, jdbc, history);
            rows.add(measure(api, jdbc, history, 0));
            BulkLoad bulk = new BulkLoad(jdbc, "bulk");
            bulk.vocabulary(SERIES);
            int done = 0;
            for (int slice = 1; slice <= SLICES; slice++) {
                int to = COMMITS * slice / SLICES;
                long started = System.nanoTime();
                long loaded = bulk.commits(done + 1, to);
                double seconds = (System.nanoTime() - started) / 1e9;
                System.out.printf(Locale.ROOT, "LOAD commits %d..%d: %d results in %.0f s (%.0f results/s)%n",
                        done + 1, to, loaded, seconds, loaded / seconds);
                done = to;
                jdbc.sql("vacuum analyze").update();
                rows.add(measure(api, jdbc, history, slice));
            }
            sizes(jdbc);
            report(rows);
        }
        finally {
            app.close();
            if (!Boolean.getBoolean("evaluation.keep")) {
                deleteRecursively(DIR);
            }
        }
    }

    record Figures(long results, double ingest, double detection, double[] read, double[] overview,
            double[] changes, double[] alerts, String load) {
    }

    private static Figures measure(Api api, JdbcClient jdbc, long history, int round) throws Exception {
        String load = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        long results = jdbc.sql("select count(*) from result").query(Long.class).single();
        String project = "ingest-" + round;
        long started = System.nanoTime();
        ingest(api, project);
        double ingestSeconds = (System.nanoTime() - started) / 1e9;
        drain(jdbc);
        double detectSeconds = (System.nanoTime() - started) / 1e9;
        String changes = "/api/v1/changes?project=" + project;
        Figures figures = new Figures(results, RUNS * 500 / ingestSeconds, RUNS / detectSeconds,
                time(api, "/api/v1/series/" + history + "/points?limit=10000", READS),
                time(api, "/api/v1/series/" + history + "/points?buckets=2000", READS), time(api, changes, READS),
                time(api, "/api/v1/alerts?limit=100", READS), load);
        System.out.printf(Locale.ROOT,
                "ROUND %d: %,d results in the database, load %s: ingest %.0f results/s, ingest+detection %.2f runs/s, "
                        + "10k read p50 %.1f p99 %.1f ms, overview p50 %.1f p99 %.1f ms, changes p50 %.1f ms, "
                        + "alerts p50 %.1f ms%n",
                round, results, load, figures.ingest(), figures.detection(), figures.read()[0], figures.read()[1],
                figures.overview()[0], figures.overview()[1], figures.changes()[0], figures.alerts()[0]);
        return figures;
    }

    private static void ingest(Api api, String project) throws Exception {
        Random random = new Random(42);
        List<String> bodies = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            bodies.add(Runs.run(UUID.randomUUID(), project, Runs.sha(100_000 + run),
                    run == 0 ? List.of() : List.of(Runs.sha(100_000 + run - 1)), null,
                    IngestBenchmark.jmhFile(random)).toString());
        }
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> uploaders = new ArrayList<>();
            for (int u = 0; u < 2; u++) {
                uploaders.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < bodies.size(); i = next.getAndIncrement()) {
                        Api.Response response = api.postJson("/api/v1/runs", bodies.get(i));
                        if (response.status() != 201) {
                            throw new IllegalStateException(response.body());
                        }
                    }
                }));
            }
            for (Future<?> uploader : uploaders) {
                uploader.get();
            }
        }
        finally {
            pool.shutdown();
        }
    }

    /** p50 and p99 in ms of GETs of the path over HTTP, after a fifth as many unmeasured ones. */
    private static double[] time(Api api, String path, int times) {
        Supplier<Api.Response> get = () -> api.get(path);
        for (int i = 0; i < times / 5; i++) {
            get.get();
        }
        double[] millis = new double[times];
        for (int i = 0; i < times; i++) {
            long t = System.nanoTime();
            Api.Response response = get.get();
            millis[i] = (System.nanoTime() - t) / 1e6;
            if (response.status() != 200) {
                throw new IllegalStateException(path + ": " + response.status() + " " + response.body());
            }
        }
        Arrays.sort(millis);
        return new double[] { millis[times / 2], millis[Math.min(times - 1, (int) (times * 0.99))] };
    }

    /** One series of 100,000 commits, bulk-loaded: the 10k read takes its newest, the overview all of it. */
    private static long history(JdbcClient jdbc) {
        BulkLoad history = new BulkLoad(jdbc, "history");
        history.vocabulary(1);
        history.commits(1, HISTORY);
        jdbc.sql("vacuum analyze").update();
        return jdbc.sql("select s.id from series s join project p on p.id = s.project_id where p.name = 'history'")
            .query(Long.class)
            .single();
    }

    private static void drain(JdbcClient jdbc) throws InterruptedException {
        while (jdbc.sql("select count(*) from detection_task").query(Long.class).single() > 0) {
            Thread.sleep(20); // a benchmark waiting for the pipeline to drain, not a test waiting for time
        }
    }

    private static void warmUp(Api api, JdbcClient jdbc, long history) throws Exception {
        ingest(api, "warm-up");
        drain(jdbc);
        time(api, "/api/v1/series/" + history + "/points?limit=10000", READS / 2);
        time(api, "/api/v1/series/" + history + "/points?buckets=2000", READS / 2);
    }

    private static void sizes(JdbcClient jdbc) {
        jdbc.sql("""
                select c.relname, pg_relation_size(c.oid) as bytes, pg_total_relation_size(c.oid) as total
                from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'i') and pg_total_relation_size(c.oid) > 1000000
                order by total desc
                """)
            .query((rs, row) -> String.format(Locale.ROOT, "SIZE %-28s %,15d bytes (with indexes and TOAST %,d)",
                    rs.getString(1), rs.getLong(2), rs.getLong(3)))
            .list()
            .forEach(System.out::println);
        long results = jdbc.sql("select count(*) from result").query(Long.class).single();
        long bytes = jdbc.sql("select pg_total_relation_size('result')").query(Long.class).single();
        System.out.printf(Locale.ROOT, "BYTES per result (table, TOAST and indexes of result): %.0f%n",
                (double) bytes / results);
    }

    private static void report(List<Figures> rows) throws IOException {
        Figures empty = rows.get(0);
        StringBuilder tsv = new StringBuilder(
                "results\tload\tingest_results_per_s\tdetected_runs_per_s\tread10k_p50_ms\toverview_p50_ms\t"
                        + "changes_p50_ms\talerts_p50_ms\n");
        for (Figures f : rows) {
            tsv.append(String.format(Locale.ROOT, "%d\t%s\t%.0f\t%.3f\t%.2f\t%.2f\t%.2f\t%.2f%n", f.results(), f.load(),
                    f.ingest(), f.detection(), f.read()[0], f.overview()[0], f.changes()[0], f.alerts()[0]));
            System.out.printf(Locale.ROOT,
                    "RATIO at %,d results (load %s): ingest %.2f, detection %.2f, 10k read %.2f, overview %.2f, "
                            + "changes %.2f, alerts %.2f (cost ratios: >1 is slower than empty)%n",
                    f.results(), f.load(), empty.ingest() / f.ingest(), empty.detection() / f.detection(),
                    f.read()[0] / empty.read()[0], f.overview()[0] / empty.overview()[0],
                    f.changes()[0] / empty.changes()[0], f.alerts()[0] / empty.alerts()[0]);
        }
        Path out = Path.of("target/scale.tsv");
        Files.writeString(out, tsv);
        System.out.println("TSV " + out.toAbsolutePath());
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
