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
 * A new project's first nights end to end (issue #11.3): six commits, one a night, the fourth making {@code sum}
 * allocate per call; one runner, the quick profile. Too short a history for the detector's test, so the server asks
 * the runner to re-run the fourth commit and the third, interleaved; the runner builds and measures both real
 * commits, and the alert names the fourth. The nightly runs of commits 1 to 5 are uploaded as a runner uploads them
 * (building five commits would take minutes); the confirmation is the real thing.
 */
class NightOneTest {

    private static final String PROJECT = "e2e-night-one";

    private static final String HOST_CLASS = "e2e-night";

    @TempDir
    static Path work;

    static TrackedProject tracked;

    static Http admin;

    static List<String> commits;

    @BeforeAll
    static void start() {
        Path repository = work.resolve("fixture");
        commits = FixtureSuite.withAllocation(repository);
        tracked = TrackedProject.start(work, PROJECT, HOST_CLASS, repository, "fixture\\.FixtureBenchmark\\.sum");
        admin = tracked.admin;
    }

    @AfterAll
    static void stop() {
        if (tracked != null) {
            tracked.close();
        }
    }

    @Test
    void allocationAtTheFourthCommitOfANewProjectIsAlertedAtItTheNightAfter() {
        Instant night = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.HOURS).minus(Duration.ofDays(6));
        for (int n = 1; n <= 5; n++) {
            upload(commits.get(n - 1), n == 1 ? null : commits.get(n - 2), night.plus(Duration.ofDays(n - 1)),
                    n >= 4 ? 16 : 0.0002 + 0.0001 * n);
        }

        JsonNode alerts = Poll.until("the alert at the fourth commit", Duration.ofSeconds(240),
                () -> admin.ok(admin.get("/api/v1/alerts?project=" + PROJECT)), list -> list.size() > 0);

        assertThat(alerts).as(alerts.toString()).hasSize(1);
        JsonNode alert = alerts.get(0);
        assertThat(alert.get("commit").get("sha").asString()).isEqualTo(commits.get(3));
        assertThat(alert.get("series").get("metric").get("name").asString()).isEqualTo("gc.alloc.rate.norm");
        JsonNode point = admin.ok(admin.get("/api/v1/change-points?project=" + PROJECT + "&status=alerted")).get(0);
        assertThat(point.get("commit").get("sha").asString()).isEqualTo(commits.get(3));
        assertThat(point.get("magnitude").isNull()).as("from none: no percentage").isTrue();
        assertThat(point.get("absoluteChange").asDouble()).isGreaterThanOrEqualTo(8);
        JsonNode jobs = admin.ok(admin.get("/api/v1/jobs?project=" + PROJECT));
        assertThat(jobs).as("the fourth and the third commit re-run, interleaved, by the runner").isNotEmpty();
        for (JsonNode job : jobs) {
            assertThat(job.get("kind").asString()).isEqualTo("confirmation");
            assertThat(job.get("commit").asString()).isIn(commits.get(2), commits.get(3));
        }
        String summary = admin.ok(admin.get("/api/v1/alert-groups?project=" + PROJECT)).get(0).get("summary")
            .asString();
        assertThat(summary).startsWith("gc.alloc.rate.norm from none to ").doesNotContain("%");
    }

    /** One nightly run of both benchmarks, its allocation per operation in two forks. */
    private static void upload(String sha, String parent, Instant time, double bytes) {
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
        run.putObject("host").put("name", "nightly-night").put("hostClass", HOST_CLASS);
        ArrayNode jmh = run.putArray("jmh");
        double wobble = 1 + 0.004 * Math.sin(sha.hashCode());
        benchmark(jmh, "fixture.FixtureBenchmark.sum", 400_000_000 * wobble, bytes);
        admin.ok(admin.post("/api/v1/runs", run.toString()));
    }

    private static void benchmark(ArrayNode jmh, String name, double score, double bytes) {
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
        ObjectNode norm = element.putObject("secondaryMetrics").putObject("gc.alloc.rate.norm");
        norm.put("score", bytes);
        norm.put("scoreError", 0.0);
        norm.putArray("scoreConfidence").add(bytes).add(bytes);
        norm.put("scoreUnit", "B/op");
        ArrayNode normRaw = norm.putArray("rawData");
        normRaw.addArray().add(bytes).add(bytes);
        normRaw.addArray().add(bytes).add(bytes);
    }
}
