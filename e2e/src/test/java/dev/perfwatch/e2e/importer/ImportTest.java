package dev.perfwatch.e2e.importer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

import dev.perfwatch.e2e.ServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged runner's imports into the packaged server, as a user runs them: a Codespeed server (a stub on
 * loopback answering with recorded-shape pages and timelines) and github-action-benchmark's data.js of
 * softwaremill/jox. The imported Codespeed history must read back from perfwatch's /timeline/json/ as the source
 * answered it, with the source's ids; running an import again stores nothing twice. And the issue's public-history
 * target on a history we generate with its shape ({@link StepHistory}: nightly entries, 7 JMH series stepping down
 * 50-80% at one commit, noise and odd entries), imported twice into two projects: the step is a change point at its
 * exact commit on every series in both, the two identical, nothing left waiting (no job, no detection task). Real
 * public files are checked by scripts/import-check.sh (docs/import.md, "Public histories").
 */
class ImportTest {

    static final JsonMapper json = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    static final HttpClient http = HttpClient.newHttpClient();

    /** Long enough for the detector's whole-history search, short enough for the build. */
    static final int STEP_COMMITS = 100;

    static final int STEP_AT = 72;

    @TempDir
    static Path dataDir;

    static ServerProcess server;

    @BeforeAll
    static void startServer() {
        server = ServerProcess.start(dataDir.resolve("server"));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void importCodespeedWhenRunTwiceReadsBackAsTheSourceAnsweredAndStoresOnce() throws Exception {
        HttpServer codespeed = codespeed();
        try {
            String from = "http://127.0.0.1:" + codespeed.getAddress().getPort() + "/";
            String[] args = { "codespeed", "--from", from, "--server", server.url(), "--token",
                    ServerProcess.ADMIN_TOKEN };

            Result first = runImport(args);
            Result second = runImport(args);

            assertThat(first.code()).as(first.output()).isZero();
            assertThat(first.output()).contains("[1/4] serializerHeavyString on Hetzner: 4 points",
                    "done: 6 results in 4 runs (4 new, 0 already stored)");
            assertThat(second.code()).as(second.output()).isZero();
            assertThat(second.output()).contains("done: 6 results in 4 runs (0 new, 4 already stored)");
            for (String benchmark : List.of("serializerHeavyString", "stringWrite.128")) {
                JsonNode source = comparable(json.readTree(resource("timeline-0.11-" + benchmark + ".json")));
                JsonNode imported = comparable(
                        json.readTree(get("/timeline/json/?exe=1,3&ben=" + benchmark + "&env=2&revs=10")));
                assertThat(imported).as(benchmark).isEqualTo(source);
            }
            assertThat(json.readTree(get("/timeline/json/?exe=Flink&ben=stringWrite.128&env=Hetzner"))
                .get("timelines").get(0).get("branches").get("master").get("Flink")).hasSize(2);
        }
        finally {
            codespeed.stop(0);
        }
    }

    @Test
    void importGhActionBenchmarkWhenRunTwiceStoresEveryEntryOnce() throws Exception {
        // jox's data.js as the action writes it, cut to four of its 74 benchmarks (all 45 entries kept)
        Path data = Path.of("../runner/src/test/resources/dev/perfwatch/runner/importer/softwaremill-jox-data.js");
        String[] args = { "gh-action-benchmark", data.toString(), "--server", server.url(), "--token",
                ServerProcess.ADMIN_TOKEN, "--project", "jox" };

        Result first = runImport(args);
        Result second = runImport(args);

        assertThat(first.code()).as(first.output()).isZero();
        assertThat(first.output()).contains("[45/45]", "done: 45 runs (45 new, 0 already stored), 135 results");
        assertThat(second.output()).contains("done: 45 runs (0 new, 45 already stored), 135 results");
        JsonNode series = json.readTree(get("/api/v1/series?project=jox"));
        int points = 0;
        for (JsonNode one : series) {
            points += json.readTree(get("/api/v1/series/" + one.get("id").asLong() + "/points")).size();
        }
        assertThat(series).as("4 benchmarks, 3 of which changed their thread count: 7 cases").hasSize(7);
        assertThat(points).isEqualTo(135);
    }

    @Test
    void stepOfEverySeriesIsAChangePointAtItsExactCommitIdenticallyInTwoImportsWithNothingLeftWaiting()
            throws Exception {
        StepHistory.History history = StepHistory.write(dataDir.resolve("steps-data.js"), STEP_COMMITS, STEP_AT, 11);
        String stepSha = history.shas().get(STEP_AT);

        List<String> first = importAndRead(history, "steps-a");
        List<String> second = importAndRead(history, "steps-b");

        assertThat(second).as("the same file gives the same change points").isEqualTo(first);
        List<String> atStep = first.stream().filter(point -> point.contains("@" + stepSha)).toList();
        assertThat(atStep).as("every series' step at its exact commit: " + first).hasSize(StepHistory.BENCHES.size());
        for (String point : atStep) {
            Matcher magnitude = Pattern.compile("regression (historical|unconfirmed) (-0\\.\\d+)@").matcher(point);
            assertThat(magnitude.find()).as(point).isTrue();
            assertThat(Double.parseDouble(magnitude.group(2))).as(point).isBetween(-0.85, -0.45);
        }
        for (String project : List.of("steps-a", "steps-b")) {
            assertThat(json.readTree(get("/api/v1/jobs?project=" + project)))
                .as("no job for a host class nobody serves").isEmpty();
        }
    }

    /** Imports the file into the project, waits for detection to drain, and lists its change points as text. */
    private static List<String> importAndRead(StepHistory.History history, String project) throws Exception {
        Path log = dataDir.resolve(project + ".log");
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                runnerJar(), "import", "gh-action-benchmark", history.file().toString(), "--server",
                server.url(), "--token", ServerProcess.ADMIN_TOKEN, "--project", project)
            .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("the import ends").isTrue();
        assertThat(process.exitValue()).as(Files.readString(log)).isZero();
        assertThat(Files.readString(log)).contains("done: " + (STEP_COMMITS + 1) + " runs (" + (STEP_COMMITS + 1)
                + " new");
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (pending() > 0) {
            assertThat(Instant.now()).as("detection drains").isBefore(deadline);
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos()); // the next look, not a wait for time
        }
        List<String> points = new ArrayList<>();
        for (JsonNode point : json.readTree(get("/api/v1/change-points?project=" + project + "&limit=1000"))) {
            points.add(point.get("benchmark").asString() + " " + point.get("case").asString() + " "
                    + point.get("metric").asString() + " " + point.get("direction").asString() + " "
                    + point.get("status").asString() + " "
                    // levels are measured when a change is first found, by the import's pace: equal to 1%
                    + (point.get("magnitude").isNull() ? "-" : String.format("%.2f", point.get("magnitude").asDouble()))
                    + "@" + point.get("commit").get("sha").asString());
        }
        points.sort(null);
        return points;
    }

    /** Runs waiting for detection, as /actuator/prometheus says. */
    private static long pending() throws Exception {
        for (String line : get("/actuator/prometheus").split("\n")) {
            if (line.startsWith("perfwatch_detection_pending")) {
                return (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        throw new AssertionError("no perfwatch_detection_pending gauge");
    }

    @Test
    void importWhenGivenNoSourcePrintsTheUsageAndExitsNonZero() throws Exception {
        Result result = runImport();

        assertThat(result.code()).as(result.output()).isEqualTo(2);
        assertThat(result.output()).contains("usage: perfwatch-runner import <source> [options]",
                "import codespeed --from URL", "import gh-action-benchmark DATA_JS");
    }

    /** A Codespeed server on loopback: the timeline page, and timelines of environment 2 (none elsewhere). */
    static HttpServer codespeed() throws IOException {
        // Without TCP_NODELAY the JDK's server holds each response's body for a delayed ACK (40 ms).
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer codespeed = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        codespeed.createContext("/", exchange -> {
            String uri = exchange.getRequestURI().toString();
            String body;
            if (uri.equals("/timeline/")) {
                body = resource("codespeed-timeline.html");
            }
            else if (uri.startsWith("/timeline/json/") && uri.contains("env=2")) {
                body = resource("timeline-0.11-" + uri.replaceAll(".*ben=([^&]*).*", "$1") + ".json");
            }
            else {
                body = "{\"error\": \"No data found for the selected options\", \"timelines\": []}";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        codespeed.start();
        return codespeed;
    }

    record Result(int code, String output) {
    }

    /** Runs {@code java -jar perfwatch-runner.jar import ARGS} as a user does. */
    static Result runImport(String... args) throws Exception {
        Path log = Files.createTempFile(dataDir, "import", ".log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", runnerJar(), "import"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the import did not end within 2 minutes:\n" + Files.readString(log));
        }
        return new Result(process.exitValue(), Files.readString(log));
    }

    static String runnerJar() {
        String path = System.getProperty("perfwatch.runner.jar");
        if (path == null || !Files.exists(Path.of(path))) {
            throw new IllegalStateException("perfwatch.runner.jar not found at " + path + ": run ./mvnw verify");
        }
        return path;
    }

    static String get(String path) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server.url() + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
        return response.body();
    }

    static String resource(String name) {
        try (InputStream in = ImportTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** Python writes NaN where JSON has none; perfwatch answers null there. */
    /**
     * A timeline as the importer can reproduce it: the source's hand-written answer has ISO dates with fractions, which
     * perfwatch serves as Codespeed 0.11 writes them ("2022/03/16 02:05:41 ", whole seconds), with its data_type.
     */
    static JsonNode comparable(JsonNode node) {
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(element -> copy.add(comparable(element)));
            return copy;
        }
        if (node.isObject()) {
            var copy = JsonNodeFactory.instance.objectNode();
            node.properties().stream().filter(entry -> !entry.getKey().equals("data_type"))
                .forEach(entry -> copy.set(entry.getKey(), comparable(entry.getValue())));
            return copy;
        }
        if (node.isString() && node.asString().matches("\\d{4}[-/]\\d{2}[-/]\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}.*")) {
            String seconds = node.asString().substring(0, 19);
            return JsonNodeFactory.instance.stringNode(seconds.replace('/', '-').replace('T', ' '));
        }
        return withoutNaN(node);
    }

    static JsonNode withoutNaN(JsonNode node) {
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(element -> copy.add(withoutNaN(element)));
            return copy;
        }
        if (node.isObject()) {
            var copy = JsonNodeFactory.instance.objectNode();
            node.properties().forEach(entry -> copy.set(entry.getKey(), withoutNaN(entry.getValue())));
            return copy;
        }
        return node.isNumber() && Double.isNaN(node.doubleValue()) ? JsonNodeFactory.instance.nullNode() : node;
    }

    /** A test resource of this package as a file, for the importer's command line. */
    static Path file(String name) throws Exception {
        return Path.of(ImportTest.class.getResource(name).toURI());
    }
}
