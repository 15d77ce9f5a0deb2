package dev.perfwatch.requests;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Jmh;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Sequential requests (docs/requests.md, "Rounds"): a request whose cases the first round cannot decide queues
 * another round and says why, until the data or the budget ends it; an allocation change decides a case whose
 * throughput a loaded host leaves unclear.
 */
@ServerTest
class RequestRoundsTest extends GithubStubbed {

    private static String runnerToken;

    @LocalServerPort
    int port;

    @Autowired
    ApiTokens tokens;

    Api api;

    @BeforeEach
    void setUp() {
        synchronized (RequestRoundsTest.class) {
            if (runnerToken == null) {
                runnerToken = tokens.create("rounds-test-runner", Role.RUNNER);
            }
        }
        api = Api.at(port);
    }

    @Test
    void benchmarkRequestWhenTheFirstRoundCannotDecideRunsAnotherUntilTheBudgetEndsIt() {
        String head = requested(301, 31, "@perfwatch benchmark-request hosts=req-rounds forks=2 max-forks=4", 4);
        FakeRunner runner = new FakeRunner(api, runnerToken, "runner-rounds", "req-rounds");
        // No change, but forks 8% apart: no look can call it the same within ±2% or different.
        double[] baseForks = { 100, 108, 94, 105 };
        double[] headForks = { 105, 93, 103, 98 };

        runner.runAll(4, (commit, n) -> RequestFlowTest.serializer(
                commit.equals(head) ? headForks[n] : baseForks[n], 48, commit.equals(head) ? headForks[n] : baseForks[n]));

        JsonNode second = Poll.until("the second round", () -> request(301),
                r -> r.get("jobs").size() == 8);
        assertThat(second.get("rounds").asInt()).isEqualTo(2);
        assertThat(second.get("forks").asInt()).isEqualTo(4);
        assertThat(second.get("maxForks").asInt()).isEqualTo(4);
        assertThat(second.get("jobs").findValuesAsString("side").subList(4, 8))
            .containsExactly("base", "head", "base", "head");
        JsonNode later = api.get("/api/v1/jobs/" + second.get("jobs").get(4).get("id").asString()).json();
        JsonNode first = api.get("/api/v1/jobs/" + second.get("jobs").get(0).get("id").asString()).json();
        assertThat(later.get("suite")).as("a later round runs the first round's suite").isEqualTo(first.get("suite"));
        assertThat(later.get("priority").asInt()).isEqualTo(300);
        String progress = Poll.until("the progress comment", () -> github.comments(REPOSITORY, 301),
                c -> !c.isEmpty() && c.get(0).body().contains("Round 2:")).get(0).body();
        assertThat(progress).contains("Round 2: 4 forks a side so far, at most 4.")
            .contains("Round 1 left 2 cases undecided at the")
            .contains("so another round of forks runs.");

        List<String> leased = runner.runAll(4, (commit, n) -> {
            int fork = n + 2;
            double value = commit.equals(head) ? headForks[fork] : baseForks[fork];
            return RequestFlowTest.serializer(value, 48, value);
        });

        assertThat(leased).hasSize(4);
        String answer = finalComment(301);
        assertThat(answer).contains("0 slower, 0 faster, 0 same, 2 unclear (success)")
            .contains("**The budget, not the data, ended it**: 4 forks a side (max-forks=4) spent after 2 rounds "
                    + "(4 forks a side); 2 cases still unclear (Pocock alpha spending: 1% over up to 5 rounds");
        JsonNode done = request(301);
        assertThat(done.get("endedBy").asString()).isEqualTo("budget");
        assertThat(done.get("comparison").get("hostClasses").get(0).get("rows").get(0).get("base").get("forks")
            .asInt()).isEqualTo(4);
    }

    @Test
    void benchmarkRequestWhenOnlyTheAllocationIsClearLeadsWithItAndFailsAfterOneRound() {
        String head = requested(302, 32, "@perfwatch benchmark-request hosts=req-alloc forks=3", 6);
        // A loaded host: writeAscii loses 28% on average, but one base fork ran slow and the spread hides it.
        double[] baseForks = { 100, 130, 62 };
        double[] headForks = { 92, 47, 82 };
        double[] quiet = { 50, 50.01, 49.99 };

        new FakeRunner(api, runnerToken, "runner-alloc", "req-alloc").runAll(6, (commit, n) -> new Jmh()
            .thrpt("org.example.StringSerializer.writeAscii", "16", commit.equals(head) ? 64 : 0,
                    new double[] { (commit.equals(head) ? headForks : baseForks)[n] })
            .thrpt("org.example.StringSerializer.readAscii", "16", 0, new double[] { quiet[n] }));

        String answer = finalComment(302);
        assertThat(answer).contains("0 slower, 0 faster, 1 same, 1 unclear; 1 allocating more, 0 less (failure)")
            .contains("**Allocation changed** where the throughput could not be decided on this host:")
            .contains("- `StringSerializer.writeAscii` length=16: from none to 64 B/op in every fork; "
                    + "the throughput was not decidable on this host")
            .contains("Decided after 1 round (3 forks a side): 1 case by the throughput (faster, slower or the "
                    + "same), 1 by the allocation alone, its throughput unclear but its allocation per operation "
                    + "changed in every fork")
            .doesNotContain("Decided by the data")
            .doesNotContain("Busy host");
        assertThat(answer.indexOf("**from none to 64 B/op**")).as("the allocation outside the folded block")
            .isLessThan(answer.indexOf("<details>"));
        assertThat(finalFailureStatus(head)).contains("1 of 2 cases allocates more: from none to 64 B/op");
        JsonNode done = request(302);
        assertThat(done.get("jobs")).hasSize(6);
        assertThat(done.get("endedBy").asString()).isEqualTo("data");
        // The request's page reads this reason beside the outcome: with the allocation policy left to its default
        // (fail, no project setting) it said "failure — Neutral: 1 of 2 cases allocates more".
        assertThat(done.get("outcome").asString()).isEqualTo("failure");
        assertThat(done.get("outcomeReason").asString()).isEqualTo("1 of 2 cases allocates more: from none to 64 B/op");
        // The comparison page names this level on hover: the first of Pocock's five looks, not 99%.
        assertThat(done.get("comparison").get("confidence").asDouble()).isCloseTo(0.9958, within(0.00005));
    }

    /**
     * Jobs whose runner reported its host busy: detection would leave such runs out, and the request has no others.
     * The answer says so next to the verdicts, calls the unclear throughput not judged, and still leads with the
     * allocation, which the load does not move.
     */
    @Test
    void benchmarkRequestWhenItsJobsRanOnABusyHostSaysSoAndKeepsTheAllocationVerdict() {
        String head = requested(303, 33, "@perfwatch benchmark-request hosts=req-busy forks=3 max-forks=3", 6);
        double[] baseForks = { 100, 130, 62 };
        double[] headForks = { 92, 47, 82 };

        new FakeRunner(api, runnerToken, "runner-busy", "req-busy").busy().runAll(6, (commit, n) -> new Jmh()
            .thrpt("org.example.StringSerializer.writeAscii", "16", commit.equals(head) ? 64 : 0,
                    new double[] { (commit.equals(head) ? headForks : baseForks)[n] }));

        String answer = finalComment(303);
        assertThat(answer).contains("> **Busy host**: 6 of 6 jobs on req-busy ran while the runner reported its host "
                + "busy (other processes took 3.0 of 4 cores before the job")
            .contains("The throughput there is not judged where it reads unclear")
            .contains("- `StringSerializer.writeAscii` length=16: from none to 64 B/op in every fork; "
                    + "the throughput was not judged: the host was busy")
            .contains("| not judged: busy host | **from none to 64 B/op** |")
            .contains("Decided by the allocation after 1 round (3 forks a side)");
        assertThat(answer.indexOf("Busy host")).as("beside the verdict, before the tables")
            .isLessThan(answer.indexOf("| case |"));
        assertThat(finalFailureStatus(head)).contains("allocates more: from none to 64 B/op");
    }

    /**
     * A pull request that adds a 64-byte buffer per call and costs no throughput: the answer said "1 same; 1
     * allocating more" and showed the allocation only in the table. It now leads with it, as with an unclear
     * throughput, and says the throughput did not move.
     */
    @Test
    void benchmarkRequestWhenOnlyTheAllocationMovedAndTheThroughputDidNotLeadsWithTheAllocation() {
        String head = requested(304, 34, "@perfwatch benchmark-request hosts=req-same forks=3", 6);
        double[] forks = { 50, 50.02, 49.98 };

        new FakeRunner(api, runnerToken, "runner-same", "req-same").runAll(6, (commit, n) -> new Jmh()
            .thrpt("org.example.StringSerializer.writeAscii", "16", commit.equals(head) ? 64 : 0.0003,
                    new double[] { forks[n] }));

        String answer = finalComment(304);
        assertThat(answer).contains("0 slower, 0 faster, 1 same, 0 unclear; 1 allocating more, 0 less (failure)")
            .contains("**Allocation changed** where the throughput did not show it:")
            .contains("- `StringSerializer.writeAscii` length=16: from none to 64 B/op in every fork; "
                    + "the throughput did not move (")
            .contains("| same | **from none to 64 B/op** |");
        assertThat(answer.indexOf("**Allocation changed**")).as("the lead comes before the tables")
            .isLessThan(answer.indexOf("| case |"));
        assertThat(finalFailureStatus(head)).contains("1 of 1 case allocates more: from none to 64 B/op");
    }

    /**
     * The base ran without JMH's GC profiler (its results have no gc.alloc.rate.norm): the allocation cell was a
     * bare dash and nothing said why. Nothing can be compared, but the answer says so and what the head allocates.
     */
    @Test
    void benchmarkRequestWhenTheBaseHasNoAllocationFigureSaysSoAndWhatTheHeadAllocates() {
        String head = requested(305, 35, "@perfwatch benchmark-request hosts=req-unmeasured forks=3", 6);
        double[] forks = { 50, 50.02, 49.98 };

        new FakeRunner(api, runnerToken, "runner-unmeasured", "req-unmeasured").runAll(6, (commit, n) -> {
            Jmh jmh = new Jmh().thrpt("org.example.StringSerializer.writeAscii", "16", 64, new double[] { forks[n] });
            if (!commit.equals(head)) {
                ((tools.jackson.databind.node.ObjectNode) jmh.file().get(0)).remove("secondaryMetrics");
            }
            return jmh;
        });

        String answer = Poll.until("the final comment", () -> github.comments(REPOSITORY, 305),
                c -> !c.isEmpty() && c.get(0).body().contains("benchmark request:")).get(0).body();
        assertThat(answer).contains("0 slower, 0 faster, 1 same, 0 unclear (success)")
            .contains("**Allocation not compared** for 1 case: one side has no gc.alloc.rate.norm (run without "
                    + "JMH's GC profiler): `StringSerializer.writeAscii` length=16 64 B/op at head, not measured at "
                    + "base.")
            .contains("| same | 64 B/op at head, not measured at base |");
        JsonNode allocation = request(305).get("comparison").get("hostClasses").get(0).get("rows").get(0)
            .get("allocation");
        assertThat(allocation.get("change").asString()).isEqualTo("unmeasured");
        assertThat(allocation.get("base").isNull()).isTrue();
        assertThat(allocation.get("head").asDouble()).isEqualTo(64.0);
    }

    /** perfwatch's answer on the pull request, once it has one. */
    private String finalComment(int pull) {
        return Poll.until("the final comment", () -> github.comments(REPOSITORY, pull),
                c -> !c.isEmpty() && c.get(0).body().contains("benchmark request:")).get(0).body();
    }

    /** The body of the head's last commit status, once that status is a failure. */
    private String finalFailureStatus(String head) {
        List<GithubStub.Call> statuses = Poll.until("the final status", () -> github.calls("POST", "/statuses/" + head),
                calls -> calls.get(calls.size() - 1).body().contains("failure"));
        return statuses.get(statuses.size() - 1).body();
    }

    /** A pull request whose member asks for a benchmark request; its head's sha once the request's jobs are queued. */
    private String requested(int pull, int commentId, String command, int jobs) {
        String head = RequestFlowTest.sha("c0ffee", pull);
        github.pull(REPOSITORY, pull, head, RequestFlowTest.sha("717", pull), RequestFlowTest.sha("ba5e", pull));
        deliver(api, "issue_comment", comment(pull, commentId, "ada", "MEMBER", command));
        Poll.until("the jobs", () -> request(pull), r -> r.get("jobs") != null && r.get("jobs").size() == jobs);
        return head;
    }

    private JsonNode request(int pullRequest) {
        for (JsonNode request : api.get("/api/v1/requests?project=demo").json()) {
            if (request.has("pullRequest") && request.get("pullRequest").get("number").asInt() == pullRequest) {
                return api.get("/api/v1/requests/" + request.get("id").asString()).json();
            }
        }
        throw new AssertionError("no request for pull request " + pullRequest);
    }
}
