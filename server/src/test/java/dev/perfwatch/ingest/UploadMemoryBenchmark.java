package dev.perfwatch.ingest;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Heap of a maximal upload (issue 14: at most five times the body). Not a test (tag {@code benchmark}; it runs
 * full collections in a loop): a JMH file of about 31 MB (7,000 cases, each a primary score and three GC metrics
 * with 5 forks × 10 iterations) is posted to {@code /api/v1/runs/jmh} while a sampler collects every 25 ms and
 * keeps the highest live heap; the client's body is allocated before the baseline. Beside it, in this process, what
 * the old reading retained (the file's tree, the records and the whole COPY message) against the new (the records).
 * Run: {@code ./mvnw -o -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none -Dtest=UploadMemoryBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
@ServerTest
class UploadMemoryBenchmark {

    static final int CASES = Integer.getInteger("bench.cases", 7_000);

    @LocalServerPort
    int port;

    @Autowired
    JsonMapper json;

    @Test
    void maximalUploadStaysUnderFiveTimesItsSize() throws Exception {
        byte[] body = jmhFile().toString().getBytes(StandardCharsets.UTF_8);
        System.out.printf("MEMORY body %.1f MB%n", body.length / 1e6);
        Api api = Api.at(port);
        api.postJson("/api/v1/runs/jmh?project=memory-warmup&commit=" + Runs.sha(1) + "&hostClass=m",
                Runs.thrpt("demo.Memory.warmup", 1).toString());

        long baseline = liveHeap();
        AtomicLong peak = new AtomicLong(baseline);
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleWithFixedDelay(() -> peak.accumulateAndGet(liveHeap(), Math::max), 0, 25, TimeUnit.MILLISECONDS);
        long started = System.nanoTime();
        Api.Response response = api.send(HttpRequest.newBuilder(api.uri("/api/v1/runs/jmh?project=memory&commit="
                + Runs.sha(2) + "&hostClass=m"))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + Api.ADMIN_TOKEN)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
        double seconds = (System.nanoTime() - started) / 1e9;
        sampler.shutdown();
        sampler.awaitTermination(10, TimeUnit.SECONDS);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        double ratio = (double) (peak.get() - baseline) / body.length;
        System.out.printf("MEMORY upload over HTTP: live heap peak %.1f MB above a baseline of %.1f MB = %.2f x the"
                + " body, stored in %.1f s (load %s)%n", (peak.get() - baseline) / 1e6, baseline / 1e6, ratio, seconds,
                load());

        long before = liveHeap();
        Object[] old = oldReading(body);
        long oldRetained = liveHeap() - before;
        old = null;
        before = liveHeap();
        Object[] now = newReading(body);
        long newRetained = liveHeap() - before;
        System.out.printf("MEMORY retained by reading, in process: before (tree + records + COPY message) %.1f MB ="
                + " %.2f x; now (records) %.1f MB = %.2f x%n", oldRetained / 1e6, (double) oldRetained / body.length,
                newRetained / 1e6, (double) newRetained / body.length);
        assertThat(now).isNotNull();
        assertThat(ratio).isLessThanOrEqualTo(5.0);
    }

    private Object[] oldReading(byte[] body) {
        JsonNode tree = json.readTree(body);
        List<JmhBenchmark> benchmarks = JmhResultReader.read(tree, "jmh");
        List<ResultCopy.Row> rows = rows(benchmarks);
        byte[] message = ResultCopy.encode(UUID.randomUUID(), 1, BigDecimal.ONE, rows);
        return new Object[] { tree, benchmarks, rows, message };
    }

    private Object[] newReading(byte[] body) {
        List<JmhBenchmark> benchmarks = UploadReader.jmh(json, body);
        return new Object[] { benchmarks, rows(benchmarks) };
    }

    private static List<ResultCopy.Row> rows(List<JmhBenchmark> benchmarks) {
        List<ResultCopy.Row> rows = new ArrayList<>();
        for (JmhBenchmark benchmark : benchmarks) {
            for (JmhBenchmark.Metric metric : benchmark.metrics()) {
                rows.add(new ResultCopy.Row(rows.size(), metric.score(), metric.error(), metric.ciLower(),
                        metric.ciUpper(), metric.samples(), metric.histogram()));
            }
        }
        return rows;
    }

    private static long liveHeap() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static String load() {
        return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static ArrayNode jmhFile() {
        Random random = new Random(14);
        ArrayNode file = Runs.json.createArrayNode();
        for (int c = 0; c < CASES; c++) {
            ObjectNode element = file.addObject();
            element.put("jmhVersion", "1.37");
            element.put("benchmark", "memory.Upload.case" + c);
            element.put("mode", "thrpt");
            element.put("threads", 1);
            element.put("forks", 5);
            element.put("jdkVersion", "17.0.15");
            element.put("vmName", "OpenJDK 64-Bit Server VM");
            element.put("vmVersion", "17.0.15+6");
            element.putArray("jvmArgs").add("-Xms2g").add("-Xmx2g");
            element.putObject("params").put("length", Integer.toString(c % 5));
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
        ArrayNode raw = metric.putArray("rawData");
        for (int f = 0; f < 5; f++) {
            ArrayNode fork = raw.addArray();
            for (int i = 0; i < 10; i++) {
                fork.add(level * (1 + 0.02 * random.nextGaussian()));
            }
        }
        metric.put("score", level);
        metric.put("scoreError", level * 0.01);
        metric.putArray("scoreConfidence").add(level * 0.99).add(level * 1.01);
        metric.put("scoreUnit", unit);
        return metric;
    }
}
