package dev.perfwatch.pipeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.alerts.Seeds;
import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The pipeline over a real server and database: runs seeded through the ingest API, detection by the worker, and
 * confirmation runs answered the way a runner answers them, through the job API (lease, upload under the attempt id,
 * finish). Each test has its own project and host class, so that no other test's jobs are leased here.
 */
@ServerTest
class PipelineTest {

    private static String runnerToken;

    private static final java.time.Instant NIGHTLY_START = java.time.Instant.now()
        .truncatedTo(java.time.temporal.ChronoUnit.HOURS).minus(java.time.Duration.ofDays(2));

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApiTokens tokens;

    @Autowired
    PipelineWorker worker;

    @Autowired
    ApplicationContext context;

    Api api;

    @BeforeEach
    void setUp() {
        synchronized (PipelineTest.class) {
            if (runnerToken == null) {
                runnerToken = tokens.create("pipeline-test-runner", Role.RUNNER);
            }
        }
        api = Api.at(port);
    }

    @Test
    void regressionWhenConfirmedRaisesOneAlertAtTheCulpritAndARecoveryResolvesIt() {
        Seeds seeds = new Seeds(api, jdbc, "pipe-regress");
        seed(seeds, "pipe-regress", 1, 22, n -> n <= 20 ? 1000 : 900);
        assertThat(tasks("pipe-regress")).as("one task per run, whatever its number of results").isEqualTo(22);

        worker.work("pipe-regress");

        assertThat(alerts("pipe-regress")).as("nothing is alerted before the confirmation").isEmpty();
        List<JsonNode> jobs = jobs("pipe-regress");
        assertThat(jobs).hasSize(4);
        assertThat(jobs).extracting(j -> j.get("commit").asString())
            .containsExactly(seeds.sha(20), seeds.sha(21), seeds.sha(20), seeds.sha(21));
        JsonNode job = jobs.get(0);
        assertThat(job.get("kind").asString()).isEqualTo("confirmation");
        assertThat(job.get("branch").asString()).isEqualTo("perfwatch/confirmation");
        assertThat(job.get("hostClass").asString()).isEqualTo("pipe-regress");
        assertThat(job.get("suite").get("repository").asString()).isEqualTo("https://example.org/pipe-regress.git");
        assertThat(job.get("suite").get("include").toString())
            .isEqualTo("[\"^demo\\\\.StringSerializationBenchmark\\\\.serialize$\"]");
        assertThat(job.get("suite").get("jmhOptions").toString()).isEqualTo("[\"-f\",\"2\"]");

        List<String> leased = answer(seeds, "pipe-regress", 4, sha -> sha.equals(seeds.sha(21)) ? 900 : 1000);
        worker.work("pipe-regress");

        assertThat(leased).as("one runner takes them interleaved")
            .containsExactly(seeds.sha(20), seeds.sha(21), seeds.sha(20), seeds.sha(21));
        JsonNode alerts = alerts("pipe-regress");
        assertThat(alerts).hasSize(1);
        JsonNode alert = alerts.get(0);
        assertThat(alert.get("kind").asString()).isEqualTo("regression");
        assertThat(alert.get("series").get("metric").get("name").asString()).isEqualTo("primary");
        assertThat(alert.get("commit").get("sha").asString()).isEqualTo(seeds.sha(21));
        assertThat(alert.get("lastGood").get("sha").asString()).isEqualTo(seeds.sha(20));
        assertThat(alert.get("magnitude").asDouble()).isCloseTo(-0.10, within(0.01));
        assertThat(alert.get("confidence").asDouble()).isGreaterThan(0.99);
        assertThat(alert.get("runs").size()).as("the runs around the change and the four confirmation runs")
            .isGreaterThanOrEqualTo(6);
        long series = alert.get("series").get("id").asLong();
        assertThat(api.get("/api/v1/series/" + series + "/points").json())
            .as("confirmation runs stay off the timeline").hasSize(22);
        JsonNode view = api.get("/api/v1/series/" + series).json();
        assertThat(view.get("minimalDetectableChange").asDouble()).isBetween(0.005, 0.05);
        assertThat(view.get("noise").asDouble()).isPositive();
        String verdict = api.get("/api/v1/confirmations?project=pipe-regress").json().get(0).get("suspects").get(0)
            .get("verdict").asString();
        assertThat(verdict).startsWith("round 1: ").doesNotContain("; round 1");
        worker.work("pipe-regress");
        assertThat(jobs("pipe-regress")).as("decided once: no further round").hasSize(4);

        seed(seeds, "pipe-regress", 23, 32, n -> n <= 30 ? 900 : 1000);
        worker.work("pipe-regress");
        answer(seeds, "pipe-regress", 4, sha -> sha.equals(seeds.sha(31)) ? 1000 : 900);
        worker.work("pipe-regress");

        JsonNode resolved = api.get("/api/v1/alerts/" + alert.get("id").asLong()).json();
        assertThat(resolved.get("status").asString()).as(resolved.toString()).isEqualTo("fixed");
        assertThat(alerts("pipe-regress")).as("the recovery resolves the alert instead of raising another")
            .hasSize(1);
    }

    /**
     * A pass of the timer or the wake-up decides a confirmation in the same pass that detects its last run: the take
     * says a confirmation is running, so the pass looks for one to decide after its runs (a pass whose take said none
     * was running skips that look, PipelineWorker.detect). Without it the decision waited for the next poll.
     */
    @Test
    void confirmationWhoseLastRunArrivesIsDecidedByThePassThatDetectsIt() {
        Seeds seeds = new Seeds(api, jdbc, "pipe-pass");
        seed(seeds, "pipe-pass", 1, 22, n -> n <= 20 ? 1000 : 900);
        worker.work("pipe-pass");
        assertThat(jobs("pipe-pass")).hasSize(4);
        answer(seeds, "pipe-pass", 4, sha -> sha.equals(seeds.sha(21)) ? 900 : 1000);
        assertThat(tasks("pipe-pass")).as("the confirmation's runs wait for detection").isEqualTo(4);
        assertThat(alerts("pipe-pass")).isEmpty();

        new PipelineParts(context).polling().poll();

        assertThat(tasks("pipe-pass")).as("the pass detected the confirmation's runs").isZero();
        assertThat(jdbc.sql("select c.status from confirmation c join project p on p.id = c.project_id "
                + "where p.name = 'pipe-pass'").query(String.class).single())
            .as("decided in the pass that detected its last run, not at the next poll").isEqualTo("decided");
        assertThat(alerts("pipe-pass")).hasSize(1);
    }

    @Test
    void workWhenTwoInstancesRaceOnTheSameRunsDoesEverythingOnce() throws Exception {
        Seeds seeds = new Seeds(api, jdbc, "pipe-race");
        seed(seeds, "pipe-race", 1, 22, n -> n <= 20 ? 1000 : 900);

        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            java.util.concurrent.Future<Integer> a = pool.submit(() -> worker.work("pipe-race"));
            java.util.concurrent.Future<Integer> b = pool.submit(() -> worker.work("pipe-race"));
            assertThat(a.get() + b.get()).as("each of the 22 runs detected on by one of them").isEqualTo(22);
        }
        finally {
            pool.shutdown();
        }

        assertThat(jobs("pipe-race")).hasSize(4);
        assertThat(jdbc.sql("select count(*) from suspect s join series se on se.id = s.series_id "
                + "join project p on p.id = se.project_id where p.name = 'pipe-race'").query(Long.class).single())
            .isEqualTo(1);
    }

    @Test
    void singleBadRunWhenTheNextRunsAreNormalQueuesNoConfirmationAndRaisesNothing() {
        Seeds seeds = new Seeds(api, jdbc, "pipe-single");
        seed(seeds, "pipe-single", 1, 21, n -> n == 21 ? 700 : 1000);
        worker.work("pipe-single");
        assertThat(jobs("pipe-single")).as("one bad run as the newest is not yet a change").isEmpty();

        seed(seeds, "pipe-single", 22, 24, n -> 1000);
        worker.work("pipe-single");

        assertThat(jobs("pipe-single")).isEmpty();
        assertThat(alerts("pipe-single")).isEmpty();
        assertThat(tasks("pipe-single")).as("every run was detected on").isZero();
    }

    @Test
    void suspectWhenRerunsShowNoChangeIsDismissedWithoutAlert() {
        Seeds seeds = new Seeds(api, jdbc, "pipe-same");
        seed(seeds, "pipe-same", 1, 22, n -> n <= 20 ? 1000 : 900);
        worker.work("pipe-same");

        answer(seeds, "pipe-same", 4, sha -> 1000);
        worker.work("pipe-same");

        assertThat(alerts("pipe-same")).isEmpty();
        assertThat(jobs("pipe-same")).as("clearly the same after one round").hasSize(4);
        String decision = jdbc.sql("select c.status || ': ' || c.decision from confirmation c "
                + "join project p on p.id = c.project_id where p.name = 'pipe-same'").query(String.class).single();
        assertThat(decision).startsWith("dismissed: 0 of 1 series changed after 1 round");
    }

    @Test
    void confirmationWhenUnclearAddsRoundsUntilTheBudgetAndThenDecides() {
        Seeds seeds = new Seeds(api, jdbc, "pipe-budget");
        seed(seeds, "pipe-budget", 1, 22, n -> n <= 20 ? 1000 : 900);
        worker.work("pipe-budget");

        // A difference of 3% in forks that scatter by 5%: never clear with four forks a side.
        int[] count = { 0 };
        for (int round = 1; round <= 3; round++) {
            answer(seeds, "pipe-budget", 4, sha -> (sha.equals(seeds.sha(21)) ? 970 : 1000)
                    * (count[0]++ / 2 % 2 == 0 ? 1.05 : 0.95));
            worker.work("pipe-budget");
        }

        assertThat(jobs("pipe-budget")).as("three rounds, the configured budget").hasSize(12);
        assertThat(alerts("pipe-budget")).isEmpty();
        String verdict = jdbc.sql("select s.verdict from suspect s join series se on se.id = s.series_id "
                + "join project p on p.id = se.project_id where p.name = 'pipe-budget'").query(String.class).single();
        assertThat(verdict).startsWith("round 3: not clear at the end of the budget");
        JsonNode confirmation = api.get("/api/v1/confirmations?project=pipe-budget").json().get(0);
        assertThat(confirmation.get("status").asString()).isEqualTo("dismissed");
        assertThat(confirmation.get("round").asInt()).isEqualTo(3);
        assertThat(confirmation.get("jobs")).hasSize(12);
        assertThat(confirmation.get("suspects").get(0).get("verdict").asString()).isEqualTo(verdict);
        assertThat(confirmation.get("decision").asString()).endsWith("at the end of the budget");
    }

    @Test
    void confirmationWhenEveryJobOfARoundFailsEndsWithoutAlertOrAnotherRound() {
        Seeds seeds = new Seeds(api, jdbc, "pipe-broken");
        seed(seeds, "pipe-broken", 1, 22, n -> n <= 20 ? 1000 : 900);
        worker.work("pipe-broken");
        String authorization = "Bearer " + runnerToken;
        String runner = api.postJson("/api/v1/runners", """
                {"name": "pipe-broken-runner", "hostClass": "pipe-broken", "jdks": ["17"], "version": "test"}""",
                authorization).json().get("id").asString();
        for (int i = 0; i < 4; i++) {
            JsonNode lease = api.postJson("/api/v1/runners/" + runner + "/lease", "", authorization).json();
            Api.Response finish = api.postJson("/api/v1/attempts/" + lease.get("attemptId").asString() + "/finish",
                    "{\"outcome\": \"failed\", \"failure\": \"the build failed\"}", authorization);
            assertThat(finish.status()).as(finish.body()).isEqualTo(200);
        }

        worker.work("pipe-broken");

        assertThat(jobs("pipe-broken")).as("a build that fails would fail again").hasSize(4);
        assertThat(alerts("pipe-broken")).isEmpty();
        JsonNode confirmation = api.get("/api/v1/confirmations?project=pipe-broken").json().get(0);
        assertThat(confirmation.get("status").asString()).isEqualTo("failed");
        assertThat(confirmation.get("suspects").get(0).get("status").asString()).isEqualTo("dismissed");
        assertThat(confirmation.get("suspects").get(0).get("verdict").asString())
            .contains("measured 0 good and 0 bad forks");
    }

    @Test
    void confirmationsWhenAskedBadlyAnswer400NamingTheFieldOr404() {
        Api.Response status = api.get("/api/v1/confirmations?status=maybe");
        Api.Response limit = api.get("/api/v1/confirmations?limit=0");
        Api.Response missing = api.get("/api/v1/confirmations/987654321");

        assertThat(status.status()).isEqualTo(400);
        assertThat(status.json().get("field").asString()).isEqualTo("status");
        assertThat(limit.status()).isEqualTo(400);
        assertThat(limit.json().get("field").asString()).isEqualTo("limit");
        assertThat(missing.status()).isEqualTo(404);
    }

    @Test
    void changeWhenTheNightlyCoveredSeveralCommitsIsBisectedToTheCulprit(@TempDir Path dir) {
        String project = "pipe-bisect";
        List<String> commits = repository(dir, 9);
        Map<String, List<String>> parents = new java.util.HashMap<>();
        for (int i = 1; i < commits.size(); i++) {
            parents.put(commits.get(i), List.of(commits.get(i - 1)));
        }
        String culprit = commits.get(5);
        register(project);
        java.util.function.ToDoubleFunction<String> level = sha -> commits.indexOf(sha) >= 5 ? 900 : 1000;
        // Nightly history (commits perfwatch knows only from uploads), then c0, then c8: c1..c8 arrived in one night.
        String parent = null;
        for (int n = 1; n <= 20; n++) {
            String sha = String.format("%040x", 0xb15ec7000L + n);
            nightly(project, dir, sha, parent, n, 1000);
            parent = sha;
        }
        nightly(project, dir, commits.get(0), parent, 21, 1000);
        nightly(project, dir, commits.get(8), commits.get(7), 22, 900);
        nightly(project, dir, String.format("%040x", 0xb15ec7100L), commits.get(8), 23, 900);
        worker.work(project);

        List<String> leased = new ArrayList<>();
        for (int round = 0; round < 10; round++) {
            List<String> answered = answer(project, -1, level, sha -> parents.getOrDefault(sha, List.of()),
                    dir.toString());
            if (answered.isEmpty()) {
                break;
            }
            leased.addAll(answered);
            worker.work(project);
        }

        JsonNode alerts = alerts(project);
        assertThat(alerts).hasSize(1);
        JsonNode alert = alerts.get(0);
        assertThat(alert.get("commit").get("sha").asString()).isEqualTo(culprit);
        assertThat(alert.get("lastGood").get("sha").asString()).isEqualTo(commits.get(4));
        assertThat(alert.get("exact").asBoolean()).isTrue();
        assertThat(alert.get("confidence").asDouble()).isGreaterThan(0.99);
        assertThat(leased).as("confirmation c0 c8, then c4 against c0, c6 against c4, c5 against c4")
            .containsExactly(commits.get(0), commits.get(8), commits.get(0), commits.get(8),
                    commits.get(0), commits.get(4), commits.get(0), commits.get(4),
                    commits.get(4), commits.get(6), commits.get(4), commits.get(6),
                    commits.get(4), commits.get(5), commits.get(4), commits.get(5));
        assertThat(jobs(project).stream().skip(4).map(j -> j.get("kind").asString()).distinct())
            .containsExactly("bisection");
        List<String> branchOrder = jdbc.sql("""
                select c.sha from branch_commit bc
                join branch b on b.id = bc.branch_id join project p on p.id = b.project_id
                join commit c on c.id = bc.commit_id
                where p.name = :project and b.name = 'main'
                order by bc.position
                """).param("project", project).query(String.class).list();
        assertThat(branchOrder.subList(20, 29)).as("the range placed in first-parent order on the branch")
            .isEqualTo(commits);
        assertThat(api.get("/api/v1/series/" + alert.get("series").get("id").asLong() + "/points").json())
            .as("but with no points of its own on the timeline").hasSize(23);
        JsonNode confirmation = api.get("/api/v1/confirmations?project=" + project).json().get(0);
        assertThat(confirmation.get("phase").asString()).isEqualTo("bisect");
        assertThat(confirmation.get("status").asString()).isEqualTo("decided");
        assertThat(confirmation.get("range").get("lastGood").asString()).isEqualTo(commits.get(4));
        assertThat(confirmation.get("range").get("firstBad").asString()).isEqualTo(culprit);
        assertThat(confirmation.get("range").get("commits").asInt()).isEqualTo(8);
        assertThat(api.get("/api/v1/confirmations/" + confirmation.get("id").asLong()).json().get("jobs"))
            .hasSize(16);
    }

    /** A git repository of {@code count} commits in a first-parent line; their shas, oldest first. */
    private static List<String> repository(Path dir, int count) {
        List<String> shas = new ArrayList<>();
        git(dir, "init", "-q", "-b", "main");
        for (int i = 0; i < count; i++) {
            try {
                java.nio.file.Files.writeString(dir.resolve("file.txt"), "change " + i + "\n");
            }
            catch (java.io.IOException ex) {
                throw new java.io.UncheckedIOException(ex);
            }
            git(dir, "add", "-A");
            git(dir, "commit", "-q", "-m", "Change " + i);
            shas.add(git(dir, "rev-parse", "HEAD").strip());
        }
        return shas;
    }

    private static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString(), "-c", "user.name=Test",
                "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(process.waitFor()).as(out).isZero();
            return out;
        }
        catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    /** A nightly run at the commit, its repository the local one, an hour after the previous. */
    private void nightly(String project, Path repository, String sha, String parent, int hour, double level) {
        double score = level * (1 + 0.004 * Math.sin(hour * 1.7));
        ArrayNode jmh = Runs.thrpt("demo.StringSerializationBenchmark.serialize", score);
        ((ObjectNode) jmh.get(0)).putObject("params").put("length", "16");
        ObjectNode run = Runs.run(UUID.randomUUID(), project, sha, parent == null ? List.of() : List.of(parent),
                // Recent: a change at a commit older than perfwatch.pipeline.alert-age is an import's, never alerted.
                NIGHTLY_START.plusSeconds(hour * 3600L).toString(), jmh);
        run.put("repository", repository.toString());
        ((ObjectNode) run.get("host")).put("hostClass", project).put("name", project + "-nightly");
        Api.Response response = api.postJson("/api/v1/runs", run.toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    /** Uploads one run per commit from {@code from} to {@code to}, with a small repeatable wobble. */
    private void seed(Seeds seeds, String hostClass, int from, int to, IntToDoubleFunction level) {
        register(hostClass);
        for (int n = from; n <= to; n++) {
            double score = level.applyAsDouble(n) * (1 + 0.004 * Math.sin(n * 1.7));
            seeds.run(n, hostClass, Map.of("16", score), 96.0);
        }
    }

    /** A runner of the host class, so that confirmation jobs are queued for it (none for a host class nobody serves). */
    private String register(String hostClass) {
        Api.Response registered = api.postJson("/api/v1/runners", """
                {"name": "%s-runner", "hostClass": "%s", "cores": 4, "jdks": ["17"], "version": "test"}"""
            .formatted(hostClass, hostClass), "Bearer " + runnerToken);
        assertThat(registered.status()).as(registered.body()).isEqualTo(200);
        return registered.json().get("id").asString();
    }

    /** Acts as a runner of the project's host class: leases, uploads a run under the attempt id, finishes. */
    private List<String> answer(Seeds seeds, String hostClass, int jobs, java.util.function.ToDoubleFunction<String> score) {
        return answer(hostClass, jobs, score, sha -> List.of(), null);
    }

    /** As a runner: up to {@code jobs} jobs (until the queue is empty when negative), each commit with its parents. */
    private List<String> answer(String hostClass, int jobs, java.util.function.ToDoubleFunction<String> score,
            java.util.function.Function<String, List<String>> parents, String repository) {
        String authorization = "Bearer " + runnerToken;
        Api.Response registered = api.postJson("/api/v1/runners", """
                {"name": "%s-runner", "hostClass": "%s", "cores": 4, "jdks": ["17"], "version": "test"}"""
            .formatted(hostClass, hostClass), authorization);
        assertThat(registered.status()).as(registered.body()).isEqualTo(200);
        String runner = registered.json().get("id").asString();
        List<String> leased = new ArrayList<>();
        for (int i = 0; jobs < 0 || i < jobs; i++) {
            Api.Response lease = api.postJson("/api/v1/runners/" + runner + "/lease", "", authorization);
            if (jobs < 0 && lease.status() == 204) {
                break;
            }
            assertThat(lease.status()).as(lease.body()).isEqualTo(200);
            JsonNode job = lease.json().get("job");
            UUID attempt = UUID.fromString(lease.json().get("attemptId").asString());
            String sha = job.get("commit").asString();
            leased.add(sha);
            double value = score.applyAsDouble(sha);
            ArrayNode jmh = Runs.thrpt("demo.StringSerializationBenchmark.serialize", value);
            ((ObjectNode) jmh.get(0)).putObject("params").put("length", "16");
            ObjectNode run = Runs.run(attempt, job.get("project").asString(), sha, parents.apply(sha), null, jmh);
            if (repository != null) {
                run.put("repository", repository);
            }
            run.put("branch", job.get("branch").asString());
            ((ObjectNode) run.get("host")).put("hostClass", hostClass).put("name", hostClass + "-runner");
            run.putObject("metadata").putObject("job").put("kind", job.get("kind").asString());
            Api.Response upload = api.postJson("/api/v1/runs", run.toString(), authorization);
            assertThat(upload.status()).as(upload.body()).isEqualTo(201);
            Api.Response finish = api.postJson("/api/v1/attempts/" + attempt + "/finish",
                    "{\"outcome\": \"succeeded\"}", authorization);
            assertThat(finish.status()).as(finish.body()).isEqualTo(200);
        }
        return leased;
    }

    private List<JsonNode> jobs(String project) {
        List<JsonNode> out = new ArrayList<>();
        api.get("/api/v1/jobs?project=" + project + "&limit=1000").json().forEach(out::add);
        // The API lists the newest first; the order they were queued in is the lease order.
        return jdbc.sql("select cast(id as text) from job where project = :project order by created_at, priority desc")
            .param("project", project)
            .query(String.class)
            .list()
            .stream()
            .map(id -> out.stream().filter(j -> j.get("id").asString().equals(id)).findFirst().orElseThrow())
            .toList();
    }

    private long tasks(String project) {
        return jdbc.sql("""
                select count(*) from detection_task t
                join run r on r.id = t.run_id join project p on p.id = r.project_id
                where p.name = :project
                """).param("project", project).query(Long.class).single();
    }

    private JsonNode alerts(String project) {
        return api.get("/api/v1/alerts?project=" + project).json();
    }
}
