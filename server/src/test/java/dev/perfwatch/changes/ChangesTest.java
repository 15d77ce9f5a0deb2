package dev.perfwatch.changes;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Seven nightly commits of two benchmarks on 4-core hosts: "write" holds 100 ops/s (±1%) until commit 6 drops it to
 * 90, and commit 7 wobbles within the noise; "read" never moves. An 8-core host measured commit 3 only.
 */
@ServerTest
class ChangesTest {

    private static final String PROJECT = "changes";

    private static final double[] WRITE = { 100, 101, 99, 100, 100, 90, 90.5 };

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private static boolean seeded;

    private Api api() {
        Api api = Api.at(port);
        if (!seeded) {
            for (int i = 0; i < WRITE.length; i++) {
                upload(api, i + 1, "4-core", WRITE[i]);
            }
            upload(api, 3, "8-core", 50);
            seeded = true;
        }
        return api;
    }

    @Test
    void changesWhenCommitRegressedMarksItWorseAgainstPreviousAndTrend() {
        JsonNode changes = api().get("/api/v1/changes?project=" + PROJECT + "&environment=" + environment("4-core")
                + "&commit=" + Runs.sha(6) + "&trend=5").json();

        assertThat(changes.get("commit").get("sha").asString()).isEqualTo(Runs.sha(6));
        assertThat(changes.get("previous").get("sha").asString()).isEqualTo(Runs.sha(5));
        assertThat(changes.get("next").get("sha").asString()).isEqualTo(Runs.sha(7));
        assertThat(changes.get("rows")).hasSize(2);
        JsonNode write = row(changes, "demo.Bench.write");
        assertThat(write.get("score").asDouble()).isEqualTo(90.0);
        assertThat(write.get("previous").get("sha").asString()).isEqualTo(Runs.sha(5));
        assertThat(write.get("previous").get("change").asDouble()).isCloseTo(-0.10, within(1e-9));
        assertThat(write.get("previous").get("verdict").asString()).isEqualTo("worse");
        // errors 1 and 0.9 are 99.9% half widths: the difference's standard error is hypot(1, 0.9) / 3.291
        assertThat(write.get("previous").get("z").asDouble()).isCloseTo(-10 / (Math.hypot(1, 0.9) / 3.291), within(1e-6));
        assertThat(write.get("trend").get("points").asInt()).isEqualTo(5);
        assertThat(write.get("trend").get("mean").asDouble()).isCloseTo(100, within(1e-9));
        assertThat(write.get("trend").get("verdict").asString()).isEqualTo("worse");
        JsonNode read = row(changes, "demo.Bench.read");
        assertThat(read.get("previous").get("verdict").asString()).isEqualTo("same");
        assertThat(read.get("trend").get("verdict").asString()).isEqualTo("same");
    }

    @Test
    void changesWhenWithinTheNoiseCallsItSameThoughThePercentMoved() {
        JsonNode changes = api().get("/api/v1/changes?project=" + PROJECT + "&environment=" + environment("4-core")
                + "&commit=" + Runs.sha(7)).json();

        JsonNode write = row(changes, "demo.Bench.write");
        assertThat(write.get("previous").get("change").asDouble()).isCloseTo(0.00556, within(1e-4));
        assertThat(write.get("previous").get("verdict").asString()).isEqualTo("same");
        assertThat(write.get("trend").get("points").asInt()).as("the default trend reads up to 10").isEqualTo(6);
        assertThat(changes.get("next").isNull()).isTrue();
        assertThat(changes.get("trend").asInt()).isEqualTo(10);
    }

    @Test
    void changesWhenCommitAndEnvironmentOmittedShowTheNewestOfTheFirstEnvironment() {
        JsonNode changes = api().get("/api/v1/changes?project=" + PROJECT + "&metric=all").json();

        assertThat(changes.get("environment").get("hostClass").asString()).isEqualTo("4-core");
        assertThat(changes.get("commit").get("sha").asString()).isEqualTo(Runs.sha(7));
        assertThat(changes.get("environments").findValuesAsString("hostClass")).containsExactly("4-core", "8-core");
        assertThat(changes.get("rows").findValuesAsString("name"))
            .containsExactly("gc.alloc.rate.norm", "primary", "gc.alloc.rate.norm", "primary");
    }

    @Test
    void changesWhenFirstResultOfAnEnvironmentHasNothingToCompare() {
        JsonNode changes = api().get("/api/v1/changes?project=" + PROJECT + "&environment=" + environment("8-core"))
            .json();

        assertThat(changes.get("commit").get("sha").asString()).isEqualTo(Runs.sha(3));
        assertThat(changes.get("previous").isNull()).isTrue();
        assertThat(changes.get("next").isNull()).as("commits 4 to 7 have no 8-core result").isTrue();
        assertThat(row(changes, "demo.Bench.write").get("previous").isNull()).isTrue();
        assertThat(row(changes, "demo.Bench.write").get("trend").isNull()).isTrue();
    }

    @Test
    void changesWhenRunsHaveNoErrorJudgesByTheNoiseOfTheResultsBefore() {
        Api api = api();
        double[] scores = { 100, 101, 99, 100.5, 29 };
        for (int i = 0; i < scores.length; i++) {
            ArrayNode jmh = Runs.thrpt("demo.Bench.write", scores[i]);
            // As a Codespeed upload or a one-fork run arrives: a score without an error.
            ((ObjectNode) jmh.get(0).get("primaryMetric")).putNull("scoreError");
            ObjectNode run = Runs.run(UUID.randomUUID(), PROJECT + "-no-error", Runs.sha(i + 1),
                    i == 0 ? List.of() : List.of(Runs.sha(i)), "2026-03-0" + (i + 1) + "T00:00:00Z", jmh);
            Api.Response response = api.postJson("/api/v1/runs", run.toString());
            assertThat(response.status()).as(response.body()).isEqualTo(201);
        }

        JsonNode changes = api.get("/api/v1/changes?project=" + PROJECT + "-no-error&commit=" + Runs.sha(5)).json();

        JsonNode previous = row(changes, "demo.Bench.write").get("previous");
        assertThat(previous.get("change").asDouble()).isCloseTo(-0.71, within(0.01));
        assertThat(previous.get("verdict").asString()).isEqualTo("worse");
        assertThat(previous.get("basis").asString()).isIn("noise", "spread");
    }

    @Test
    void changesWhenARunWasOnANoisyHostDoNotJudgeItsTimesButStillItsBytes() {
        Api api = api();
        String project = PROJECT + "-noisy";
        double[] scores = { 100, 101, 99, 100.5, 140, 100 };
        UUID noisy = null;
        for (int i = 0; i < scores.length; i++) {
            UUID id = UUID.randomUUID();
            ObjectNode run = Runs.run(id, project, Runs.sha(i + 1), i == 0 ? List.of() : List.of(Runs.sha(i)),
                    "2026-03-0" + (i + 1) + "T00:00:00Z", Runs.thrpt("demo.Bench.write", scores[i]));
            Api.Response response = api.postJson("/api/v1/runs", run.toString());
            assertThat(response.status()).as(response.body()).isEqualTo(201);
            noisy = i == 4 ? id : noisy;
        }
        // As the runner's host checks mark a run made while other processes took the cores (runners/NoiseMarking).
        jdbc.sql("insert into run_noise (run_id, noisy, reason, host_check) values (:run, true, :reason, '{}')")
            .param("run", noisy).param("reason", "other processes took 1.1 of 2 cores before the job").update();

        JsonNode atNoisy = api.get("/api/v1/changes?project=" + project + "&commit=" + Runs.sha(5) + "&metric=all")
            .json();
        JsonNode afterNoisy = api.get("/api/v1/changes?project=" + project + "&commit=" + Runs.sha(6)).json();

        JsonNode write = row(atNoisy, "demo.Bench.write");
        assertThat(write.get("previous").get("change").asDouble()).as("the number is still shown")
            .isCloseTo(0.393, within(0.001));
        assertThat(write.get("previous").get("verdict").asString()).isEqualTo("not-judged");
        assertThat(write.get("previous").get("z").isNull()).isTrue();
        assertThat(write.get("trend").get("verdict").asString()).isEqualTo("not-judged");
        assertThat(write.get("noiseReason").asString()).isEqualTo("other processes took 1.1 of 2 cores before the job");
        JsonNode bytes = atNoisy.get("rows").valueStream()
            .filter(r -> r.get("metric").get("name").asString().equals("gc.alloc.rate.norm")).findFirst().orElseThrow();
        assertThat(bytes.get("previous").get("verdict").asString()).as("a busy host does not skew B/op")
            .isNotEqualTo("not-judged");
        assertThat(bytes.get("noiseReason").isNull()).isTrue();
        JsonNode next = row(afterNoisy, "demo.Bench.write");
        assertThat(next.get("previous").get("sha").asString()).isEqualTo(Runs.sha(5));
        assertThat(next.get("previous").get("verdict").asString()).as("compared with the noisy run")
            .isEqualTo("not-judged");
        assertThat(row(api.get("/api/v1/changes?project=" + project + "&commit=" + Runs.sha(4)).json(),
                "demo.Bench.write").get("noiseReason").isNull()).isTrue();
    }

    /**
     * A new project's nights with JMH's GC profiler (a newcomer's trial): an allocation that repeats to a fraction of
     * a byte, 3875.0153 B/op with JMH's error of 0.0001 over the iterations. Its mean over three nights differs from
     * it in the last bit and their spread is 0, and the next night's 0.0004 B/op more is far beyond the errors: the
     * page read "+0.0% worse" against the trend and the previous result, beside the one real change (none to 64 B/op
     * in another case). A change in B/op must reach the metric's resolution (1 B/op) whatever basis judges it.
     */
    @Test
    void changesWhenAnAllocationMovesBelowAByteCallItSameAndStillJudgeABytesChange() {
        Api api = api();
        String project = PROJECT + "-residue";
        double[] bytes = { 3875.0153, 3875.0153, 3875.0153, 3875.0157, 3939.0157 };
        for (int i = 0; i < bytes.length; i++) {
            ArrayNode jmh = Runs.thrpt("demo.Bench.write", 100);
            ObjectNode norm = (ObjectNode) jmh.get(0).get("secondaryMetrics").get("gc.alloc.rate.norm");
            norm.put("score", bytes[i]).put("scoreError", 0.0001);
            norm.putArray("scoreConfidence").add(bytes[i] - 0.0001).add(bytes[i] + 0.0001);
            ArrayNode raw = norm.putArray("rawData");
            raw.addArray().add(bytes[i]).add(bytes[i]).add(bytes[i]);
            raw.addArray().add(bytes[i]).add(bytes[i]).add(bytes[i]);
            ObjectNode run = Runs.run(UUID.randomUUID(), project, Runs.sha(i + 1),
                    i == 0 ? List.of() : List.of(Runs.sha(i)), "2026-03-0" + (i + 1) + "T00:00:00Z", jmh);
            Api.Response response = api.postJson("/api/v1/runs", run.toString());
            assertThat(response.status()).as(response.body()).isEqualTo(201);
        }

        JsonNode residue = allocation(api.get("/api/v1/changes?project=" + project + "&commit=" + Runs.sha(4)
                + "&metric=gc.alloc.rate.norm").json());
        JsonNode step = allocation(api.get("/api/v1/changes?project=" + project + "&commit=" + Runs.sha(5)
                + "&metric=gc.alloc.rate.norm").json());

        assertThat(residue.get("previous").get("basis").asString()).isEqualTo("errors");
        assertThat(residue.get("previous").get("verdict").asString()).as("0.0004 B/op against the previous night")
            .isEqualTo("same");
        assertThat(residue.get("trend").get("spread").asDouble()).isZero();
        assertThat(residue.get("trend").get("verdict").asString()).as("0.0004 B/op against three equal nights")
            .isEqualTo("same");
        assertThat(step.get("previous").get("verdict").asString()).as("64 B/op more").isEqualTo("worse");
        assertThat(step.get("trend").get("verdict").asString()).isEqualTo("worse");
    }

    private static JsonNode allocation(JsonNode changes) {
        assertThat(changes.get("rows")).as(changes.toString()).hasSize(1);
        return changes.get("rows").get(0);
    }

    @Test
    void changesWhenInputBadAnswers400NamingTheFieldOr404() {
        Api api = api();

        assertThat(api.get("/api/v1/changes?project=" + PROJECT + "&trend=0").json().get("field").asString())
            .isEqualTo("trend");
        Api.Response notSha = api.get("/api/v1/changes?project=" + PROJECT + "&commit=main");
        assertThat(notSha.status()).isEqualTo(400);
        assertThat(notSha.json().get("field").asString()).isEqualTo("commit");
        assertThat(api.get("/api/v1/changes?project=nope").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/changes?project=" + PROJECT + "&environment=987654").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/changes?project=" + PROJECT + "&commit=" + Runs.sha(99)).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/changes?project=" + PROJECT + "&branch=nope").status()).isEqualTo(404);
        Api.Response ambiguous = api.get("/api/v1/changes?project=" + PROJECT + "&commit=" + Runs.sha(1).substring(0, 10));
        assertThat(ambiguous.status()).as("every commit of this project starts with 0000000000").isEqualTo(400);
        assertThat(ambiguous.json().get("field").asString()).isEqualTo("commit");
    }

    private long environment(String hostClass) {
        JsonNode series = api().get("/api/v1/series?project=" + PROJECT + "&metric=primary&hostClass=" + hostClass)
            .json();
        return series.get(0).get("environment").get("id").asLong();
    }

    private static JsonNode row(JsonNode changes, String benchmark) {
        for (JsonNode row : changes.get("rows")) {
            if (row.get("benchmark").asString().equals(benchmark) && row.get("metric").get("name").asString()
                .equals("primary")) {
                return row;
            }
        }
        throw new AssertionError("no row of " + benchmark + " in " + changes);
    }

    private static void upload(Api api, int commit, String hostClass, double write) {
        ArrayNode jmh = Runs.thrpt("demo.Bench.write", write);
        jmh.addAll(Runs.thrpt("demo.Bench.read", 200));
        ObjectNode run = Runs.run(UUID.randomUUID(), PROJECT, Runs.sha(commit),
                commit == 1 ? List.of() : List.of(Runs.sha(commit - 1)), "2026-03-0" + commit + "T00:00:00Z", jmh);
        ((ObjectNode) run.get("host")).put("hostClass", hostClass).put("name", "bench-" + hostClass);
        Api.Response response = api.postJson("/api/v1/runs", run.toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }
}
