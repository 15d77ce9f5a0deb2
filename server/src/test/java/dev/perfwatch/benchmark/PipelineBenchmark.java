package dev.perfwatch.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.IntFunction;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.PerfwatchApplication;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What detection costs and whether it keeps up (issue 16 points 1 and 3), on the production application with the
 * pipeline on, as deployed (the default poll interval, so a run that waited for the poll would show): Codespeed
 * posts of 100 results with their server CPU per result including detection, 500-result runs with the ingest rate
 * and the detection rate of the same run, and an import of 10,000 small runs from the first arrival to the last
 * detection. Not a test: run on purpose, figures in docs/performance.md ("Ingest and detection throughput").
 *
 * <pre>
 * ./mvnw -o -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none -Dtest=PipelineBenchmark \
 *     -Dsurefire.failIfNoSpecifiedTests=false [-Dbench.posts=200 -Dbench.keepUpRuns=100 -Dbench.importRuns=10000]
 * </pre>
 */
@Tag("benchmark")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PipelineBenchmark {

    static final int POSTS = Integer.getInteger("bench.posts", 200);

    /** Codespeed posts before the measured ones (not measured): the JIT's warm-up, see docs/performance.md. */
    static final int WARM_UP_POSTS = Integer.getInteger("bench.warmUpPosts", 50);

    static final int KEEP_UP_RUNS = Integer.getInteger("bench.keepUpRuns", 100);

    /** Runs stored and detected before the keep-up is measured: the series' history then (0: a new project). */
    static final int KEEP_UP_HISTORY = Integer.getInteger("bench.keepUpHistory", 200);

    static final int IMPORT_RUNS = Integer.getInteger("bench.importRuns", 10_000);

    static final int UPLOADERS = Integer.getInteger("bench.uploaders", 2);

    /** The importers post one run after the other (runner importer/). */
    static final int IMPORT_UPLOADERS = Integer.getInteger("bench.importUploaders", 1);

    ConfigurableApplicationContext server;

    Api api;

    JdbcClient jdbc;

    ServerCpu cpu;

    @BeforeAll
    void start() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "bench-pipeline", UUID.randomUUID().toString()));
        server = new SpringApplicationBuilder(PerfwatchApplication.class).run("--server.port=0",
                "--perfwatch.db.data-dir=" + dir.toAbsolutePath(), "--perfwatch.security.admin-token=" + Api.ADMIN_TOKEN,
                "--logging.level.dev.perfwatch.ingest=warn", "--logging.level.dev.perfwatch.pipeline.RunAnalysis=warn");
        api = Api.at(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
        jdbc = server.getBean(JdbcClient.class);
        cpu = new ServerCpu(dir.resolve("postgres"));
        // A server that has been up a while: its OpenAPI warm-up (seconds of CPU here) is not the benchmark's.
        dev.perfwatch.apidocs.ApiDocsWarmupAccess.awaitBuilt(server);
    }

    @AfterAll
    void stop() {
        server.close();
    }

    @Test
    @Order(1)
    void codespeedPostsOf100Results() throws Exception {
        Uploads.of(UPLOADERS, WARM_UP_POSTS, n -> codespeedPost("cs-warm-up", n)).run(api, "/result/add/json/");
        drain();
        // Built before the measurement (until 2026-11-29 inside it, where this thread's work counted as the server's).
        long building = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        Uploads uploads = Uploads.of(UPLOADERS, POSTS, n -> codespeedPost("cs-bench", n));
        building = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - building;
        ServerCpu.Mark before = cpu.mark();
        java.util.Map<String, Long> groupsBefore = ServerCpu.groups();
        long allocatedBefore = ServerCpu.allocated();
        double redetected = redetected();
        double posted = uploads.run(api, "/result/add/json/");
        ServerCpu.Mark stored = cpu.mark();
        java.util.Map<String, Long> groupsStored = ServerCpu.groups();
        double drained = drain();
        ServerCpu.Mark detected = cpu.mark();
        java.util.Map<String, Long> groupsDetected = ServerCpu.groups();
        long allocated = ServerCpu.allocated() - allocatedBefore;
        int results = POSTS * 100;
        System.out.printf("CODESPEED %d posts x 100 results, %d uploaders: stored in %.2f s (%.0f results/s), detected"
                + " %.2f s later; per result: JVM server CPU %.1f us stored, %.1f us with detection; PostgreSQL CPU"
                + " %.1f us stored, %.1f us with detection; client %.1f us; request and pipeline threads alone"
                + " %.1f us, of which the pipeline's %.1f us (load %s)%n", POSTS, UPLOADERS, posted,
                results / posted, drained, stored.jvmMinus(before) / results / 1e3,
                detected.jvmMinus(before) / results / 1e3, stored.postgresMinus(before) / results / 1e3,
                detected.postgresMinus(before) / results / 1e3, detected.clientMinus(before) / results / 1e3,
                detected.serverThreadsMinus(before) / results / 1e3,
                detected.pipelineThreadsMinus(before) / results / 1e3, ServerCpu.load());
        System.out.printf("CODESPEED request and pipeline threads allocated %.1f kB per result%n",
                allocated / 1e3 / results);
        System.out.printf("CODESPEED building the bodies (client, not measured): %.1f us per result%n",
                building / 1e3 / results);
        System.out.println("CODESPEED JVM CPU per result by thread group (/proc), stored: "
                + ServerCpu.perResult(groupsBefore, groupsStored, results));
        System.out.println("CODESPEED JVM CPU per result by thread group (/proc), with detection: "
                + ServerCpu.perResult(groupsBefore, groupsDetected, results));
        System.out.printf("CODESPEED series re-detected after a late run: %.0f of %d%n",
                redetected() - redetected, results);
        assertThat(jdbc.sql("select count(*) from run r join project p on p.id = r.project_id where p.name = 'cs-bench'")
            .query(Long.class).single()).isEqualTo(POSTS);
    }

    @Test
    @Order(2)
    void detectionKeepsUpWith500ResultRuns() throws Exception {
        Random random = new Random(42);
        Uploads.of(UPLOADERS, 10, n -> run("keep-up-warm-up", n, IngestBenchmark.jmhFile(random), null))
            .run(api, "/api/v1/runs");
        drain();
        // A project's steady state: every series already holds a detection window of history (PipelineStore.POINTS),
        // which is what a night's runs are detected on; on a young history each detection reads and analyses less.
        Uploads.of(UPLOADERS, KEEP_UP_HISTORY, n -> run("keep-up", n, IngestBenchmark.jmhFile(random), null))
            .run(api, "/api/v1/runs");
        drain();
        Uploads uploads = Uploads.of(UPLOADERS, KEEP_UP_RUNS, n -> run("keep-up", KEEP_UP_HISTORY + n,
                IngestBenchmark.jmhFile(random), null));
        ServerCpu.Mark before = cpu.mark();
        double redetected = redetected();
        double ingested = uploads.run(api, "/api/v1/runs");
        long backlog = tasks();
        ServerCpu.Mark stored = cpu.mark();
        double drained = drain();
        ServerCpu.Mark detected = cpu.mark();
        int results = KEEP_UP_RUNS * 500;
        System.out.printf("KEEP-UP %d runs x 500 results after %d runs of history, %d uploaders: ingest %.2f s = %.2f runs/s (%.0f results/s);"
                + " detection of all done %.2f s after the last upload: %.2f runs/s over the whole, the %d runs left"
                + " at the end of ingest worked off at %.2f runs/s; JVM server CPU per result %.1f us stored, %.1f us"
                + " with detection; PostgreSQL %.1f / %.1f us; request and pipeline threads alone %.1f us, of which"
                + " the pipeline's %.1f us (load %s)%n", KEEP_UP_RUNS, KEEP_UP_HISTORY, UPLOADERS, ingested,
                KEEP_UP_RUNS / ingested, results / ingested, drained, KEEP_UP_RUNS / (ingested + drained), backlog,
                backlog / drained, stored.jvmMinus(before) / results / 1e3, detected.jvmMinus(before) / results / 1e3,
                stored.postgresMinus(before) / results / 1e3, detected.postgresMinus(before) / results / 1e3,
                detected.serverThreadsMinus(before) / results / 1e3,
                detected.pipelineThreadsMinus(before) / results / 1e3, ServerCpu.load());
        System.out.printf("KEEP-UP series re-detected after a late run: %.0f of %d%n",
                redetected() - redetected, KEEP_UP_RUNS * 250);
    }

    @Test
    @Order(3)
    void importOf10000SmallRuns() throws Exception {
        // Years-old commits, one a day, ten benchmarks of one score each: what an imported history looks like.
        Random random = new Random(7);
        LocalDateTime first = LocalDateTime.of(2019, 1, 1, 12, 0);
        Uploads uploads = Uploads.of(IMPORT_UPLOADERS, IMPORT_RUNS, n -> run("import", n, smallRun(random, n),
                first.plusDays(n) + "Z"));
        ServerCpu.Mark before = cpu.mark();
        double redetected = redetected();
        double ingested = uploads.run(api, "/api/v1/runs");
        long backlog = tasks();
        double drained = drain();
        ServerCpu.Mark detected = cpu.mark();
        System.out.printf("IMPORT %d runs x 10 results, %d uploaders: stored in %.1f s (%.1f runs/s), %d runs left"
                + " to detect then, all detected %.1f s after the last upload: %.1f s from the first arrival to fully"
                + " detected; JVM server CPU %.2f ms per run, PostgreSQL %.2f ms per run (load %s)%n", IMPORT_RUNS,
                IMPORT_UPLOADERS, ingested, IMPORT_RUNS / ingested, backlog, drained, ingested + drained,
                detected.jvmMinus(before) / IMPORT_RUNS / 1e6, detected.postgresMinus(before) / IMPORT_RUNS / 1e6,
                ServerCpu.load());
        assertThat(tasks()).isZero();
    }

    /** Series detected again from a late run's commit on (Redetection's counter). */
    private double redetected() {
        return server.getBean(io.micrometer.core.instrument.MeterRegistry.class)
            .counter("perfwatch.detection.redetected").count();
    }

    private long tasks() {
        return jdbc.sql("select count(*) from detection_task").query(Long.class).single();
    }

    /** Seconds until no detection task is left. */
    private double drain() {
        long started = System.nanoTime();
        await().atMost(Duration.ofHours(1)).pollInterval(Duration.ofMillis(10)).until(() -> tasks() == 0);
        return (System.nanoTime() - started) / 1e9;
    }

    static String run(String project, int n, ArrayNode jmh, String time) {
        return Runs.run(UUID.randomUUID(), project, Runs.sha(300_000 + n),
                n == 0 ? List.of() : List.of(Runs.sha(300_000 + n - 1)), time, jmh).toString();
    }

    static ArrayNode smallRun(Random random, int n) {
        ArrayNode file = Runs.json.createArrayNode();
        for (int b = 0; b < 10; b++) {
            ObjectNode element = file.addObject();
            element.put("benchmark", "imported.Suite.bench" + b);
            element.put("mode", "avgt");
            element.put("threads", 1);
            ObjectNode primary = element.putObject("primaryMetric");
            double score = (100 + b) * (n > IMPORT_RUNS / 2 && b == 0 ? 1.3 : 1) * (1 + 0.01 * random.nextGaussian());
            primary.put("score", score);
            primary.put("scoreError", score * 0.01);
            primary.put("scoreUnit", "ns/op");
        }
        return file;
    }

    /** The form body {@code save_jmh_result.py} posts: 100 results of one revision as the {@code json} field. */
    private static String codespeedPost(String project, int n) {
        return CodespeedIngestBenchmark.post(project, n);
    }

    /** Prepared bodies posted by a few uploader threads, each taking the next body. */
    record Uploads(int uploaders, List<String> bodies) {

        static Uploads of(int uploaders, int count, IntFunction<String> body) {
            List<String> bodies = new ArrayList<>(count);
            for (int n = 0; n < count; n++) {
                bodies.add(body.apply(n));
            }
            return new Uploads(uploaders, bodies);
        }

        /** Seconds from the first post to the last answer. */
        double run(Api api, String path) throws Exception {
            java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            long started = System.nanoTime();
            for (int u = 0; u < uploaders; u++) {
                Thread thread = new Thread(() -> {
                    try {
                        for (int i = next.getAndIncrement(); i < bodies.size(); i = next.getAndIncrement()) {
                            post(api, path, bodies.get(i));
                        }
                    }
                    catch (Throwable ex) {
                        failures.add(ex);
                    }
                }, "bench-uploader-" + u);
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            assertThat(failures).isEmpty();
            return (System.nanoTime() - started) / 1e9;
        }

        private static void post(Api api, String path, String body) {
            boolean form = body.startsWith("json=");
            java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(api.uri(path))
                .header("Content-Type", form ? "application/x-www-form-urlencoded" : "application/json")
                .header("Authorization", form ? ServerCpu.BASIC : "Bearer " + Api.ADMIN_TOKEN)
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body));
            Api.Response response = api.send(request);
            assertThat(response.status()).as(response.body()).isIn(201, 202);
        }
    }
}
