package dev.perfwatch.pipeline;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What one run's detection costs with the recent points in memory (RecentPoints) and without them (every series'
 * 200 points read by the statement), interleaved in one run so that both see the same load: the same run posted to
 * two projects, each detected as it arrives by its own worker, the order alternating. The worker detects in the
 * calling thread, so its CPU time is this thread's (and the detection threads' helpers'); wall time includes
 * PostgreSQL's work and the commit. {@code -Dbenchmark.compare=threads} compares the series analysed on the detection
 * threads with one by one instead (both with the recent points). Not a test:
 * run it on purpose, figures in docs/performance.md ("Detection, session of 2026-11-24 04:50").
 *
 * <pre>
 * ./mvnw -o -pl server -am test -Dtest=DetectionCostBenchmark -Dbenchmark.pipeline=true \
 *     -Dsurefire.failIfNoSpecifiedTests=false [-Dbenchmark.runs=120 -Dbenchmark.cases=250 -Dbenchmark.compare=threads
 *     -Dbenchmark.shape=ingest]
 * </pre>
 */
@ServerTest
@EnabledIfSystemProperty(named = "benchmark.pipeline", matches = "true")
class DetectionCostBenchmark {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApplicationContext context;

    /** The postmaster: the parent of a backend of ours (the data directory's name is random per resolution). */
    private String postmaster;

    @Test
    void detectionOfEachRunWithAndWithoutTheRecentPoints() {
        int runs = Integer.getInteger("benchmark.runs", 120);
        int cases = Integer.getInteger("benchmark.cases", 250);
        Api api = Api.at(port);
        // -Dbenchmark.compare=threads: both ways with the recent points, the series analysed on the configured
        // detection threads (default the processors) against one by one in the pipeline's thread.
        boolean threadsCompared = "threads".equals(System.getProperty("benchmark.compare"));
        PipelineParts parts = new PipelineParts(context);
        DetectionThreads parallel = new DetectionThreads(parts.properties.detectionThreads());
        DetectionThreads single = new DetectionThreads(1);
        PipelineWorker[] workers = threadsCompared
                ? new PipelineWorker[] { parts.worker(parts.cachedPoints(), parallel),
                        parts.worker(parts.cachedPoints(), single) }
                : new PipelineWorker[] { parts.worker(parts.cachedPoints(), single),
                        parts.worker(parts.uncachedPoints(), single) };
        String[] projects = threadsCompared
                ? new String[] { "cost-threads-" + System.nanoTime(), "cost-one-" + System.nanoTime() }
                : new String[] { "cost-cached-" + System.nanoTime(), "cost-plain-" + System.nanoTime() };
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[2];
        long[] wall = new long[2];
        long[] postgres = new long[2];
        int measured = 0;
        // -Dbenchmark.shape=ingest: IngestBenchmark's and the keep-up's runs (125 cases × 4 metrics of 5 forks × 10
        // iterations, 250 series detected) instead of 2 × 3 samples per result
        boolean ingestShape = "ingest".equals(System.getProperty("benchmark.shape"));
        java.util.Random random = new java.util.Random(42);
        for (int n = 1; n <= runs; n++) {
            ArrayNode jmh = Runs.json.createArrayNode();
            if (ingestShape) {
                jmh = dev.perfwatch.benchmark.IngestBenchmark.jmhFile(random);
            }
            for (int c = 0; c < (ingestShape ? 0 : cases); c++) {
                double level = (1000 + c) * (1 + 0.01 * Math.sin(n * 1.7 + c));
                ObjectNode element = (ObjectNode) Runs.thrpt("bench.Suite.case" + (c / 10), level).get(0);
                element.putObject("params").put("size", Integer.toString(c % 10));
                jmh.add(element);
            }
            boolean counted = n > runs / 4;
            measured += counted ? 1 : 0;
            for (int k = 0; k < 2; k++) {
                // alternate which way goes first, so that neither always finds the other's pages warm
                int way = (n + k) % 2;
                ObjectNode run = Runs.run(UUID.randomUUID(), projects[way], Runs.sha(n),
                        n == 1 ? List.of() : List.of(Runs.sha(n - 1)), null, jmh);
                assertThat(api.postJson("/api/v1/runs", run.toString()).status()).isEqualTo(201);
                long postgresBefore = postgresTicks();
                long cpuBefore = cpu(threads);
                long wallBefore = System.nanoTime();
                assertThat(workers[way].work(projects[way])).isEqualTo(1);
                if (counted) {
                    cpu[way] += cpu(threads) - cpuBefore;
                    wall[way] += System.nanoTime() - wallBefore;
                    postgres[way] += postgresTicks() - postgresBefore;
                }
            }
        }
        parallel.stop();
        single.stop();
        int results = ingestShape ? jmhResults() : 2 * cases;
        System.out.printf("DETECTION COST per run of %d results (%d series detected), the last %d of %d runs: "
                + (threadsCompared ? "on " + parallel.threads() + " detection threads" : "with the recent points")
                + " %.2f ms CPU, %.2f ms PostgreSQL CPU, %.2f ms wall; "
                + (threadsCompared ? "on one thread" : "reading them")
                + " %.2f ms CPU, %.2f ms PostgreSQL CPU, %.2f ms wall; ratio CPU %.2f, PostgreSQL %.2f, wall %.2f"
                + " (load %.2f)%n", results,
                ingestShape ? 250 : 2 * cases, measured, runs, cpu[0] / 1e6 / measured, postgres[0] * 10.0 / measured,
                wall[0] / 1e6 / measured, cpu[1] / 1e6 / measured, postgres[1] * 10.0 / measured,
                wall[1] / 1e6 / measured, (double) cpu[0] / cpu[1], (double) postgres[0] / postgres[1],
                (double) wall[0] / wall[1], ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** Results of IngestBenchmark's run: its cases, each with a score and three secondary metrics. */
    private static int jmhResults() {
        return 4 * dev.perfwatch.benchmark.IngestBenchmark.jmhFile(new java.util.Random(1)).size();
    }

    /** JVM CPU of detection so far: this thread's (the worker detects in it) and the detection threads' helpers. */
    private static long cpu(ThreadMXBean threads) {
        long total = threads.getCurrentThreadCpuTime();
        for (java.lang.management.ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("detection-")) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    /**
     * PostgreSQL's CPU so far in clock ticks (10 ms): its backends' and the postmaster's, from /proc, as
     * benchmark/ServerCpu reads them (the detection's backend works while this thread waits for it).
     */
    private long postgresTicks() {
        try {
            if (postmaster == null) {
                int backend = jdbc.sql("select pg_backend_pid()").query(Integer.class).single();
                String text = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", backend + "", "stat"));
                postmaster = text.substring(text.lastIndexOf(')') + 2).split(" ")[1];
            }
            long ticks = 0;
            try (var processes = java.nio.file.Files.list(java.nio.file.Path.of("/proc"))) {
                for (java.nio.file.Path process : processes
                    .filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                    String[] stat;
                    try {
                        String text = java.nio.file.Files.readString(process.resolve("stat"));
                        stat = text.substring(text.lastIndexOf(')') + 2).split(" ");
                    }
                    catch (java.io.IOException ex) {
                        continue;
                    }
                    if (process.getFileName().toString().equals(postmaster) || stat[1].equals(postmaster)) {
                        ticks += Long.parseLong(stat[11]) + Long.parseLong(stat[12]);
                    }
                }
            }
            return ticks;
        }
        catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

}
