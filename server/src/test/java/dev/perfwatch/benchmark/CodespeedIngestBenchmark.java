package dev.perfwatch.benchmark;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

/**
 * The Codespeed request path alone (detection off, as in every {@link ServerTest}): CPU per result of posts to
 * {@code /result/add/json/} of 100 results each (the form Flink's {@code save_jmh_result.py} sends), by part: the
 * request threads, the JIT and the collector, PostgreSQL. PipelineBenchmark measures the same posts with detection.
 * Not a test. Run: {@code ./mvnw -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none
 * -Dtest=CodespeedIngestBenchmark -Dsurefire.failIfNoSpecifiedTests=false -Dbench.posts=400}.
 */
@Tag("benchmark")
@ServerTest
class CodespeedIngestBenchmark {

    static final int POSTS = Integer.getInteger("bench.posts", 400);

    static final int WARM_UP = Integer.getInteger("bench.warmUp", 400);

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void postsOf100Results() throws Exception {
        Api api = Api.at(port);
        send(api, java.util.stream.IntStream.range(0, WARM_UP).mapToObj(n -> post("cs-ingest-warm-up", n)).toList());
        List<String> bodies = java.util.stream.IntStream.range(0, POSTS).mapToObj(n -> post("cs-ingest", n)).toList();
        ServerCpu cpu = new ServerCpu(IngestBenchmark.postgresDirectory(jdbc));
        ServerCpu.Mark before = cpu.mark();
        Map<String, Long> threadsBefore = IngestBenchmark.threadTicks();
        double seconds = send(api, bodies);
        ServerCpu.Mark after = cpu.mark();
        Map<String, Long> threadsAfter = IngestBenchmark.threadTicks();
        int results = POSTS * 100;
        System.out.printf(java.util.Locale.ROOT, "CODESPEED %d posts x 100 results, 2 uploaders: %.2f s, %.0f results/s;"
                + " CPU per result: request threads %.1f us, server JVM %.1f us, PostgreSQL %.1f us (load %s)%n",
                POSTS, seconds, results / seconds, after.serverThreadsMinus(before) / results / 1e3,
                after.jvmMinus(before) / results / 1e3, after.postgresMinus(before) / results / 1e3, ServerCpu.load());
        StringBuilder byGroup = new StringBuilder("CODESPEED JVM CPU per result by thread group (/proc):");
        threadsAfter.forEach((group, ticks) -> byGroup.append(String.format(java.util.Locale.ROOT, " %s %.1f us",
                group, (ticks - threadsBefore.getOrDefault(group, 0L)) * 1e4 / results)));
        System.out.println(byGroup);
    }

    /** Seconds for two uploaders, each taking the next body, to post them all (Codespeed answers 202). */
    private static double send(Api api, List<String> bodies) throws Exception {
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger threads = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2,
                r -> new Thread(r, "bench-uploader-cs-" + threads.incrementAndGet()));
        long started = System.nanoTime();
        List<java.util.concurrent.Future<?>> uploaders = new ArrayList<>();
        for (int u = 0; u < 2; u++) {
            uploaders.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < bodies.size(); i = next.getAndIncrement()) {
                    java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest
                        .newBuilder(api.uri("/result/add/json/"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .header("Authorization", ServerCpu.BASIC)
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(bodies.get(i)));
                    Api.Response response = api.send(request);
                    org.assertj.core.api.Assertions.assertThat(response.status()).as(response.body()).isEqualTo(202);
                }
            }));
        }
        for (java.util.concurrent.Future<?> uploader : uploaders) {
            uploader.get();
        }
        pool.shutdown();
        return (System.nanoTime() - started) / 1e9;
    }

    /** The form body {@code save_jmh_result.py} posts: 100 results of one revision as the {@code json} field. */
    static String post(String project, int n) {
        String date = LocalDateTime.of(2026, 1, 1, 0, 0).plusMinutes(n)
            .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS"));
        List<Map<String, Object>> results = new ArrayList<>();
        Random random = new Random(n);
        for (int b = 0; b < 100; b++) {
            Map<String, Object> result = new TreeMap<>();
            result.put("commitid", "%08x".formatted(0x1000_0000 + n));
            result.put("branch", "master");
            result.put("project", project);
            result.put("executable", "Flink");
            result.put("benchmark", "benchmark" + (b / 4) + "." + (b % 4));
            result.put("environment", "Aliyun");
            result.put("lessisbetter", false);
            result.put("units", "ops/ms");
            result.put("units_title", "Time");
            result.put("result_value", (1000 + b) * (1 + 0.02 * random.nextGaussian()));
            result.put("revision_date", date);
            result.put("result_date", date);
            result.put("std_dev", Double.toString(10 + random.nextDouble()));
            results.add(result);
        }
        return "json=" + java.net.URLEncoder.encode(Runs.json.writeValueAsString(results),
                java.nio.charset.StandardCharsets.UTF_8);
    }
}
