package dev.perfwatch.jobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

@ServerTest
class JobQueueTest {

    private static String runnerToken;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApiTokens tokens;

    @Autowired
    Jobs jobs;

    @Autowired
    NightlySchedule nightly;

    Api api;

    RunnerProtocol runner;

    @BeforeEach
    void setUp() {
        synchronized (JobQueueTest.class) {
            if (runnerToken == null) {
                runnerToken = tokens.create("jobs-test-runner", Role.RUNNER);
            }
        }
        api = Api.at(port);
        runner = new RunnerProtocol(api, runnerToken);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            {"project": "p", "suite": {"repository": "/r"}, "hostClass": "4-core"}                          | commit
            {"project": "p", "commit": "xyz", "suite": {"repository": "/r"}, "hostClass": "4-core"}         | commit
            {"project": "p", "commit": "abcdef1", "hostClass": "4-core"}                                    | suite
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "relative/path"}, "hostClass": "h"} | suite.repository
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "--upload-pack=x"}, "hostClass": "h"} | suite.repository
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r", "include": ["ok", "[bad"]}, "hostClass": "h"} | suite.include[1]
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r", "exclude": ["(open"]}, "hostClass": "h"} | suite.exclude[0]
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r", "jmhOptions": ["-f", "-rff /tmp/x"]}, "hostClass": "h"} | suite.jmhOptions[1]
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r", "moduleDir": "../outside"}, "hostClass": "h"} | suite.moduleDir
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r", "jar": "/etc/passwd"}, "hostClass": "h"} | suite.jar
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r"}}                            | hostClass
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r"}, "hostClass": "4-core-"}    | hostClass
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r"}, "hostClass": "h", "profile": "slow"} | profile
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r"}, "hostClass": "h", "kind": "weekly"} | kind
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r"}, "hostClass": "h", "jvm": "17 -Xmx9g"} | jvm
            {"project": "p", "commit": "abcdef1", "suite": {"repository": "/r"}, "hostClass": "h", "maxAttempts": 0} | maxAttempts
            {"project": "", "commit": "abcdef1", "suite": {"repository": "/r"}, "hostClass": "h"}           | project
            """)
    void createWhenDefinitionIsBadReturns400NamingTheField(String body, String field) {
        Api.Response response = api.postJson("/api/v1/jobs", body);

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo(field);
        assertThat(jdbc.sql("select count(*) from job where project = 'p'").query(Integer.class).single()).isZero();
    }

    @Test
    void createWhenRunnerTokenReturns403() {
        Api.Response response = api.postJson("/api/v1/jobs", spec("forbidden", Runs.sha(1), "h", "api"),
                "Bearer " + runnerToken);

        assertThat(response.status()).isEqualTo(403);
    }

    @Test
    void createWhenValidFillsInDefaultsAndQueues() {
        Api.Response response = api.postJson("/api/v1/jobs", """
                {"project": "defaults", "commit": "ABCDEF1234567", "suite": {"repository": "https://example.org/x.git"},
                 "hostClass": "4-core"}""");

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode job = response.json();
        assertThat(job.get("status").asString()).isEqualTo("queued");
        assertThat(job.get("commit").asString()).isEqualTo("abcdef1234567");
        assertThat(job.get("branch").asString()).isEqualTo("main");
        assertThat(job.get("jvm").asString()).isEqualTo("17");
        assertThat(job.get("profile").asString()).isEqualTo("full");
        assertThat(job.get("kind").asString()).isEqualTo("api");
        assertThat(job.get("priority").asInt()).isEqualTo(Kind.API.defaultPriority());
        assertThat(job.get("suite").get("jar").asString()).isEqualTo("target/benchmarks.jar");
        assertThat(job.get("createdBy").asString()).isEqualTo("admin");
        assertThat(api.get("/api/v1/jobs/" + job.get("id").asString()).json().get("attempts").size()).isZero();
    }

    @Test
    void leaseWhenRequestAndNightlyQueuedReturnsRequestFirstThenOldestNightly() {
        String hostClass = "prio-" + UUID.randomUUID().toString().substring(0, 8);
        String firstNightly = create(spec("prio", Runs.sha(1), hostClass, "nightly"));
        String secondNightly = create(spec("prio", Runs.sha(2), hostClass, "nightly"));
        String request = create(spec("prio", Runs.sha(3), hostClass, "request"));
        String id = runner.register("prio-runner", hostClass, "17");

        List<String> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            order.add(runner.lease(id).get("job").get("id").asString());
        }

        assertThat(order).containsExactly(request, firstNightly, secondNightly);
        assertThat(runner.lease(id)).as("the queue is empty").isNull();
    }

    @Test
    void leaseWhenRunnerLacksTheJvmLeavesTheJobQueued() {
        String hostClass = "jvm-" + UUID.randomUUID().toString().substring(0, 8);
        create(spec("jvm", Runs.sha(1), hostClass, "api").replace("\"jvm\": \"17\"", "\"jvm\": \"25\""));
        String only17 = runner.register("jvm-runner-17", hostClass, "17");
        String with25 = runner.register("jvm-runner-25", hostClass, "17", "25");

        assertThat(runner.lease(only17)).isNull();
        assertThat(runner.lease(with25).get("job").get("jvm").asString()).isEqualTo("25");
    }

    @Test
    void leaseWhenManyRunnersAskAtOnceGivesEveryJobToExactlyOne() throws Exception {
        String hostClass = "race-" + UUID.randomUUID().toString().substring(0, 8);
        Set<String> created = new HashSet<>();
        for (int i = 0; i < 6; i++) {
            created.add(create(spec("race", Runs.sha(i), hostClass, "api")));
        }
        List<String> runners = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            runners.add(runner.register("race-runner-" + i + "-" + hostClass, hostClass, "17"));
        }
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<JsonNode>> leases = new ArrayList<>();
            for (String id : runners) {
                Callable<JsonNode> lease = () -> {
                    start.await();
                    return runner.lease(id);
                };
                leases.add(pool.submit(lease));
            }
            start.countDown();
            List<String> leased = new ArrayList<>();
            for (Future<JsonNode> lease : leases) {
                JsonNode answer = lease.get();
                if (answer != null) {
                    leased.add(answer.get("job").get("id").asString());
                }
            }
            assertThat(leased).doesNotHaveDuplicates().hasSize(6);
            assertThat(new HashSet<>(leased)).isEqualTo(created);
        }
        finally {
            pool.shutdownNow();
        }
    }

    @Test
    void expireWhenNoHeartbeatRequeuesThenFailsAfterTheLastAttempt() {
        String hostClass = "expire-" + UUID.randomUUID().toString().substring(0, 8);
        String job = create(spec("expire", Runs.sha(1), hostClass, "api")
            .replace("\"priority\": null", "\"priority\": null, \"maxAttempts\": 2"));
        String id = runner.register("expire-runner", hostClass, "17");

        UUID first = UUID.fromString(runner.lease(id).get("attemptId").asString());
        endLease(first);
        jobs.expireLeases();
        JsonNode afterFirst = api.get("/api/v1/jobs/" + job).json();
        UUID second = UUID.fromString(runner.lease(id).get("attemptId").asString());
        endLease(second);
        jobs.expireLeases();
        JsonNode afterSecond = api.get("/api/v1/jobs/" + job).json();

        assertThat(afterFirst.get("status").asString()).isEqualTo("queued");
        assertThat(afterFirst.get("attempts").get(0).get("status").asString()).isEqualTo("expired");
        assertThat(afterSecond.get("status").asString()).isEqualTo("failed");
        assertThat(afterSecond.get("failure").asString()).contains("expired without a heartbeat")
            .contains("attempt 2 of 2");
        assertThat(afterSecond.get("attempts").size()).isEqualTo(2);
        assertThat(runner.heartbeat(second, "{}").json().get("cancel").asBoolean()).isTrue();
    }

    @Test
    void heartbeatWhenRunningRecordsProgressAndWhenCancelledTellsTheRunnerToStop() {
        String hostClass = "cancel-" + UUID.randomUUID().toString().substring(0, 8);
        String job = create(spec("cancel", Runs.sha(1), hostClass, "api"));
        String id = runner.register("cancel-runner", hostClass, "17");
        UUID attempt = UUID.fromString(runner.lease(id).get("attemptId").asString());

        JsonNode running = runner.heartbeat(attempt, """
                {"progress": {"phase": "run", "benchmark": "a.B.c", "iteration": "measurement 2/5", "percent": 40.0,
                 "etaSeconds": 90, "phaseSeconds": 12}, "logTail": "Iteration   1: 10 ops/s"}""").json();
        JsonNode listed = api.get("/api/v1/jobs?status=running&project=cancel").json();
        JsonNode runners = api.get("/api/v1/runners").json();
        Api.Response cancel = api.postJson("/api/v1/jobs/" + job + "/cancel", "");
        JsonNode afterCancel = runner.heartbeat(attempt, "{}").json();

        assertThat(running.get("cancel").asBoolean()).isFalse();
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("progress").get("benchmark").asString()).isEqualTo("a.B.c");
        assertThat(listed.get(0).get("runner").asString()).isEqualTo("cancel-runner");
        JsonNode me = null;
        for (JsonNode r : runners) {
            if (r.get("name").asString().equals("cancel-runner")) {
                me = r;
            }
        }
        assertThat(me.get("state").asString()).isEqualTo("busy");
        assertThat(me.get("progress").get("percent").asDouble()).isEqualTo(40.0);
        // How long the phase lasts, for the Runners page's "wait 12 s".
        assertThat(me.get("progress").get("phaseSeconds").asLong()).isEqualTo(12);
        assertThat(cancel.status()).isEqualTo(200);
        assertThat(cancel.json().get("status").asString()).isEqualTo("cancelled");
        assertThat(afterCancel.get("cancel").asBoolean()).isTrue();
        JsonNode detail = api.get("/api/v1/jobs/" + job).json();
        assertThat(detail.get("attempts").get(0).get("logTail").asString()).contains("Iteration   1");
        assertThat(detail.get("attempts").get(0).get("status").asString()).isEqualTo("cancelled");
    }

    @Test
    void finishWhenSucceededNeedsTheStoredRunAndThenCompletesTheJob() {
        String hostClass = "finish-" + UUID.randomUUID().toString().substring(0, 8);
        String job = create(spec("finish", Runs.sha(1), hostClass, "api"));
        String id = runner.register("finish-runner", hostClass, "17");
        UUID attempt = UUID.fromString(runner.lease(id).get("attemptId").asString());

        Api.Response early = runner.finish(attempt, "{\"outcome\": \"succeeded\"}");
        Api.Response upload = api.postJson("/api/v1/runs",
                Runs.run(attempt, "finish", Runs.sha(1), List.of(), null, Runs.thrpt("a.B.c", 10)).toString(),
                "Bearer " + runnerToken);
        Api.Response done = runner.finish(attempt, "{\"outcome\": \"succeeded\", \"logTail\": \"done\"}");

        assertThat(early.status()).isEqualTo(409);
        assertThat(early.json().get("field").asString()).isEqualTo("runId");
        assertThat(upload.status()).as(upload.body()).isEqualTo(201);
        assertThat(done.status()).as(done.body()).isEqualTo(200);
        JsonNode detail = api.get("/api/v1/jobs/" + job).json();
        assertThat(detail.get("status").asString()).isEqualTo("succeeded");
        assertThat(detail.get("runId").asString()).isEqualTo(attempt.toString());
    }

    @Test
    void retryWhenFailedQueuesAgainAndReleaseDoesNotCountAsAnAttempt() {
        String hostClass = "retry-" + UUID.randomUUID().toString().substring(0, 8);
        String job = create(spec("retry", Runs.sha(1), hostClass, "api"));
        String id = runner.register("retry-runner", hostClass, "17");
        UUID first = UUID.fromString(runner.lease(id).get("attemptId").asString());
        runner.finish(first, "{\"outcome\": \"released\", \"failure\": \"runner stopping\"}");
        JsonNode released = api.get("/api/v1/jobs/" + job).json();
        UUID second = UUID.fromString(runner.lease(id).get("attemptId").asString());

        JsonNode failed = runner.finish(second, """
                {"outcome": "failed", "failure": "build failed", "logTail": "[ERROR] cannot find symbol"}""").json();
        Api.Response retried = api.postJson("/api/v1/jobs/" + job + "/retry", "");
        Api.Response retriedAgain = api.postJson("/api/v1/jobs/" + job + "/retry", "");

        assertThat(released.get("status").asString()).isEqualTo("queued");
        assertThat(released.get("attempt").asInt()).isZero();
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        assertThat(failed.get("failure").asString()).contains("build failed").contains("retry-runner");
        assertThat(retried.status()).isEqualTo(200);
        assertThat(retried.json().get("status").asString()).isEqualTo("queued");
        assertThat(retriedAgain.status()).isEqualTo(409);
    }

    @Test
    void priorityWhenChangedReordersTheQueue() {
        String hostClass = "reorder-" + UUID.randomUUID().toString().substring(0, 8);
        create(spec("reorder", Runs.sha(1), hostClass, "api"));
        String later = create(spec("reorder", Runs.sha(2), hostClass, "api"));

        Api.Response changed = api.send(java.net.http.HttpRequest.newBuilder(api.uri("/api/v1/jobs/" + later
                + "/priority"))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + Api.ADMIN_TOKEN)
            .PUT(java.net.http.HttpRequest.BodyPublishers.ofString("{\"priority\": 5000}")));
        String id = runner.register("reorder-runner", hostClass, "17");

        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(runner.lease(id).get("job").get("id").asString()).isEqualTo(later);
    }

    @Test
    void listWhenFilteredByStatusAndProjectReturnsOnlyThoseJobs() {
        String a = create(spec("list-a", Runs.sha(1), "list", "api"));
        create(spec("list-b", Runs.sha(1), "list", "api"));

        JsonNode listed = api.get("/api/v1/jobs?status=queued&project=list-a").json();
        Api.Response badStatus = api.get("/api/v1/jobs?status=sleeping");

        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("id").asString()).isEqualTo(a);
        assertThat(badStatus.status()).isEqualTo(400);
        assertThat(badStatus.json().get("field").asString()).isEqualTo("status");
    }

    @Test
    void nightlyWhenBranchHeadIsNewQueuesItOncePerHostClass(@TempDir Path repository) throws Exception {
        git(repository, "init", "-q", "-b", "main");
        Files.writeString(repository.resolve("a.txt"), "one");
        git(repository, "add", ".");
        git(repository, "-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-q", "-m", "one");
        String head = git(repository, "rev-parse", "HEAD").strip();
        JobsProperties.Nightly schedule = new JobsProperties.Nightly("nightly", "main", "0 2 * * *",
                List.of("n-4core", "n-8core"), "17", Profile.FULL, JobSpec.Suite.of(repository.toString()));

        List<Job> first = nightly.schedule(schedule);
        List<Job> second = nightly.schedule(schedule);

        assertThat(first).extracting(Job::hostClass).containsExactlyInAnyOrder("n-4core", "n-8core");
        assertThat(first).allSatisfy(job -> {
            assertThat(job.commit()).isEqualTo(head);
            assertThat(job.kind()).isEqualTo(Kind.NIGHTLY);
            assertThat(job.priority()).isLessThan(Kind.REQUEST.defaultPriority());
        });
        assertThat(second).as("already queued").isEmpty();
    }

    @Test
    void nightlyWhenCronTimePassedBetweenTicksIsDueOnce() {
        var cron = NightlySchedule.cron("0 2 * * *");
        java.time.Instant before = java.time.Instant.parse("2026-01-10T01:59:00Z");
        java.time.Instant after = java.time.Instant.parse("2026-01-10T02:00:30Z");
        java.time.Instant later = java.time.Instant.parse("2026-01-10T02:01:30Z");

        assertThat(NightlySchedule.due(cron, before, after)).isTrue();
        assertThat(NightlySchedule.due(cron, after, later)).isFalse();
        assertThat(NightlySchedule.due(cron, before, before.plusSeconds(30))).isFalse();
    }

    private void endLease(UUID attempt) {
        // Stands in for the passing of the lease duration: the runner went silent long ago.
        jdbc.sql("update job_attempt set lease_expires_at = now() - interval '1 second' where id = :id")
            .param("id", attempt)
            .update();
    }

    private String create(String body) {
        Api.Response response = api.postJson("/api/v1/jobs", body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("id").asString();
    }

    private static String spec(String project, String sha, String hostClass, String kind) {
        return """
                {"project": "%s", "commit": "%s", "suite": {"repository": "/srv/git/%s.git"}, "hostClass": "%s",
                 "jvm": "17", "kind": "%s", "priority": null}""".formatted(project, sha, project, hostClass, kind);
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }
}
