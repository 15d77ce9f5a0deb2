package dev.perfwatch.runners;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.JobSpec;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.jobs.Kind;
import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** Host checks end to end over HTTP and a real PostgreSQL: noisy runs, re-runs, runner health and quarantine. */
@ServerTest
@TestPropertySource(properties = { "perfwatch.runners.quarantine.enabled=true",
        "perfwatch.runners.quarantine.min-runs=4", "perfwatch.runners.quarantine.recovery-checks=3" })
class HostChecksTest {

    private static String runnerToken;

    @LocalServerPort
    int port;

    @Autowired
    ApiTokens tokens;

    @Autowired
    Jobs jobs;

    Api api;

    @BeforeEach
    void setUp() {
        synchronized (HostChecksTest.class) {
            if (runnerToken == null) {
                runnerToken = tokens.create("host-checks-test-runner", Role.RUNNER);
            }
        }
        api = Api.at(port);
    }

    @Test
    void uploadWhenHostMovedDuringTheJobMarksTheRunNoisyAndQueuesOneRerun() {
        String runner = register("noisy-nightly-1", "nc-rerun");
        Job job = jobs.create(spec("nc-rerun-project", Runs.sha(1), "nc-rerun"), "test");
        UUID attempt = lease(runner);
        // 40 ms before, 52 ms after: 30% apart, beyond the 10% allowed between before and after.
        assertThat(upload(attempt, "nc-rerun-project", Runs.sha(1), "noisy-nightly-1", 40_000_000, 52_000_000, 0.2)
            .status()).isEqualTo(201);
        finish(attempt, "succeeded");

        JsonNode run = api.get("/api/v1/runs/" + attempt).json();
        assertThat(run.get("hostCheck").get("noisy").asBoolean()).isTrue();
        assertThat(run.get("hostCheck").get("reason").asString())
            .contains("30% longer after the job than before (52.0 ms vs 40.0 ms)");
        JsonNode series = api.get("/api/v1/series?project=nc-rerun-project").json();
        JsonNode points = api.get("/api/v1/series/" + series.get(0).get("id").asLong() + "/points").json();
        assertThat(points.get(0).get("noisy").asBoolean()).isTrue();
        assertThat(points.get(0).get("noiseReason").asString()).contains("after the job than before");

        JsonNode queued = api.get("/api/v1/jobs?project=nc-rerun-project&status=queued").json();
        assertThat(queued).hasSize(1);
        assertThat(queued.get(0).get("commit").asString()).isEqualTo(job.commit());
        assertThat(queued.get(0).get("kind").asString()).isEqualTo("nightly");

        // The re-run is noisy too: the budget of one re-run per commit is spent, nothing more is queued.
        UUID rerun = lease(runner);
        upload(rerun, "nc-rerun-project", Runs.sha(1), "noisy-nightly-1", 40_000_000, 60_000_000, 0.2);
        finish(rerun, "succeeded");
        assertThat(api.get("/api/v1/jobs?project=nc-rerun-project&status=queued").json()).isEmpty();
    }

    @Test
    void uploadWhenHostStayedQuietIsNotNoisy() {
        register("quiet-1", "nc-quiet");
        UUID id = UUID.randomUUID();
        upload(id, "nc-quiet-project", Runs.sha(2), "quiet-1", 40_000_000, 41_000_000, 0.3);
        JsonNode run = api.get("/api/v1/runs/" + id).json();
        assertThat(run.get("hostCheck").get("noisy").asBoolean()).isFalse();
        assertThat(run.get("hostCheck").get("reason").isNull()).isTrue();
        JsonNode series = api.get("/api/v1/series?project=nc-quiet-project").json();
        JsonNode points = api.get("/api/v1/series/" + series.get(0).get("id").asLong() + "/points").json();
        assertThat(points.get(0).get("noisy").asBoolean()).isFalse();
    }

    @Test
    void runnerWhenMostRunsNoisyIsQuarantinedRefusedJobsAndRecoversAfterInLineChecks() throws Exception {
        String calm = register("class-calm", "nc-quarantine");
        String runner = register("class-noisy", "nc-quarantine");
        for (int i = 0; i < 4; i++) {
            upload(UUID.randomUUID(), "nc-q-project", Runs.sha(10 + i), "class-calm", 40_000_000, 40_500_000, 0.2);
        }
        for (int i = 0; i < 4; i++) {
            upload(UUID.randomUUID(), "nc-q-project", Runs.sha(20 + i), "class-noisy", 40_000_000, 56_000_000, 0.2);
        }
        JsonNode view = runnerView(runner);
        assertThat(view.get("state").asString()).isEqualTo("quarantined");
        assertThat(view.get("health").get("state").asString()).isEqualTo("quarantined");
        assertThat(view.get("health").get("reason").asString())
            .isEqualTo("4 of its last 4 runs were on a noisy host, 0% of its host class's other runners' runs");
        assertThat(runnerView(calm).get("health").get("state").asString()).isEqualTo("healthy");

        jobs.create(spec("nc-q-project", Runs.sha(30), "nc-quarantine"), "test");
        HttpResponse<String> refused = HttpClient.newHttpClient().send(HttpRequest
            .newBuilder(api.uri("/api/v1/runners/" + runner + "/lease"))
            .header("Authorization", "Bearer " + runnerToken)
            .POST(HttpRequest.BodyPublishers.noBody())
            .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(204);
        assertThat(refused.headers().firstValue("Perfwatch-Quarantine")).hasValueSatisfying(
                reason -> assertThat(reason).startsWith("4 of its last 4 runs"));
        JsonNode classes = api.get("/api/v1/host-classes").json();
        JsonNode quarantineClass = null;
        for (JsonNode hostClass : classes) {
            if (hostClass.get("hostClass").asString().equals("nc-quarantine")) {
                quarantineClass = hostClass;
            }
        }
        assertThat(quarantineClass.get("queued").asInt()).isEqualTo(1);
        assertThat(quarantineClass.get("available").asInt()).isEqualTo(1);

        // Checks out of line (30% slower than the baseline of about 48 ms) do not count towards recovery.
        assertThat(check(runner, 63_000_000, 0.2).get("quarantined").asBoolean()).isTrue();
        assertThat(check(runner, 48_000_000, 0.2).get("quarantined").asBoolean()).isTrue();
        assertThat(check(runner, 47_000_000, 0.2).get("quarantined").asBoolean()).isTrue();
        JsonNode recovered = check(runner, 49_000_000, 0.2);
        assertThat(recovered.get("inLine").asBoolean()).isTrue();
        assertThat(recovered.get("quarantined").asBoolean()).isFalse();
        assertThat(runnerView(runner).get("health").get("state").asString()).isEqualTo("unknown");
        assertThat(lease(runner)).isNotNull();

        JsonNode history = api.get("/api/v1/runners/" + runner + "/checks").json();
        assertThat(history.get("checks").get(0).get("moment").asString()).isEqualTo("idle");
        assertThat(history.get("checks")).hasSize(12);
        assertThat(history.get("runs")).hasSize(4);
        assertThat(history.get("runs").get(0).get("noisy").asBoolean()).isTrue();
    }

    @Test
    void uploadWhenRunnerChecksWereLoadedBeforeIsJudgedWithoutThem() {
        String runner = register("loaded-baseline-1", "nc-loaded-baseline");
        // Three idle checks while other work kept the host busy (load 1.0 per core): slow, and no yardstick.
        for (int i = 0; i < 3; i++) {
            assertThat(check(runner, 20_000_000, 1.0).get("inLine").asBoolean()).isFalse();
        }
        UUID quiet = UUID.randomUUID();
        upload(quiet, "nc-loaded-baseline-project", Runs.sha(3), "loaded-baseline-1", 8_000_000, 8_200_000, 0.1);
        JsonNode run = api.get("/api/v1/runs/" + quiet).json();
        // Judged against the loaded checks it would be "60% less time than this runner's baseline (20.0 ms)".
        assertThat(run.get("hostCheck").get("noisy").asBoolean()).as(run.get("hostCheck").toString()).isFalse();

        // Quiet checks still make a baseline, and a run far from it is still noisy.
        check(runner, 8_100_000, 0.1);
        UUID moved = UUID.randomUUID();
        upload(moved, "nc-loaded-baseline-project", Runs.sha(4), "loaded-baseline-1", 12_000_000, 12_100_000, 0.1);
        JsonNode slow = api.get("/api/v1/runs/" + moved).json();
        assertThat(slow.get("hostCheck").get("noisy").asBoolean()).isTrue();
        assertThat(slow.get("hostCheck").get("baselineNanos").asLong()).isEqualTo(8_100_000);
    }

    @Test
    void uploadWhenRunnerMovedToReference2IsNotJudgedByItsReference1Checks() {
        String runner = register("upgraded-runner-1", "nc-upgraded");
        // A runner's quiet reference-1 checks (the 8 MB chase, 20 ms here), then the same runner upgraded.
        for (int i = 0; i < 3; i++) {
            assertThat(check(runner, "reference-1", 20_000_000, 0.1).get("inLine").asBoolean()).isTrue();
        }
        UUID upgraded = UUID.randomUUID();
        upload(upgraded, "reference-2", "nc-upgraded-project", Runs.sha(5), "upgraded-runner-1", 7_500_000,
                7_600_000, 0.1);
        JsonNode run = api.get("/api/v1/runs/" + upgraded).json();
        // Against the reference-1 baseline it would be "62% less time than this runner's baseline (20.0 ms)".
        assertThat(run.get("hostCheck").get("noisy").asBoolean()).as(run.get("hostCheck").toString()).isFalse();
        assertThat(run.get("hostCheck").has("baselineNanos")).isFalse();
    }

    @Test
    void checkWhenLoadAboveCoresIsNotInLine() {
        String runner = register("loaded-check", "nc-load");
        JsonNode answer = check(runner, 40_000_000, 5.0);
        assertThat(answer.get("inLine").asBoolean()).isFalse();
        assertThat(answer.get("quarantined").asBoolean()).isFalse();
    }

    @Test
    void runnersWhenEveryJobFailedShowFailingWithTheLastFailure() {
        String runner = register("failing-1", "nc-failing");
        for (int i = 0; i < 3; i++) {
            jobs.create(spec("nc-failing-project", Runs.sha(40 + i), "nc-failing"), "test");
            UUID attempt = lease(runner);
            api.postJson("/api/v1/attempts/" + attempt + "/finish",
                    "{\"outcome\": \"failed\", \"failure\": \"JMH failed with exit code 1\"}", "Bearer " + runnerToken);
        }
        JsonNode view = runnerView(runner);
        assertThat(view.get("state").asString()).isEqualTo("failing");
        assertThat(view.get("activity").get("attempts").asInt()).isEqualTo(3);
        assertThat(view.get("activity").get("failed").asInt()).isEqualTo(3);
        assertThat(view.get("activity").get("failingStreak").asInt()).isEqualTo(3);
        assertThat(view.get("activity").get("lastOutcome").asString()).isEqualTo("failed");
        assertThat(view.get("activity").get("lastFailure").asString()).isEqualTo("JMH failed with exit code 1");
    }

    @Test
    void hostClassesWhenJobsWaitWithoutRunnerFlagsTheClass() {
        jobs.create(spec("nc-nobody-project", Runs.sha(50), "nc-nobody"), "test");
        JsonNode stranded = null;
        for (JsonNode hostClass : api.get("/api/v1/host-classes").json()) {
            if (hostClass.get("hostClass").asString().equals("nc-nobody")) {
                stranded = hostClass;
            }
        }
        assertThat(stranded.get("stranded").asBoolean()).isTrue();
        assertThat(stranded.get("runners").asInt()).isZero();
    }

    @Test
    void checkWhenMedianMissingNamesTheField() {
        String runner = register("bad-check", "nc-bad");
        Api.Response response = api.postJson("/api/v1/runners/" + runner + "/checks", "{\"spread\": 0.01}",
                "Bearer " + runnerToken);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).contains("medianNanos");
    }

    private JsonNode runnerView(String id) {
        return api.get("/api/v1/runners/" + id).json();
    }

    private String register(String name, String hostClass) {
        Api.Response response = api.postJson("/api/v1/runners", """
                {"name": "%s", "hostClass": "%s", "cores": 4, "jdks": ["17"], "version": "test"}"""
            .formatted(name, hostClass), "Bearer " + runnerToken);
        assertThat(response.status()).isEqualTo(200);
        return response.json().get("id").asString();
    }

    private UUID lease(String runner) {
        Api.Response response = api.postJson("/api/v1/runners/" + runner + "/lease", "", "Bearer " + runnerToken);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return UUID.fromString(response.json().get("attemptId").asString());
    }

    private void finish(UUID attempt, String outcome) {
        assertThat(api.postJson("/api/v1/attempts/" + attempt + "/finish", "{\"outcome\": \"" + outcome + "\"}",
                "Bearer " + runnerToken).status()).isEqualTo(200);
    }

    private JsonNode check(String runner, long medianNanos, double load) {
        return check(runner, "reference-1", medianNanos, load);
    }

    private JsonNode check(String runner, String workload, long medianNanos, double load) {
        Api.Response response = api.postJson("/api/v1/runners/" + runner + "/checks", """
                {"workload": "%s", "medianNanos": %d, "spread": 0.01, "loadAverage": %s, "cores": 4}"""
            .formatted(workload, medianNanos, load * 4), "Bearer " + runnerToken);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private Api.Response upload(UUID id, String project, String sha, String runner, long before, long after,
            double load) {
        return upload(id, "reference-1", project, sha, runner, before, after, load);
    }

    private Api.Response upload(UUID id, String workload, String project, String sha, String runner, long before,
            long after, double load) {
        ObjectNode run = Runs.run(id, project, sha, java.util.List.of(), null, Runs.thrpt("b.Bench.m", 100));
        ObjectNode metadata = run.putObject("metadata");
        metadata.putObject("runner").put("name", runner);
        ObjectNode hostCheck = metadata.putObject("hostCheck");
        hostCheck.put("workload", workload);
        hostCheck.set("before", reference(before, load));
        hostCheck.set("after", reference(after, load));
        return api.postJson("/api/v1/runs", run.toString());
    }

    private static ObjectNode reference(long medianNanos, double load) {
        ObjectNode check = Runs.json.createObjectNode();
        check.put("medianNanos", medianNanos);
        check.put("spread", 0.01);
        check.put("loadAverage", load * 4);
        check.put("cores", 4);
        check.put("busyCpus", 0.0);
        return check;
    }

    private static JobSpec spec(String project, String commit, String hostClass) {
        return new JobSpec(project, "main", commit, JobSpec.Suite.of("/tmp/repository"), hostClass, "17", null,
                Kind.NIGHTLY, null, null, null);
    }
}
