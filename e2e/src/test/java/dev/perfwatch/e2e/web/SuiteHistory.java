package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import dev.perfwatch.e2e.ServerProcess;

/**
 * A month of nightly runs of the string serialization suite, uploaded through the ingest API as a runner would:
 * 30 commits on 4-core and 8-core hosts with JDK 17 and the last 12 also with JDK 21. At commit 20 a change makes
 * every host allocate 30% more per operation and the 4-core hosts 10% slower, the FLINK-14346 pattern the UI must
 * make visible.
 */
final class SuiteHistory {

    static final String PROJECT = "web";

    static final String REPOSITORY = "https://github.com/example/serialization.git";

    static final String BENCHMARK = "dev.perfwatch.suites.serialization.strings.StringSerializationBenchmark.writeReusingBuffer";

    static final int COMMITS = 30;

    static final int REGRESSION = 20;

    static final int JDK21_FROM = 18;

    static final List<String> LENGTHS = List.of("1", "16", "128", "1024");

    static final List<String> ALPHABETS = List.of("ASCII", "NON_ASCII");

    record Environment(String hostClass, String jdkVersion, String vmVersion, int cores, int firstCommit) {

        String label() {
            return hostClass + " · JDK " + jdkVersion;
        }

        int points() {
            return COMMITS - firstCommit;
        }
    }

    static final List<Environment> ENVIRONMENTS = List.of(
            new Environment("4-core", "17.0.2", "17.0.2+8", 4, 0),
            new Environment("8-core", "17.0.2", "17.0.2+8", 8, 0),
            new Environment("4-core", "21.0.1", "21.0.1+12", 4, JDK21_FROM));

    private static final Instant START = Instant.parse("2026-01-05T02:00:00Z");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SuiteHistory() {
    }

    static String sha(int commit) {
        return UUID.nameUUIDFromBytes(("web-commit-" + commit).getBytes(StandardCharsets.UTF_8)).toString()
            .replace("-", "") + String.format("%08x", commit);
    }

    static String message(int commit) {
        if (commit == REGRESSION) {
            return "Serialize strings through a temporary buffer\n\nFaster on the 8-core laptop.";
        }
        return "Nightly change " + commit + "\n\nTouches the serializers a little.";
    }

    /** Uploads every run with the admin token; fails on the first refused upload. */
    static void upload(String server) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newHttpClient();
        Random noise = new Random(14346);
        for (int commit = 0; commit < COMMITS; commit++) {
            for (Environment environment : ENVIRONMENTS) {
                if (commit < environment.firstCommit()) {
                    continue;
                }
                String body = JSON.writeValueAsString(run(commit, environment, noise));
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(server + "/api/v1/runs"))
                    .header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 201) {
                    throw new IllegalStateException("upload refused: " + response.statusCode() + " " + response.body());
                }
            }
        }
    }

    private static ObjectNode run(int commit, Environment environment, Random noise) {
        ObjectNode run = JSON.createObjectNode();
        run.put("id", UUID.nameUUIDFromBytes((commit + environment.label()).getBytes(StandardCharsets.UTF_8)).toString());
        run.put("project", PROJECT);
        run.put("repository", REPOSITORY);
        run.put("branch", "main");
        ObjectNode commitNode = run.putObject("commit");
        commitNode.put("sha", sha(commit));
        commitNode.put("time", START.plus(commit, ChronoUnit.DAYS).toString());
        commitNode.put("author", List.of("Ada", "Grace", "Linus").get(commit % 3) + " Example");
        commitNode.put("message", message(commit));
        ArrayNode parents = commitNode.putArray("parents");
        if (commit > 0) {
            parents.add(sha(commit - 1));
        }
        ObjectNode host = run.putObject("host");
        host.put("name", "bench-" + environment.hostClass() + "-01");
        host.put("hostClass", environment.hostClass());
        host.put("cores", environment.cores());
        host.put("os", "Linux");
        run.putObject("metadata").put("governor", "performance");
        ArrayNode jmh = run.putArray("jmh");
        for (String length : LENGTHS) {
            for (String alphabet : ALPHABETS) {
                jmh.add(benchmark(commit, environment, length, alphabet, noise));
            }
        }
        return run;
    }

    private static ObjectNode benchmark(int commit, Environment environment, String length, String alphabet,
            Random noise) {
        boolean after = commit >= REGRESSION;
        double time = (8 + Integer.parseInt(length) * (alphabet.equals("ASCII") ? 0.35 : 0.9))
                * (environment.cores() == 8 ? 0.8 : 1.0) * (environment.jdkVersion().startsWith("21") ? 0.93 : 1.0)
                * (after && environment.cores() == 4 ? 1.10 : 1.0);
        double allocated = (24 + Integer.parseInt(length) * (alphabet.equals("ASCII") ? 1 : 2)) * (after ? 1.3 : 1.0);
        ObjectNode benchmark = JSON.createObjectNode();
        benchmark.put("benchmark", BENCHMARK);
        benchmark.put("mode", "avgt");
        benchmark.put("threads", 1);
        benchmark.put("forks", 2);
        benchmark.put("jvm", "/usr/lib/jvm/java-" + environment.jdkVersion().substring(0, 2) + "/bin/java");
        benchmark.putArray("jvmArgs");
        benchmark.put("jdkVersion", environment.jdkVersion());
        benchmark.put("vmName", "OpenJDK 64-Bit Server VM");
        benchmark.put("vmVersion", environment.vmVersion());
        ObjectNode params = benchmark.putObject("params");
        params.put("stringLength", length);
        params.put("alphabet", alphabet);
        benchmark.set("primaryMetric", metric(time * (1 + noise.nextGaussian() * 0.015), 0.02, "ns/op", noise));
        benchmark.putObject("secondaryMetrics")
            .set("·gc.alloc.rate.norm", metric(allocated * (1 + noise.nextGaussian() * 0.002), 0.001, "B/op", noise));
        return benchmark;
    }

    private static ObjectNode metric(double score, double relativeError, String unit, Random noise) {
        ObjectNode metric = JSON.createObjectNode();
        double error = score * relativeError * (0.5 + noise.nextDouble());
        metric.put("score", score);
        metric.put("scoreError", error);
        metric.putArray("scoreConfidence").add(score - error).add(score + error);
        metric.put("scoreUnit", unit);
        ArrayNode raw = metric.putArray("rawData");
        for (int fork = 0; fork < 2; fork++) {
            ArrayNode iterations = raw.addArray();
            for (int i = 0; i < 3; i++) {
                iterations.add(score * (1 + noise.nextGaussian() * relativeError / 2));
            }
        }
        return metric;
    }
}
