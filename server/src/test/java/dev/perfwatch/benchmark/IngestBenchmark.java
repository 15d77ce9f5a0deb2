package dev.perfwatch.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The foundation's load benchmark (not a test: excluded from the default build, run on purpose, numbers recorded in
 * docs/performance.md). Run: {@code ./mvnw -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none
 * -Dtest=IngestBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
@ServerTest
public class IngestBenchmark {

    static final int RUNS = Integer.getInteger("bench.runs", 200);

    static final int CASES = 125;

    static final int FORKS = 5;

    static final int ITERATIONS = 10;

    static final int UPLOADERS = Integer.getInteger("bench.uploaders", 2);

    static final int WARM_UP = Integer.getInteger("bench.warmUp", 100);

    static final int SERIES_POINTS = Integer.getInteger("bench.points", 10_000);

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void ingestAndRead() throws Exception {
        Api api = Api.at(port);
        List<String> bodies = new ArrayList<>();
        Random random = new Random(42);
        for (int run = 0; run < RUNS; run++) {
            bodies.add(Runs.run(UUID.randomUUID(), "bench-ingest", Runs.sha(100_000 + run),
                    run == 0 ? List.of() : List.of(Runs.sha(100_000 + run - 1)), null, jmhFile(random)).toString());
        }
        warmUp(api);

        ServerCpu cpu = new ServerCpu(postgresDirectory(jdbc));
        ServerCpu.Mark before = cpu.mark();
        java.util.Map<String, Long> threadsBefore = threadTicks();
        long cpuStarted = processCpuNanos();
        long started = System.nanoTime();
        AtomicInteger threadCount = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(UPLOADERS,
                r -> new Thread(r, "bench-uploader-" + threadCount.incrementAndGet()));
        post(pool, api, bodies);
        double seconds = (System.nanoTime() - started) / 1e9;
        double cpuMillis = (processCpuNanos() - cpuStarted) / 1e6;
        ServerCpu.Mark after = cpu.mark();
        java.util.Map<String, Long> threadsAfter = threadTicks();
        int results = RUNS * CASES * 4;
        System.out.printf("INGEST CPU per result: request threads %.1f us, server JVM (with JIT and GC) %.1f us,"
                + " client %.1f us, PostgreSQL %.1f us (load %s)%n", after.serverThreadsMinus(before) / results / 1e3,
                after.jvmMinus(before) / results / 1e3, after.clientMinus(before) / results / 1e3,
                after.postgresMinus(before) / results / 1e3, ServerCpu.load());
        StringBuilder byGroup = new StringBuilder("INGEST JVM CPU per result by thread group (/proc):");
        threadsAfter.forEach((group, ticks) -> byGroup.append(String.format(java.util.Locale.ROOT, " %s %.1f us",
                group, (ticks - threadsBefore.getOrDefault(group, 0L)) * 1e4 / results)));
        System.out.println(byGroup);
        System.out.printf("INGEST %d runs x %d results with %d uploaders: %.2f s, %.0f results/s, %.1f ms/run;"
                + " JVM CPU (server and client) %.1f us/result (load %.2f)%n", RUNS, CASES * 4, UPLOADERS, seconds,
                results / seconds, seconds * 1000 / RUNS, cpuMillis * 1000 / results,
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());

        long series = longSeries(api, pool);
        pool.shutdown();
        double[] millis = new double[200];
        for (int i = 0; i < 20; i++) {
            api.get("/api/v1/series/" + series + "/points?limit=" + SERIES_POINTS);
        }
        for (int i = 0; i < millis.length; i++) {
            long t = System.nanoTime();
            Api.Response response = api.get("/api/v1/series/" + series + "/points?limit=" + SERIES_POINTS);
            millis[i] = (System.nanoTime() - t) / 1e6;
            assertThat(response.status()).isEqualTo(200);
        }
        Arrays.sort(millis);
        System.out.printf("READ %d-point series over HTTP: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n", SERIES_POINTS,
                millis[millis.length / 2], millis[(int) (millis.length * 0.99)], millis[millis.length - 1]);
    }

    /** The embedded PostgreSQL's data directory, from its postmaster's command line (the parent of a backend). */
    static Path postgresDirectory(JdbcClient jdbc) throws java.io.IOException {
        long backend = jdbc.sql("select pg_backend_pid()").query(Long.class).single();
        String stat = Files.readString(Path.of("/proc", Long.toString(backend), "stat"));
        String postmaster = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1];
        List<String> arguments = List.of(Files.readString(Path.of("/proc", postmaster, "cmdline")).split("\0"));
        return Path.of(arguments.get(arguments.indexOf("-D") + 1));
    }

    /**
     * This JVM's CPU in clock ticks (10 ms) by kind of thread, from /proc/self/task: what a short benchmark spends
     * compiling and collecting beside the requests. Threads that ended meanwhile are not counted.
     */
    static java.util.Map<String, Long> threadTicks() throws java.io.IOException {
        java.util.Map<String, Long> ticks = new java.util.TreeMap<>();
        try (java.util.stream.Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                }
                catch (java.io.IOException ex) {
                    continue; // ended meanwhile
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                String group = name.startsWith("http-nio") ? "requests"
                        : name.startsWith("C1 ") || name.startsWith("C2 ") ? "jit"
                        : name.startsWith("GC ") || name.startsWith("G1 ") || name.startsWith("VM Thread") ? "gc"
                        : name.startsWith("bench-upload") || name.startsWith("HttpClient") ? "client" : "other";
                ticks.merge(group, Long.parseLong(fields[11]) + Long.parseLong(fields[12]), Long::sum);
            }
        }
        return ticks;
    }

    /** This JVM's CPU time: the server's, plus the uploaders' sending of prepared bodies. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
            .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /**
     * Runs before the measured ones. Ten, as until 2026-11-24, left the JIT compiling the request path through the
     * measurement: 69 of 110 µs of the server's CPU per result were the compiler's threads (docs/performance.md).
     */
    private void warmUp(Api api) {
        Random random = new Random(7);
        for (int i = 0; i < WARM_UP; i++) {
            api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), "bench-warmup", Runs.sha(900_000 + i),
                    List.of(), null, jmhFile(random)).toString());
        }
    }

    /** A series of SERIES_POINTS commits: one small run per commit. */
    /** Posts the runs from {@link #UPLOADERS} threads of the pool, each taking the next; every one must be stored. */
    static void post(ExecutorService pool, Api api, List<String> bodies) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Future<?>> uploaders = new ArrayList<>();
        for (int u = 0; u < UPLOADERS; u++) {
            uploaders.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < bodies.size(); i = next.getAndIncrement()) {
                    Api.Response response = api.postJson("/api/v1/runs", bodies.get(i));
                    assertThat(response.status()).as(response.body()).isEqualTo(201);
                }
            }));
        }
        for (Future<?> uploader : uploaders) {
            uploader.get();
        }
    }

    private long longSeries(Api api, ExecutorService pool) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Future<?>> uploaders = new ArrayList<>();
        for (int u = 0; u < UPLOADERS; u++) {
            uploaders.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < SERIES_POINTS; i = next.getAndIncrement()) {
                    api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), "bench-read", Runs.sha(200_000 + i),
                            List.of(), "2026-01-01T00:00:00Z", Runs.thrpt("demo.Long.series", 1000 + i % 7))
                        .toString());
                }
            }));
        }
        for (Future<?> uploader : uploaders) {
            uploader.get();
        }
        return api.get("/api/v1/series?project=bench-read&metric=primary").json().get(0).get("id").asLong();
    }

    /** 125 cases, each a primary score and three GC metrics, every metric 5 forks x 10 iterations of samples. */
    public static ArrayNode jmhFile(Random random) {
        ArrayNode file = Runs.json.createArrayNode();
        for (int c = 0; c < CASES; c++) {
            ObjectNode element = file.addObject();
            element.put("jmhVersion", "1.37");
            element.put("benchmark", "bench.Serialization.case" + (c / 5));
            element.put("mode", "thrpt");
            element.put("threads", 1);
            element.put("forks", FORKS);
            element.put("jdkVersion", "17.0.15");
            element.put("vmName", "OpenJDK 64-Bit Server VM");
            element.put("vmVersion", "17.0.15+6");
            element.putArray("jvmArgs").add("-Xms2g").add("-Xmx2g");
            element.putObject("params").put("length", Integer.toString(1 << (c % 5)));
            element.set("primaryMetric", metric(random, 1000 + c, "ops/ms"));
            ObjectNode secondaries = element.putObject("secondaryMetrics");
            secondaries.set("gc.alloc.rate", metric(random, 800, "MB/sec"));
            secondaries.set("gc.alloc.rate.norm", metric(random, 96, "B/op"));
            secondaries.set("gc.count", metric(random, 12, "counts"));
        }
        return file;
    }

    private static ObjectNode metric(Random random, double level, String unit) {
        ObjectNode metric = Runs.json.createObjectNode();
        ArrayNode raw = Runs.json.createArrayNode();
        double sum = 0;
        for (int f = 0; f < FORKS; f++) {
            ArrayNode fork = raw.addArray();
            for (int i = 0; i < ITERATIONS; i++) {
                double value = level * (1 + 0.02 * random.nextGaussian());
                sum += value;
                fork.add(value);
            }
        }
        double mean = sum / (FORKS * ITERATIONS);
        metric.put("score", mean);
        metric.put("scoreError", mean * 0.01);
        metric.putArray("scoreConfidence").add(mean * 0.99).add(mean * 1.01);
        metric.put("scoreUnit", unit);
        metric.set("rawData", raw);
        return metric;
    }
}
