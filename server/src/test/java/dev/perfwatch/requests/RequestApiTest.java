package dev.perfwatch.requests;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Jmh;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** The same request through the API, for any two commits. */
@ServerTest
class RequestApiTest extends GithubStubbed {

    private static String runnerToken;

    @LocalServerPort
    int port;

    @Autowired
    ApiTokens tokens;

    @Autowired
    JdbcClient jdbc;

    Api api;

    @BeforeEach
    void setUp() {
        synchronized (RequestApiTest.class) {
            if (runnerToken == null) {
                runnerToken = tokens.create("requests-api-runner", Role.RUNNER);
            }
        }
        api = Api.at(port);
    }

    @Test
    void requestWhenPostedQueuesInterleavedJobsAndAnswersWithTheComparisonWhenDone() {
        String base = RequestFlowTest.sha("aaa", 301);
        String head = RequestFlowTest.sha("bbb", 301);
        Api.Response created = api.postJson("/api/v1/requests", """
                {"project": "demo", "base": "%s", "head": "%s", "hostClasses": ["req-api"], "forks": 2,
                 "benchmarks": "writeAscii", "profile": "quick"}""".formatted(base, head));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode request = created.json();
        String id = request.get("id").asString();
        assertThat(request.get("status").asString()).isEqualTo("queued");
        assertThat(request.get("requestedBy").asString()).isEqualTo("admin");
        assertThat(request.get("jobs").findValuesAsString("side")).containsExactly("base", "head", "base", "head");
        assertThat(request.get("jobs").findValuesAsString("commit")).containsExactly(base, head, base, head);
        assertThat(request.has("pullRequest")).isFalse();
        JsonNode job = api.get("/api/v1/jobs/" + request.get("jobs").get(0).get("id").asString()).json();
        assertThat(job.get("kind").asString()).isEqualTo("request");
        assertThat(job.get("priority").asInt()).isEqualTo(300);
        assertThat(job.get("branch").asString()).isEqualTo("requests");
        assertThat(job.get("suite").get("include").get(0).asString()).isEqualTo("writeAscii");
        assertThat(job.get("suite").get("jmhOptions").get(0).asString()).isEqualTo("-f 1");

        new FakeRunner(api, runnerToken, "runner-api", "req-api").runAll(4, (commit, n) -> new Jmh().thrpt(
                "org.example.StringSerializer.writeAscii", "16", 48, new double[] { commit.equals(head) ? 120 + n
                        : 100 + n, commit.equals(head) ? 120 + n : 100 + n }));

        JsonNode done = Poll.until("the request to finish", () -> api.get("/api/v1/requests/" + id).json(),
                r -> r.get("status").asString().equals("succeeded"));
        assertThat(done.get("outcome").asString()).isEqualTo("success");
        JsonNode row = done.get("comparison").get("hostClasses").get(0).get("rows").get(0);
        assertThat(row.get("verdict").asString()).isEqualTo("faster");
        assertThat(row.get("base").get("forks").asInt()).isEqualTo(2);
        assertThat(done.get("maxForks").asInt()).as("the global budget").isEqualTo(10);
        assertThat(done.get("rounds").asInt()).as("+20% is plain at the first look").isEqualTo(1);
        assertThat(done.get("endedBy").asString()).isEqualTo("data");
        assertThat(done.get("comparisonUrl").asString())
            .isEqualTo("https://perfwatch.example.org/comparison?project=demo&base=" + base + "&head=" + head
                    + "&request=" + id);
        assertThat(api.get("/api/v1/requests?project=demo&status=succeeded").json().findValuesAsString("id"))
            .contains(id);
        assertThat(api.get("/api/v1/requests?project=demo&status=queued").json().findValuesAsString("id"))
            .doesNotContain(id);
    }

    @Test
    void requestWhenCancelledCancelsItsJobs() {
        String id = api.postJson("/api/v1/requests", """
                {"project": "demo", "base": "%s", "head": "%s", "hostClasses": ["req-api-cancel"]}"""
            .formatted(RequestFlowTest.sha("aaa", 302), RequestFlowTest.sha("bbb", 302))).json().get("id").asString();

        Api.Response cancelled = api.postJson("/api/v1/requests/" + id + "/cancel", "");
        Api.Response again = api.postJson("/api/v1/requests/" + id + "/cancel", "");

        assertThat(cancelled.status()).isEqualTo(200);
        assertThat(cancelled.json().get("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.json().get("jobs").findValuesAsString("status")).containsOnly("cancelled");
        assertThat(again.status()).isEqualTo(200);
    }

    @Test
    void requestWhenInputIsBadAnswers400NamingTheFieldAndStoresNothing() {
        long before = requests();
        String base = RequestFlowTest.sha("aaa", 303);
        assertProblem(post("{\"project\": \"demo\", \"base\": \"xyz\", \"head\": \"%s\"}".formatted(base)), 400,
                "base");
        assertProblem(post("{\"project\": \"demo\", \"base\": \"%s\"}".formatted(base)), 400, "head");
        assertProblem(post("{\"base\": \"%1$s\", \"head\": \"%1$s\"}".formatted(base)), 400, "project");
        assertProblem(post("{\"project\": \"demo\", \"base\": \"%1$s\", \"head\": \"%1$s\", \"forks\": 1}"
            .formatted(base)), 400, "forks");
        assertProblem(post("{\"project\": \"demo\", \"base\": \"%1$s\", \"head\": \"%1$s\", \"forks\": 5, \"maxForks\": 3}"
            .formatted(base)), 400, "maxForks");
        assertProblem(post("{\"project\": \"demo\", \"base\": \"%1$s\", \"head\": \"%1$s\", \"benchmarks\": \"(\"}"
            .formatted(base)), 400, "benchmarks");
        assertProblem(post("{\"project\": \"demo\", \"base\": \"%1$s\", \"head\": \"%1$s\", \"hostClasses\": [\"a b\"]}"
            .formatted(base)), 400, "hostClasses[0]");
        assertProblem(post("{\"project\": \"demo\", \"base\": \"%1$s\", \"head\": \"%1$s\", \"profile\": \"slow\"}"
            .formatted(base)), 400, "profile");
        assertThat(post("{\"project\": \"unknown\", \"base\": \"%1$s\", \"head\": \"%1$s\"}".formatted(base))
            .status()).isEqualTo(404);
        assertThat(requests()).as("nothing stored").isEqualTo(before);
    }

    @Test
    void requestWhenPostedWithoutAWriteTokenIsRefused() {
        String body = "{\"project\": \"demo\", \"base\": \"%1$s\", \"head\": \"%1$s\"}"
            .formatted(RequestFlowTest.sha("aaa", 304));
        String reader = tokens.create("requests-reader-" + System.nanoTime(), Role.RUNNER);

        assertThat(api.postJson("/api/v1/requests", body, null).status()).isEqualTo(401);
        assertThat(api.postJson("/api/v1/requests", body, "Bearer " + reader).status()).isEqualTo(403);
        assertThat(api.get("/api/v1/requests/00000000-0000-0000-0000-000000000000").status()).isEqualTo(404);
        assertProblem(api.get("/api/v1/requests?status=sleeping"), 400, "status");
    }

    private Api.Response post(String body) {
        return api.postJson("/api/v1/requests", body);
    }

    private long requests() {
        return jdbc.sql("select count(*) from request").query(Long.class).single();
    }

    private static void assertProblem(Api.Response response, int status, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.json().get("field").asString()).isEqualTo(field);
    }
}
