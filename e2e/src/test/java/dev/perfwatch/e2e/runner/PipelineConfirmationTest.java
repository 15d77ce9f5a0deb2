package dev.perfwatch.e2e.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The detection pipeline end to end: the packaged server, a real runner, and a fixture suite whose second commit
 * makes {@code sum} slower. The nightly history is uploaded (building twenty commits would take minutes); the
 * detector suspects the slow commit, the server queues confirmation jobs through the job queue, the runner builds
 * and measures the two real commits interleaved, and the alert names the slow commit. The project's suite comes
 * from its nightly schedule, whose cron (1 January) does not fire during the test.
 */
class PipelineConfirmationTest {

    private static final String PROJECT = "e2e-pipeline";

    private static final String HOST_CLASS = "e2e-pipe";

    @TempDir
    static Path work;

    static TrackedProject tracked;

    static Http admin;

    static List<String> commits;

    @BeforeAll
    static void start() {
        Path repository = work.resolve("fixture");
        commits = FixtureSuite.withRegression(repository);
        tracked = TrackedProject.start(work, PROJECT, HOST_CLASS, repository, null);
        admin = tracked.admin;
    }

    @AfterAll
    static void stop() {
        if (tracked != null) {
            tracked.close();
        }
    }

    @Test
    void regressionWhenConfirmedByTheRunnerIsAlertedAtTheCulprit() {
        String good = commits.get(0);
        String bad = commits.get(1);
        // Recent commits: a change at a commit older than perfwatch.pipeline.alert-age is an import's, never alerted.
        Instant time = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.HOURS).minus(Duration.ofDays(2));
        String parent = null;
        for (int n = 1; n <= 20; n++) {
            String sha = String.format("%040x", 0xe2e000L + n);
            upload(sha, parent, time.plusSeconds(n * 3600L), 1000);
            parent = sha;
        }
        upload(good, parent, time.plusSeconds(21 * 3600L), 1000);
        upload(bad, good, time.plusSeconds(22 * 3600L), 500);
        upload(commits.get(2), bad, time.plusSeconds(23 * 3600L), 500);

        JsonNode alerts = Poll.until("the confirmed alert", Duration.ofSeconds(150),
                () -> admin.ok(admin.get("/api/v1/alerts?project=" + PROJECT)), list -> list.size() > 0);

        assertThat(alerts).as(alerts.toString()).hasSize(1);
        JsonNode alert = alerts.get(0);
        assertThat(alert.get("commit").get("sha").asString()).isEqualTo(bad);
        assertThat(alert.get("lastGood").get("sha").asString()).isEqualTo(good);
        assertThat(alert.get("exact").asBoolean()).isTrue();
        assertThat(alert.get("kind").asString()).isEqualTo("regression");
        assertThat(alert.get("series").get("benchmark").asString()).isEqualTo("fixture.FixtureBenchmark.sum");
        JsonNode jobs = admin.ok(admin.get("/api/v1/jobs?project=" + PROJECT));
        assertThat(jobs).hasSize(4);
        for (JsonNode job : jobs) {
            assertThat(job.get("kind").asString()).isEqualTo("confirmation");
            assertThat(job.get("status").asString()).isEqualTo("succeeded");
            JsonNode run = admin.ok(admin.get("/api/v1/runs/" + job.get("runId").asString()));
            assertThat(run.get("branch").asString()).isEqualTo("perfwatch/confirmation");
            assertThat(run.get("metadata").get("jmhCommand").toString()).contains("\"-f\",\"2\"");
        }
        assertThat(admin.ok(admin.get("/api/v1/series/" + alert.get("series").get("id").asLong() + "/points")))
            .as("the confirmation runs are not points of the timeline").hasSize(23);
    }

    /** One nightly run of both benchmarks as a runner would upload it, with two forks a little apart. */
    private static void upload(String sha, String parent, Instant time, double sum) {
        ObjectNode run = Http.JSON.createObjectNode();
        run.put("id", UUID.randomUUID().toString());
        run.put("project", PROJECT);
        run.put("branch", "main");
        ObjectNode commit = run.putObject("commit");
        commit.put("sha", sha);
        commit.put("time", time.toString());
        ArrayNode parents = commit.putArray("parents");
        if (parent != null) {
            parents.add(parent);
        }
        run.putObject("host").put("name", "nightly-pipe").put("hostClass", HOST_CLASS);
        ArrayNode jmh = run.putArray("jmh");
        double wobble = 1 + 0.004 * Math.sin(sha.hashCode());
        benchmark(jmh, "fixture.FixtureBenchmark.concat", 40_000_000 * wobble);
        benchmark(jmh, "fixture.FixtureBenchmark.sum", sum * 1000 * wobble);
        admin.ok(admin.post("/api/v1/runs", run.toString()));
    }

    private static void benchmark(ArrayNode jmh, String name, double score) {
        ObjectNode element = jmh.addObject();
        element.put("jmhVersion", "1.37");
        element.put("benchmark", name);
        element.put("mode", "thrpt");
        element.put("threads", 1);
        element.put("forks", 2);
        element.put("jdkVersion", "17");
        element.put("vmName", "OpenJDK 64-Bit Server VM");
        element.put("vmVersion", "17");
        ObjectNode primary = element.putObject("primaryMetric");
        primary.put("score", score);
        primary.put("scoreError", score / 100);
        primary.putArray("scoreConfidence").add(score * 0.99).add(score * 1.01);
        primary.put("scoreUnit", "ops/s");
        ArrayNode raw = primary.putArray("rawData");
        raw.addArray().add(score * 0.995).add(score * 0.997);
        raw.addArray().add(score * 1.003).add(score * 1.005);
    }
}
