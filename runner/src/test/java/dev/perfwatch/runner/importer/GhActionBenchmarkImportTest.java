package dev.perfwatch.runner.importer;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class GhActionBenchmarkImportTest {

    /** jox's data.js as the action writes it, cut to four of its 74 benchmarks (all 45 entries kept). */
    static final Path JOX = Resources.path("softwaremill-jox-data.js");

    private static GhActionBenchmarkImport importer(Path file, String server) {
        return new GhActionBenchmarkImport(file, server, "t0ken", "jox", "main", "github-actions", "github-actions",
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    /** The server refuses a new host class that ends in a dash: a suite named "Benchmark (macOS)" must not make one. */
    @Test
    void hostClassOfWhenTheSuiteEndsInPunctuationEndsWithALetterOrDigit() {
        GhActionBenchmarkImport importer = importer(JOX, "http://localhost:1");

        assertThat(importer.hostClassOf("Benchmark (macOS)"))
            .isEqualTo("github-actions/Benchmark-macOS");
        assertThat(importer.hostClassOf("macOS-cpu"))
            .isEqualTo("github-actions/macOS-cpu");
    }

    private static List<ObjectNode> runs(GhActionBenchmarkImport importer) {
        JsonNode data = GhActionBenchmarkImport.read(JOX);
        List<ObjectNode> runs = new ArrayList<>();
        for (JsonNode entry : data.path("entries").path("Benchmark")) {
            runs.add(importer.run("Benchmark", entry, data.path("repoUrl").asText()));
        }
        return runs;
    }

    @Test
    void runWhenJoxHistoryMakesOneRunPerEntryWithItsCommit() {
        List<ObjectNode> runs = runs(importer(JOX, "http://unused"));

        assertThat(runs).hasSize(45);
        JsonNode first = runs.get(0);
        assertThat(first.path("project").asText()).isEqualTo("jox");
        assertThat(first.path("repository").asText()).isEqualTo("https://github.com/softwaremill/jox");
        assertThat(first.path("commit").path("sha").asText()).isEqualTo("46f1a97238cea53733e55d665c97045b9806e49d");
        assertThat(first.path("commit").path("time").asText()).isEqualTo("2023-12-05T21:39:23+01:00");
        assertThat(first.path("commit").path("author").asText()).isEqualTo("adamw <adam@warski.org>");
        assertThat(first.path("host").path("hostClass").asText()).isEqualTo("github-actions");
        assertThat(first.path("metadata").path("tool").asText()).isEqualTo("jmh");
        JsonNode channel = first.path("jmh").get(0);
        assertThat(channel.path("benchmark").asText()).isEqualTo("com.softwaremill.jox.RendezvousBenchmark.channel");
        assertThat(channel.path("mode").asText()).as("ns/op is a time per operation").isEqualTo("avgt");
        assertThat(channel.path("threads").asInt()).isEqualTo(2);
        assertThat(channel.path("forks").asInt()).isEqualTo(3);
        assertThat(channel.path("primaryMetric").path("score").asDouble()).isEqualTo(171.051063156146);
        assertThat(channel.path("primaryMetric").path("scoreUnit").asText()).isEqualTo("ns/op");
        assertThat(channel.path("primaryMetric").has("scoreDirection")).as("JMH units tell the direction").isFalse();
    }

    @Test
    void runWhenBenchNameCarriesParamsSplitsThemOff() {
        JsonNode buffered = runs(importer(JOX, "http://unused")).stream()
            .flatMap(run -> java.util.stream.StreamSupport.stream(run.path("jmh").spliterator(), false))
            .filter(element -> element.path("params").path("capacity").asText().equals("10"))
            .findFirst()
            .orElseThrow();

        assertThat(buffered.path("benchmark").asText()).startsWith("com.softwaremill.jox.Buffered").doesNotContain("(");
        assertThat(buffered.path("params").size()).isEqualTo(1);
    }

    @Test
    void runWhenBuiltTwiceGivesTheSameIdsAndADifferentIdPerEntry() {
        List<ObjectNode> first = runs(importer(JOX, "http://unused"));
        List<ObjectNode> second = runs(importer(JOX, "http://unused"));

        Set<String> ids = new HashSet<>();
        for (int i = 0; i < first.size(); i++) {
            assertThat(second.get(i).toString()).isEqualTo(first.get(i).toString());
            ids.add(first.get(i).path("id").asText());
        }
        assertThat(ids).hasSize(45);
    }

    @Test
    void runWhenOtherToolStatesTheDirectionOfItsUnit(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("data.js");
        Files.writeString(file, """
                window.BENCHMARK_DATA = {"lastUpdate": 1, "repoUrl": "https://github.com/x/y", "entries": {"Py": [
                  {"commit": {"id": "0889c8d45172e1db2ccc41310690ff47a4cffa0b", "timestamp": "2022-12-06T15:18:29-08:00"},
                   "date": 1670368827806, "tool": "pytest",
                   "benches": [{"name": "bench.py::test_fib_10", "value": 59573.9, "unit": "iter/sec",
                                "range": "stddev: 4.8e-7", "extra": "mean: 16.78 usec\\nrounds: 40161"}]}]}};
                """);
        JsonNode data = GhActionBenchmarkImport.read(file);

        ObjectNode run = importer(file, "http://unused").run("Py", data.path("entries").path("Py").get(0), null);

        JsonNode element = run.path("jmh").get(0);
        assertThat(element.path("mode").asText()).isEqualTo("thrpt");
        assertThat(element.path("primaryMetric").path("scoreDirection").asText()).isEqualTo("higher");
        assertThat(element.path("primaryMetric").has("scoreError")).as("a stddev is no error interval").isFalse();
    }

    @Test
    void importWhenFileHoldsSeveralSuitesPutsEachOnAHostClassOfItsOwn(@TempDir Path dir) throws Exception {
        // risc0's data.js: the same benches measured on several machines, one suite (chart) per machine
        Path file = dir.resolve("data.js");
        String entry = """
                {"commit": {"id": "%s", "timestamp": "2024-07-26T16:44:05Z"}, "date": %d, "tool": "cargo",
                 "benches": [{"name": "fib/100/proof", "value": %s, "range": "± 3", "unit": "ns/iter"}]}""";
        Files.writeString(file, "window.BENCHMARK_DATA = {\"entries\": {\"macOS-cpu\": ["
                + entry.formatted("bd26be31369b409ebf86f58995c712a6c5cf7830", 1, "3859900000")
                + "], \"Linux nvidia_rtx_a5000\": ["
                + entry.formatted("bd26be31369b409ebf86f58995c712a6c5cf7830", 2, "2305230000") + "]}};");
        List<String> bodies = new ArrayList<>();
        try (StubServer perfwatch = new StubServer(request -> {
            bodies.add(request.body());
            return StubServer.Answer.of(201, "{}");
        })) {
            importer(file, perfwatch.url()).run();
        }

        assertThat(bodies).hasSize(2);
        assertThat(bodies.get(0)).contains("\"hostClass\":\"github-actions/macOS-cpu\"");
        assertThat(bodies.get(1)).contains("\"hostClass\":\"github-actions/Linux-nvidia_rtx_a5000\"",
                "\"name\":\"github-actions/Linux-nvidia_rtx_a5000\"");
    }

    /**
     * A suite named "Benchmark (macOS)" was imported as "github-actions/Benchmark-macOS-" before new host classes had
     * to end with a letter or digit. The grown file imported again keeps that host class for it (its old entries are
     * "stored already", not conflicts, and its new ones join their series); a suite perfwatch does not hold yet, or
     * holds under the new name, gets the new name.
     */
    @Test
    void importWhenASuiteWasStoredUnderItsDashedNameKeepsThatHostClass(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("data.js");
        String entry = """
                {"commit": {"id": "%s", "timestamp": "2024-07-26T16:44:05Z"}, "date": %d, "tool": "cargo",
                 "benches": [{"name": "fib/100/proof", "value": 3859900000, "range": "± 3", "unit": "ns/iter"}]}""";
        Files.writeString(file, "window.BENCHMARK_DATA = {\"entries\": {\"Benchmark (macOS)\": ["
                + entry.formatted("bd26be31369b409ebf86f58995c712a6c5cf7830", 1) + ", "
                + entry.formatted("0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d", 3) + "], \"Benchmark (Linux)\": ["
                + entry.formatted("bd26be31369b409ebf86f58995c712a6c5cf7830", 2) + "]}};");
        JsonNode data = GhActionBenchmarkImport.read(file);
        String storedMac = importer(file, "http://unused")
            .run("Benchmark (macOS)", data.path("entries").path("Benchmark (macOS)").get(0), null)
            .path("id").asText();
        List<StubServer.Request> posts = new ArrayList<>();
        try (StubServer perfwatch = new StubServer(request -> {
            if (request.method().equals("GET")) {
                return request.uri().equals("/api/v1/runs/" + storedMac)
                        ? StubServer.Answer.of(200, "{\"id\":\"" + storedMac
                                + "\",\"hostClass\":\"github-actions/Benchmark-macOS-\"}")
                        : StubServer.Answer.of(404, "{}");
            }
            posts.add(request);
            return StubServer.Answer.of(request.body().contains(storedMac) ? 200 : 201, "{}");
        })) {
            GhActionBenchmarkImport.Summary summary = importer(file, perfwatch.url()).run();

            assertThat(summary).isEqualTo(new GhActionBenchmarkImport.Summary(3, 2, 1, 3));
        }

        assertThat(posts).extracting(StubServer.Request::body).satisfiesExactly(
                mac -> assertThat(mac).contains("\"hostClass\":\"github-actions/Benchmark-macOS-\""),
                mac -> assertThat(mac).contains("\"hostClass\":\"github-actions/Benchmark-macOS-\""),
                linux -> assertThat(linux).contains("\"hostClass\":\"github-actions/Benchmark-Linux\""));
    }

    /** The import's last line says where its verdicts are, and when detection is done with them. */
    @Test
    void importWhenDoneSaysWhereWhatPerfwatchFoundIsRead() {
        try (StubServer perfwatch = new StubServer(request -> StubServer.Answer.of(201, "{}"))) {
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            new GhActionBenchmarkImport(JOX, perfwatch.url(), "t0ken", "jox+kotlin", "main", "github-actions",
                    "github-actions", new PrintStream(output, true, StandardCharsets.UTF_8)).run();

            String last = output.toString(StandardCharsets.UTF_8).strip().lines().reduce((a, b) -> b).orElseThrow();
            assertThat(last)
                .contains("perfwatch_detection_pending reads 0 on " + perfwatch.url() + "/actuator/prometheus")
                .contains(perfwatch.url() + "/#/timeline?project=jox%2Bkotlin")
                .contains(perfwatch.url() + "/api/v1/change-points?project=jox%2Bkotlin");
        }
    }

    @Test
    void importWhenPerfwatchAnswersPostsEveryEntryAndCountsTheStoredOnes() {
        Set<String> seen = new HashSet<>();
        try (StubServer perfwatch = new StubServer(request -> {
            String id = request.body().substring(request.body().indexOf("\"id\":\"") + 6).substring(0, 36);
            return StubServer.Answer.of(seen.add(id) ? 201 : 200, "{\"id\":\"" + id + "\"}");
        })) {
            GhActionBenchmarkImport.Summary first = importer(JOX, perfwatch.url()).run();
            GhActionBenchmarkImport.Summary second = importer(JOX, perfwatch.url()).run();

            assertThat(first).isEqualTo(new GhActionBenchmarkImport.Summary(45, 45, 0, 135));
            assertThat(second).isEqualTo(new GhActionBenchmarkImport.Summary(45, 0, 45, 135));
            assertThat(perfwatch.requests()).allSatisfy(request -> {
                assertThat(request.uri()).isEqualTo("/api/v1/runs");
                assertThat(request.header("Authorization")).isEqualTo("Bearer t0ken");
            });
        }
    }
}
