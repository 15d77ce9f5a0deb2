package dev.perfwatch.runner.importer;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ImportCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return ImportCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** The stub Codespeed: its timeline page, and each benchmark's recorded-shape timeline. */
    static StubServer codespeed() {
        return new StubServer(request -> {
            if (request.uri().equals("/timeline/")) {
                return StubServer.Answer.of(200, Resources.text("codespeed-timeline.html"));
            }
            if (request.uri().startsWith("/timeline/json/") && request.uri().contains("env=2")) {
                String benchmark = request.uri().replaceAll(".*ben=([^&]*).*", "$1");
                return StubServer.Answer.of(200, Resources.text("timeline-0.11-" + benchmark + ".json"));
            }
            return StubServer.Answer.of(200, "{\"error\": \"No data found for the selected options\", \"timelines\": []}");
        });
    }

    /** A stub perfwatch that keeps the source's ids and says every run is new. */
    static StubServer perfwatch() {
        return new StubServer(request -> {
            if (request.uri().startsWith("/api/v1/codespeed/")) {
                return StubServer.Answer.of(200, request.body());
            }
            return new StubServer.Answer(202, "All result data saved successfully",
                    Map.of("Perfwatch-Runs", "created=3, existing=0"));
        });
    }

    @Test
    void importCodespeedWhenSourceAnswersRegistersIdsThenPostsEachRevisionAsCodespeedResults() throws Exception {
        try (StubServer codespeed = codespeed(); StubServer perfwatch = perfwatch()) {
            int code = run("import", "codespeed", "--from", codespeed.url() + "/", "--server", perfwatch.url(),
                    "--token", "t0ken", "--revs", "500");

            assertThat(code).as(err.toString()).isZero();
            assertThat(codespeed.requests()).extracting(StubServer.Request::uri).contains(
                    "/timeline/", "/timeline/json/?exe=1,3&ben=serializerHeavyString&env=2&revs=500",
                    "/timeline/json/?exe=1,3&ben=stringWrite.128&env=5&revs=500");
            List<String> posts = perfwatch.requests().stream().map(StubServer.Request::uri).toList();
            assertThat(posts).containsExactly("/api/v1/codespeed/environments", "/api/v1/codespeed/environments",
                    "/api/v1/codespeed/executables", "/api/v1/codespeed/executables", "/api/v1/codespeed/benchmarks",
                    "/api/v1/codespeed/benchmarks", "/result/add/json/", "/result/add/json/");
            ObjectMapper json = new ObjectMapper();
            JsonNode flink = json.readTree(perfwatch.requests().get(2).body());
            assertThat(flink.path("id").asLong()).isEqualTo(1);
            assertThat(flink.path("project").asText()).isEqualTo("Flink");
            assertThat(flink.path("defaultBranch").asText()).isEqualTo("master");
            JsonNode benchmark = json.readTree(perfwatch.requests().get(5).body());
            assertThat(benchmark.path("id").asLong()).isEqualTo(7);
            assertThat(benchmark.path("units").asText()).isEqualTo("us/op");
            assertThat(benchmark.path("lessisbetter").asBoolean()).isTrue();

            StubServer.Request post = perfwatch.requests().get(6);
            assertThat(post.header("Authorization")).isEqualTo("Bearer t0ken");
            assertThat(post.header("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
            JsonNode items = json.readTree(URLDecoder.decode(post.body().substring("json=".length()),
                    StandardCharsets.UTF_8));
            List<String> revisions = new ArrayList<>();
            items.forEach(item -> revisions.add(item.path("commitid").asText() + " " + item.path("benchmark").asText()));
            assertThat(revisions).as("executable 1 on Hetzner, oldest revision first").containsExactly(
                    "a1f2c3d4e5 serializerHeavyString", "b8e7fc387d serializerHeavyString", "b8e7fc387d stringWrite.128",
                    "b9593715f3 serializerHeavyString", "b9593715f3 stringWrite.128");
            JsonNode newest = items.get(3);
            assertThat(newest.path("project").asText()).isEqualTo("Flink");
            assertThat(newest.path("executable").asText()).isEqualTo("Flink");
            assertThat(newest.path("environment").asText()).isEqualTo("Hetzner");
            assertThat(newest.path("branch").asText()).isEqualTo("master");
            assertThat(newest.path("revision_date").asText()).isEqualTo("2022-03-16T02:05:41.523182");
            assertThat(newest.path("result_value").asDouble()).isEqualTo(334.51);
            assertThat(newest.path("std_dev").asDouble()).isEqualTo(12.34);
            assertThat(newest.path("units").asText()).isEqualTo("ops/ms");
            assertThat(newest.path("lessisbetter").asBoolean()).isFalse();
            assertThat(items.get(0).path("result_value").asText()).as("Codespeed's NaN").isEqualTo("NaN");
            assertThat(items.get(0).path("std_dev").asText()).as("a NaN error stays NaN, not \"\"").isEqualTo("NaN");
            assertThat(items.get(1).has("std_dev")).isFalse();
            assertThat(items.get(2).path("description").asText()).isEqualTo("String write <128 chars>");
            assertThat(out.toString()).contains("Codespeed at " + codespeed.url() + ": 2 environments, 2 executables, "
                    + "2 benchmarks", "[1/4] serializerHeavyString on Hetzner: 4 points", "Flink on Hetzner: 3 revisions",
                    "done: 6 results in 4 runs");
        }
    }

    @Test
    void importCodespeedWhenPageHasNoProjectAndNoneGivenFailsNamingTheOption() {
        try (StubServer codespeed = new StubServer(request -> StubServer.Answer.of(200, """
                <input id="env1" type="radio" name="environments" value="1" /><label for="env1">bigdog</label>
                <input id="executable4" type="checkbox" name="executable" value="4" />
                <label for="executable4">pypy-c</label>"""))) {
            int code = run("codespeed", "--from", codespeed.url(), "--server", "http://127.0.0.1:1", "--token", "t");

            assertThat(code).isEqualTo(1);
            assertThat(err.toString()).contains("give --project");
        }
    }

    @Test
    void importCodespeedWhenPerfwatchRefusesFailsWithItsAnswer() {
        try (StubServer codespeed = codespeed();
                StubServer perfwatch = new StubServer(request -> StubServer.Answer.of(401, "{\"detail\":\"bad token\"}"))) {
            int code = run("codespeed", "--from", codespeed.url(), "--server", perfwatch.url(), "--token", "wrong");

            assertThat(code).isEqualTo(1);
            assertThat(err.toString()).contains("answered 401", "bad token");
        }
    }

    @Test
    void importWhenOptionMissingAnswersUsage() {
        assertThat(run("codespeed", "--from", "http://x")).isEqualTo(2);
        assertThat(err.toString()).contains("--server is required", "usage: perfwatch-runner import");
    }

    @Test
    void importWhenSourceUnknownOrOptionMisspeltAnswersUsage() {
        assertThat(run("jenkins")).isEqualTo(2);
        assertThat(run("codespeed", "--form", "http://x")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown source: jenkins", "unknown option --form");
    }

    @Test
    void importWhenNoArgumentsPrintsUsage() {
        assertThat(run()).isEqualTo(2);
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("import gh-action-benchmark DATA_JS");
    }
}
