package dev.perfwatch.requests;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.jobs.JobSpec;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.jobs.Kind;
import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Jmh;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pull request's request from comment to answer: resolved through the GitHub stub, run as interleaved jobs by a
 * runner speaking the job protocol, answered by editing one comment and setting the head's commit status.
 */
@ServerTest
class RequestFlowTest extends GithubStubbed {

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
        synchronized (RequestFlowTest.class) {
            if (runnerToken == null) {
                runnerToken = tokens.create("requests-test-runner", Role.RUNNER);
            }
        }
        api = Api.at(port);
    }

    @Test
    void benchmarkRequestWhenJobsFinishAnswersInTheSameCommentAheadOfNightlyJobs() {
        String head = sha("c0ffee", 201);
        String mergeBase = sha("ba5e", 201);
        github.pull(REPOSITORY, 201, head, sha("717", 201), mergeBase);
        jobs.create(new JobSpec("demo", "main", sha("4e", 1), JobSpec.Suite.of("https://example.org/demo.git"),
                "req-flow", null, null, Kind.NIGHTLY, null, null, null));

        deliver(api, "issue_comment", comment(201, 21, "ada", "MEMBER",
                "Let's see.\n@perfwatch benchmark-request hosts=req-flow forks=2 max-forks=2 benchmarks=StringSerializer"));

        GithubStub.Comment queued = Poll.until("the queued comment", () -> github.comments(REPOSITORY, 201),
                c -> c.size() == 1 && c.get(0).body().contains("queued:")).get(0);
        assertThat(queued.body()).contains("queued: ? cases × 1 host class, position 1, ETA unknown")
            .contains("| req-flow | 0/4 | – | 4 | 0 jobs ahead | no runner online |")
            .contains("Head `c0ffee0` against merge base `ba5e000`");
        assertThat(github.calls("POST", "/issues/comments/21/reactions").get(0).body()).contains("rocket");
        Poll.until("the pending status", () -> github.calls("POST", "/statuses/" + head),
                calls -> !calls.isEmpty() && calls.get(calls.size() - 1).body().contains("pending"));

        JsonNode request = request(201);
        assertThat(request.get("base").asString()).isEqualTo(mergeBase);
        assertThat(request.get("head").asString()).isEqualTo(head);
        assertThat(request.get("jobs").findValuesAsString("side")).containsExactly("base", "head", "base", "head");
        assertThat(request.get("jobs").findValuesAsString("status")).containsOnly("queued");

        FakeRunner runner = new FakeRunner(api, runnerToken, "runner-flow", "req-flow");
        List<String> leased = runner.runAll(4, (commit, n) -> commit.equals(head)
                ? serializer(n == 0 ? 90 : 90.4, 80, n == 0 ? 50.05 : 50.15)
                : serializer(n == 0 ? 100 : 100.4, 48, n == 0 ? 50 : 50.1));

        assertThat(leased).as("the request's jobs, interleaved, before the nightly job")
            .containsExactly(mergeBase, head, mergeBase, head);
        String answer = Poll.until("the final comment", () -> github.comments(REPOSITORY, 201),
                c -> !c.isEmpty() && c.get(0).body().contains("benchmark request:")).get(0).body();
        assertThat(answer).contains("1 slower, 0 faster, 1 same, 0 unclear; 1 allocating more, 0 less (failure)")
            .contains("| `StringSerializer.writeAscii` length=16 | 100.2 ± 12.7 ops/ms | 90.20 ± 12.73 ops/ms "
                    + "| -10.0% | [-12.8%, -7.2%] |")
            .contains("| **slower** | **+32 B/op (48 → 80)** | forks |")
            .contains("<details><summary>1 more case: same or unclear</summary>")
            .contains("| same | ±0 B/op |")
            .contains("[Comparison page](https://perfwatch.example.org/comparison?project=demo&base=" + mergeBase
                    + "&head=" + head + "&request=" + request.get("id").asString() + ")");
        assertThat(github.calls("POST", "/issues/201/comments")).as("one comment, edited in place").hasSize(1);
        assertThat(github.calls("PATCH", "/issues/comments/")).isNotEmpty();
        List<GithubStub.Call> statuses = Poll.until("the final status", () -> github.calls("POST", "/statuses/" + head),
                calls -> calls.get(calls.size() - 1).body().contains("failure"));
        JsonNode status = GithubStub.json.readTree(statuses.get(statuses.size() - 1).body());
        assertThat(status.get("context").asString()).isEqualTo("perfwatch");
        assertThat(status.get("description").asString())
            .isEqualTo("1 of 2 cases slower by 5% or more; 1 of 2 cases allocates more: +32 B/op (48 → 80)");
        assertThat(status.get("target_url").asString())
            .startsWith("https://perfwatch.example.org/comparison?project=demo&base=");
        JsonNode done = request(201);
        assertThat(done.get("status").asString()).isEqualTo("succeeded");
        assertThat(done.get("outcome").asString()).isEqualTo("failure");
        assertThat(done.get("comparison").get("hostClasses").get(0).get("rows").get(0).get("verdict").asString())
            .isEqualTo("slower");
        assertThat(runner.lease().get("job").get("kind").asString()).as("the nightly job comes last")
            .isEqualTo("nightly");
    }

    @Test
    void benchmarkRequestWhenTheHeadMovesDuringTheRunNotesIt() {
        String head = sha("c0ffee", 202);
        github.pull(REPOSITORY, 202, head, sha("717", 202), sha("ba5e", 202));
        deliver(api, "issue_comment", comment(202, 22, "ada", "COLLABORATOR",
                "@perfwatch benchmark-request hosts=req-moved max-forks=2"));
        Poll.until("the jobs", () -> request(202), r -> r.get("jobs") != null && r.get("jobs").size() == 4);

        github.moveHead(REPOSITORY, 202, sha("f00d", 202));
        new FakeRunner(api, runnerToken, "runner-moved", "req-moved").runAll(4, (commit, n) -> commit.equals(head)
                ? serializer(100 + n, 48, 50 + n) : serializer(100.5 + n, 48, 50 + n));

        String answer = Poll.until("the final comment", () -> github.comments(REPOSITORY, 202),
                c -> !c.isEmpty() && c.get(0).body().contains("benchmark request:")).get(0).body();
        assertThat(answer).contains("The pull request's head moved to `f00d000` during the run")
            .contains("these numbers are for `c0ffee0`");
        assertThat(request(202).get("headMovedTo").asString()).isEqualTo(sha("f00d", 202));
    }

    @Test
    void cancelWhenARequestRunsStopsItsJobsAndSaysSo() {
        String head = sha("c0ffee", 203);
        github.pull(REPOSITORY, 203, head, sha("717", 203), sha("ba5e", 203));
        deliver(api, "issue_comment", comment(203, 23, "ada", "MEMBER",
                "@perfwatch benchmark-request hosts=req-cancel"));
        Poll.until("the jobs", () -> request(203), r -> r.get("jobs") != null && r.get("jobs").size() == 4);

        deliver(api, "issue_comment", comment(203, 24, "bob", "OWNER", "@perfwatch cancel"));

        JsonNode cancelled = Poll.until("the cancel", () -> request(203),
                r -> r.get("status").asString().equals("cancelled"));
        assertThat(cancelled.get("jobs").findValuesAsString("status")).containsOnly("cancelled");
        String comment = Poll.until("the comment", () -> github.comments(REPOSITORY, 203),
                c -> !c.isEmpty() && c.get(0).body().contains("cancelled")).get(0).body();
        assertThat(comment).contains("benchmark request cancelled by @bob");
        Poll.until("the error status", () -> github.calls("POST", "/statuses/" + head),
                calls -> !calls.isEmpty() && calls.get(calls.size() - 1).body().contains("\"error\""));
        Poll.until("the reaction to the cancel", () -> github.calls("POST", "/issues/comments/24/reactions"),
                calls -> calls.size() == 1);
    }

    @Test
    void benchmarkRequestWhenGithubAnswers5xxRetriesUntilItGoesThrough() {
        github.pull(REPOSITORY, 204, sha("c0ffee", 204), sha("717", 204), sha("ba5e", 204));
        github.fail("GET", "/repos/acme/demo/pulls/204", 2, 502);
        github.fail("POST", "/repos/acme/demo/issues/204/comments", 3, 503);

        deliver(api, "issue_comment", comment(204, 25, "ada", "MEMBER",
                "@perfwatch benchmark-request hosts=req-flaky"));

        Poll.until("the queued comment", () -> github.comments(REPOSITORY, 204),
                c -> c.size() == 1 && c.get(0).body().contains("queued:"));
        assertThat(github.calls("POST", "/issues/204/comments")).extracting(GithubStub.Call::status)
            .containsExactly(503, 503, 503, 201);
        assertThat(github.calls("GET", "/pulls/204")).extracting(GithubStub.Call::status).startsWith(502, 502, 200);
        assertThat(github.comments(REPOSITORY, 204)).hasSize(1);
        assertThat(request(204).get("status").asString()).isEqualTo("queued");
        assertThat(github.calls("POST", "/issues/204/comments").get(0).authorization())
            .isEqualTo("Bearer test-github-token");
        String metrics = api.get("/actuator/prometheus").body();
        assertThat(metrics).contains("perfwatch_github_pending").containsPattern("perfwatch_github_failed_total\\S* [1-9]");
    }

    @Test
    void pullRequestWhenPushedToAndClosedNotesTheNewHeadThenCancels() {
        String head = sha("c0ffee", 205);
        github.pull(REPOSITORY, 205, head, sha("717", 205), sha("ba5e", 205));
        deliver(api, "issue_comment", comment(205, 26, "ada", "MEMBER",
                "@perfwatch benchmark-request hosts=req-pushed"));
        Poll.until("the jobs", () -> request(205), r -> r.get("jobs") != null && r.get("jobs").size() == 4);

        Api.Response pushed = deliver(api, "pull_request", pullRequestEvent("synchronize", 205, sha("f00d", 205)));

        assertThat(pushed.status()).isEqualTo(200);
        Poll.until("the note in the comment", () -> github.comments(REPOSITORY, 205),
                c -> !c.isEmpty() && c.get(0).body().contains("The pull request's head has moved to `f00d000` since: "
                        + "these jobs measure `c0ffee0`"));
        assertThat(request(205).get("headMovedTo").asString()).isEqualTo(sha("f00d", 205));

        Api.Response closed = deliver(api, "pull_request", pullRequestEvent("closed", 205, sha("f00d", 205)));
        Api.Response labeled = deliver(api, "pull_request", pullRequestEvent("labeled", 205, sha("f00d", 205)));

        assertThat(closed.status()).isEqualTo(200);
        assertThat(labeled.status()).isEqualTo(202);
        JsonNode cancelled = request(205);
        assertThat(cancelled.get("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.get("jobs").findValuesAsString("status")).containsOnly("cancelled");
        Poll.until("the comment", () -> github.comments(REPOSITORY, 205),
                c -> c.get(0).body().contains("benchmark request cancelled by closing the pull request"));
    }

    /** A pull_request event as GitHub documents it, trimmed of fields perfwatch does not read. */
    private static String pullRequestEvent(String action, int number, String head) {
        return """
                {"action": "%1$s", "number": %2$d, "after": "%3$s",
                 "pull_request": {"url": "https://api.github.com/repos/acme/demo/pulls/%2$d", "number": %2$d,
                                  "state": "%4$s", "head": {"ref": "feature", "sha": "%3$s"},
                                  "base": {"ref": "main", "sha": "%5$s"}},
                 "repository": {"id": 1296269, "full_name": "acme/demo"},
                 "sender": {"login": "contributor", "type": "User"}}"""
            .formatted(action, number, head, action.equals("closed") ? "closed" : "open", sha("717", number));
    }

    private JsonNode request(int pullRequest) {
        for (JsonNode request : api.get("/api/v1/requests?project=demo").json()) {
            if (request.has("pullRequest") && request.get("pullRequest").get("number").asInt() == pullRequest) {
                return api.get("/api/v1/requests/" + request.get("id").asString()).json();
            }
        }
        throw new AssertionError("no request for pull request " + pullRequest);
    }

    static Jmh serializer(double writeAscii, double allocation, double readAscii) {
        return new Jmh()
            .thrpt("org.example.StringSerializer.writeAscii", "16", allocation, new double[] { writeAscii, writeAscii })
            .thrpt("org.example.StringSerializer.readAscii", "16", 0, new double[] { readAscii, readAscii });
    }

    static String sha(String prefix, int n) {
        String number = Integer.toString(n);
        return prefix + "0".repeat(40 - prefix.length() - number.length()) + number;
    }
}
