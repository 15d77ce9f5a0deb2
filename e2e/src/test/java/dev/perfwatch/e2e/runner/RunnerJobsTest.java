package dev.perfwatch.e2e.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import dev.perfwatch.e2e.ServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged server and runner, with a real git repository, a real Maven build and real JMH: a job goes from
 * the queue to stored results; a broken build, a cancel and a crashed runner end the way they should. The lease
 * is 3 s here, so that a dead runner's job comes back within seconds.
 */
class RunnerJobsTest {

    @TempDir
    static Path work;

    static ServerProcess server;

    static Http admin;

    static String runnerToken;

    static FixtureSuite fixture;

    /** One runner for the tests that need just any runner; its build cache makes the later jobs quick. */
    static RunnerProcess runner;

    static PackagedJars jars;

    @BeforeAll
    static void start() {
        jars = PackagedJars.copyTo(work.resolve("jars"));
        server = ServerProcess.start(work.resolve("server"), Map.of("PERFWATCH_JOBS_LEASE_DURATION", "3s",
                "PERFWATCH_JOBS_EXPIRY_CHECK_INTERVAL", "1s"));
        admin = new Http(server.url(), ServerProcess.ADMIN_TOKEN);
        runnerToken = admin.ok(admin.post("/api/v1/tokens", "{\"name\": \"e2e-runner\", \"role\": \"runner\"}"))
            .get("token").asString();
        fixture = FixtureSuite.create(work.resolve("fixture"));
        runner = RunnerProcess.start(server.url(), runnerToken, "e2e-main", "runner-main", work.resolve("runner-main"),
                "--cpus", "0", "--quiet-wait", "1s");
    }

    @AfterAll
    static void stop() {
        if (runner != null) {
            runner.close();
        }
        if (server != null) {
            server.close();
        }
        jars.close();
    }

    @Test
    void jobWhenLeasedIsBuiltRunUploadedAndStored() {
        JsonNode job = admin.ok(admin.post("/api/v1/jobs", fixture.job("e2e-stored", fixture.good, "e2e-main",
                FixtureSuite.QUICK)));

        JsonNode done = awaitFinished(job.get("id").asString(), Duration.ofSeconds(150));

        assertThat(done.get("status").asString()).as(done.toString()).isEqualTo("succeeded");
        String runId = done.get("runId").asString();
        assertThat(runId).isEqualTo(done.get("attempts").get(0).get("id").asString());
        JsonNode run = admin.ok(admin.get("/api/v1/runs/" + runId));
        assertThat(run.get("commit").asString()).isEqualTo(fixture.good);
        assertThat(run.get("hostClass").asString()).isEqualTo("e2e-main");
        assertThat(run.get("host").asString()).isEqualTo("runner-main");
        assertThat(run.get("metadata").get("job").get("id").asString()).isEqualTo(job.get("id").asString());
        assertThat(run.get("metadata").has("loaded")).isTrue();
        assertThat(run.get("metadata").get("host").has("loadAverage")).isTrue();
        // The reference workload ran before and after JMH, and the server judged the host (docs/runner.md).
        assertThat(run.get("metadata").get("hostCheck").get("before").get("medianNanos").asLong()).isPositive();
        assertThat(run.get("metadata").get("hostCheck").get("after").get("samplesNanos")).hasSize(15);
        assertThat(run.get("metadata").get("hostCheck").get("workload").asString()).isEqualTo("reference-2");
        assertThat(run.get("hostCheck").has("noisy")).isTrue();
        // Which processes were busy and which half of the workload moved, so that a verdict names its cause.
        assertThat(run.get("metadata").get("hostCheck").get("before").get("busyProcesses").isArray()).isTrue();
        assertThat(run.get("metadata").get("hostCheck").get("after").get("mixMedianNanos").asLong()).isPositive();
        // The shared-cache chase is reported beside, not judged.
        assertThat(run.get("metadata").get("hostCheck").get("after").get("memoryMedianNanos").asLong()).isPositive();
        // It waited for a quiet host first, at most --quiet-wait (quiet or not depends on the machine's load).
        assertThat(run.get("metadata").get("quietWait").get("limitSeconds").asDouble()).isEqualTo(1.0);
        assertThat(run.get("metadata").get("quietWait").get("seconds").asDouble()).isBetween(0.0, 10.0);
        assertThat(run.get("metadata").get("jmhCommand").toString()).contains("-prof", "gc", "-Xmx256m");
        JsonNode series = admin.ok(admin.get("/api/v1/series?project=e2e-stored"));
        assertThat(series.findValuesAsString("benchmark")).contains("fixture.FixtureBenchmark.concat",
                "fixture.FixtureBenchmark.sum");
        assertThat(series.findValues("metric").stream().map(m -> m.get("name").asString()))
            .contains("primary", "gc.alloc.rate.norm");
        assertThat(done.get("attempts").get(0).get("logTail").asString()).contains("Iteration   1");
    }

    @Test
    void buildWhenBrokenEndsTheJobFailedWithTheLogTail() {
        JsonNode job = admin.ok(admin.post("/api/v1/jobs", fixture.job("e2e-broken", fixture.broken, "e2e-main",
                FixtureSuite.QUICK)));

        JsonNode done = awaitFinished(job.get("id").asString(), Duration.ofSeconds(150));

        assertThat(done.get("status").asString()).isEqualTo("failed");
        assertThat(done.get("failure").asString()).contains("the build failed").contains("runner-main");
        assertThat(done.get("attempts").get(0).get("logTail").asString()).contains("undefinedVariable");
        assertThat(done.has("runId")).isFalse();
    }

    @Test
    void cancelWhenJmhRunsKillsTheBenchmarkProcesses() {
        JsonNode job = admin.ok(admin.post("/api/v1/jobs", fixture.job("e2e-cancel", fixture.good, "e2e-main",
                "-f 1 -wi 0 -i 1 -r 120s")));
        String id = job.get("id").asString();
        Poll.until("JMH running", Duration.ofSeconds(150), runner::benchmarkProcesses, list -> !list.isEmpty());
        JsonNode running = admin.ok(admin.get("/api/v1/jobs/" + id));

        JsonNode cancelled = admin.ok(admin.post("/api/v1/jobs/" + id + "/cancel", ""));

        assertThat(running.get("status").asString()).isEqualTo("running");
        assertThat(cancelled.get("status").asString()).isEqualTo("cancelled");
        Poll.until("the benchmark JVMs gone", Duration.ofSeconds(30), runner::benchmarkProcesses, list -> list.isEmpty());
        assertThat(runner.alive()).as("the runner goes on to the next job").isTrue();
        Poll.until("the runner saying so", Duration.ofSeconds(10), runner::log,
                log -> log.contains("the server cancelled it"));
    }

    @Test
    void createWhenDefinitionIsBadReturns400NamingTheField() {
        Http.Response response = admin.post("/api/v1/jobs", fixture.job("e2e-bad", fixture.good, "e2e-main",
                FixtureSuite.QUICK).replace("\"profile\": \"quick\"", "\"profile\": \"quick\", \"jvm\": \"17 -Xmx9g\""));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo("jvm");
    }

    @Test
    void runnerWhenKilledMidJobLosesTheLeaseAndAnotherRunnerCompletesIt() {
        Path dataDir = work.resolve("runner-crash");
        JsonNode job = admin.ok(admin.post("/api/v1/jobs", fixture.job("e2e-crash", fixture.good, "e2e-crash",
                "-f 1 -wi 0 -i 2 -r 1s")));
        String id = job.get("id").asString();
        try (RunnerProcess first = RunnerProcess.start(server.url(), runnerToken, "e2e-crash", "crash-a", dataDir)) {
            Poll.until("JMH running on crash-a", Duration.ofSeconds(150), first::benchmarkProcesses,
                    list -> !list.isEmpty());
            first.kill();
        }

        // The same machine back after the crash, under another name: the spool and caches are still there.
        try (RunnerProcess second = RunnerProcess.start(server.url(), runnerToken, "e2e-crash", "crash-b", dataDir)) {
            JsonNode done = awaitFinished(id, Duration.ofSeconds(120));

            assertThat(done.get("status").asString()).as(done.toString()).isEqualTo("succeeded");
            JsonNode attempts = done.get("attempts");
            assertThat(attempts.get(0).get("runner").asString()).isEqualTo("crash-a");
            assertThat(attempts.get(0).get("status").asString()).isEqualTo("expired");
            JsonNode last = attempts.get(attempts.size() - 1);
            assertThat(last.get("runner").asString()).isEqualTo("crash-b");
            assertThat(last.get("status").asString()).isEqualTo("succeeded");
            assertThat(done.get("runId").asString()).isEqualTo(last.get("id").asString());
        }
    }

    @Test
    void runnerWhenStoppedWithSigtermKillsJmhAndHandsTheJobBack() {
        JsonNode job = admin.ok(admin.post("/api/v1/jobs", fixture.job("e2e-sigterm", fixture.good, "e2e-sigterm",
                "-f 1 -wi 0 -i 1 -r 120s")));
        String id = job.get("id").asString();
        try (RunnerProcess runner = RunnerProcess.start(server.url(), runnerToken, "e2e-sigterm", "sigterm-a",
                work.resolve("runner-sigterm"))) {
            Poll.until("JMH running", Duration.ofSeconds(150), runner::benchmarkProcesses, list -> !list.isEmpty());
            java.time.Instant stopping = java.time.Instant.now();

            runner.stop();

            assertThat(Duration.between(stopping, java.time.Instant.now())).isLessThan(Duration.ofSeconds(30));
            // 143 = 128 + SIGTERM: how a JVM ends after its shutdown hooks ran on a TERM signal.
            assertThat(runner.exitCode()).as(runner.log()).isIn(0, 143);
            assertThat(runner.log()).contains("handing back");
            assertThat(runner.benchmarkProcesses()).isEmpty();
            JsonNode handedBack = admin.ok(admin.get("/api/v1/jobs/" + id));
            assertThat(handedBack.get("status").asString()).isEqualTo("queued");
            assertThat(handedBack.get("attempts").get(0).get("status").asString()).isEqualTo("released");
            // it said it stops: listed stopped, saying why, rather than offline once its silence is long enough
            JsonNode listed = null;
            for (JsonNode runnerRow : admin.ok(admin.get("/api/v1/runners"))) {
                listed = runnerRow.get("name").asString().equals("sigterm-a") ? runnerRow : listed;
            }
            assertThat(listed).as("runner sigterm-a listed").isNotNull();
            assertThat(listed.get("state").asString()).isEqualTo("stopped");
            assertThat(listed.get("stopReason").asString()).isEqualTo("exited: told to stop");
        }
    }

    private static JsonNode awaitFinished(String id, Duration timeout) {
        return Poll.until("job " + id + " to finish", timeout, () -> admin.ok(admin.get("/api/v1/jobs/" + id)),
                job -> job.get("status").asString().matches("succeeded|failed|cancelled"));
    }
}
