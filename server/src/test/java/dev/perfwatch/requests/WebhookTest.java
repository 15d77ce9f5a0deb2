package dev.perfwatch.requests;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** The webhook's door: signatures, ping, events it ignores, duplicates, and who gets what answer. */
@ServerTest
class WebhookTest extends GithubStubbed {

    @LocalServerPort
    int port;

    Api api;

    @BeforeEach
    void setUp() {
        api = Api.at(port);
    }

    @Test
    void webhookWhenSignatureIsMissingOrWrongAnswers401AndDoesNothing() {
        String body = comment(101, 1, "ada", "MEMBER", "@perfwatch help");

        Api.Response missing = deliver(api, "issue_comment", UUID.randomUUID().toString(), body, null);
        Api.Response wrongSecret = deliver(api, "issue_comment", UUID.randomUUID().toString(), body,
                sign("not the secret", body));
        Api.Response tampered = deliver(api, "issue_comment", UUID.randomUUID().toString(),
                body.replace("help", "cancel"), sign(SECRET, body));
        Api.Response notHex = deliver(api, "issue_comment", UUID.randomUUID().toString(), body, "sha256=zz");
        Api.Response sha1 = deliver(api, "issue_comment", UUID.randomUUID().toString(), body,
                sign(SECRET, body).replace("sha256=", "sha1="));

        assertThat(List.of(missing, wrongSecret, tampered, notHex, sha1)).allSatisfy(response -> {
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(response.json().get("status").asInt()).isEqualTo(401);
            assertThat(response.json().get("field").asString()).isEqualTo("X-Hub-Signature-256");
        });
        assertThat(missing.json().get("detail").asString()).startsWith("X-Hub-Signature-256 is missing");
        assertThat(wrongSecret.json().get("detail").asString()).contains("does not match the body")
            .contains("PERFWATCH_GITHUB_WEBHOOK_SECRET");
        assertThat(tampered.json().get("detail").asString()).contains("does not match the body");
        assertThat(List.of(notHex, sha1)).allSatisfy(response -> assertThat(response.json().get("detail").asString())
            .contains("\"sha256=\" followed by the hex HMAC-SHA256"));
        Api.Response valid = deliver(api, "issue_comment", body);
        assertThat(valid.status()).isEqualTo(200);
        Poll.until("the help reply", () -> github.comments(REPOSITORY, 101), comments -> comments.size() == 1);
        assertThat(github.comments(REPOSITORY, 101)).hasSize(1);
    }

    @Test
    void webhookWhenPingedAnswersPong() {
        Api.Response response = deliver(api, "ping", """
                {"zen": "Design for failure.", "hook_id": 12345678,
                 "hook": {"type": "Repository", "id": 12345678, "events": ["issue_comment"], "active": true},
                 "repository": {"full_name": "acme/demo"}}""");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("message").asString()).isEqualTo("pong");
        assertThat(response.json().get("zen").asString()).isEqualTo("Design for failure.");
    }

    @Test
    void webhookWhenEventIsNotACreatedPullRequestCommentAnswers202() {
        Api.Response push = deliver(api, "push", "{\"ref\": \"refs/heads/main\"}");
        Api.Response edited = deliver(api, "issue_comment",
                comment(102, 2, "ada", "MEMBER", "@perfwatch help").replace("\"created\"", "\"edited\""));
        Api.Response onIssue = deliver(api, "issue_comment", comment(102, 3, "ada", "MEMBER", "@perfwatch help")
            .replaceAll("\"pull_request\": \\{[^}]*\\}", "\"labels\": []"));

        assertThat(push.status()).isEqualTo(202);
        assertThat(edited.status()).isEqualTo(202);
        assertThat(onIssue.status()).isEqualTo(202);
        assertThat(onIssue.json().get("message").asString()).contains("pull request comments only");
    }

    @Test
    void webhookWhenDeliveredTwiceActsOnce() {
        String body = comment(103, 4, "ada", "MEMBER", "@perfwatch help");
        String delivery = UUID.randomUUID().toString();

        Api.Response first = deliver(api, "issue_comment", delivery, body, sign(SECRET, body));
        Api.Response again = deliver(api, "issue_comment", delivery, body, sign(SECRET, body));

        assertThat(first.status()).isEqualTo(200);
        assertThat(again.status()).isEqualTo(202);
        Poll.until("the help reply", () -> github.comments(REPOSITORY, 103), comments -> comments.size() == 1);
        assertThat(github.calls("POST", "/issues/103/comments")).hasSize(1);
    }

    @Test
    void commentWhenCommandIsMalformedGetsTheUsage() {
        deliver(api, "issue_comment", comment(104, 5, "ada", "MEMBER", "Looks good.\n\n@perfwatch benchmark-request forks=many"));

        String reply = Poll.until("the usage reply", () -> github.comments(REPOSITORY, 104), c -> c.size() == 1)
            .get(0).body();
        assertThat(reply).contains("forks=`many` must be a number from 2 to 10")
            .contains("`@perfwatch benchmark-request [benchmarks=<regex>]");
        assertThat(reply.lines()).noneMatch(line -> line.startsWith("@perfwatch"));
    }

    @Test
    void commentWhenNotAddressedToTheBotGetsNoAnswer() {
        Api.Response response = deliver(api, "issue_comment",
                comment(105, 6, "ada", "MEMBER", "> @perfwatch benchmark-request\nWhy was this quoted?"));

        assertThat(response.status()).isEqualTo(200);
        // The help comment of another pull request, delivered after, arrives; nothing arrived for this one.
        deliver(api, "issue_comment", comment(106, 7, "ada", "MEMBER", "@perfwatch help"));
        Poll.until("the later help reply", () -> github.comments(REPOSITORY, 106), c -> c.size() == 1);
        assertThat(github.comments(REPOSITORY, 105)).isEmpty();
    }

    @Test
    void benchmarkRequestWhenCommenterIsNotTrustedIsPolitelyRefused() {
        deliver(api, "issue_comment", comment(107, 8, "mallory", "CONTRIBUTOR", "@perfwatch benchmark-request"));
        deliver(api, "issue_comment", comment(107, 9, "eve", "NONE", "@perfwatch cancel"));

        List<GithubStub.Comment> replies = Poll.until("two refusals", () -> github.comments(REPOSITORY, 107),
                c -> c.size() == 2);
        assertThat(replies).allSatisfy(reply -> assertThat(reply.body())
            .contains("runs benchmark requests for maintainers and collaborators only"));
        assertThat(github.calls("GET", "/pulls/107")).isEmpty();
        assertThat(api.get("/api/v1/requests?project=demo").json().findValuesAsString("requestedBy"))
            .doesNotContain("@mallory");
    }

    @Test
    void benchmarkRequestWhenCommenterIsOnTheAllowListIsAccepted() {
        github.pull(REPOSITORY, 108, "c0ffee0000000000000000000000000000000108", "ba5e000000000000000000000000000000000108",
                "babe000000000000000000000000000000000108");

        deliver(api, "issue_comment", comment(108, 10, "grace", "CONTRIBUTOR", "@perfwatch benchmark-request"));

        Poll.until("the reaction", () -> github.calls("POST", "/issues/comments/10/reactions"), c -> c.size() == 1);
        assertThat(github.calls("POST", "/issues/comments/10/reactions").get(0).body()).contains("rocket");
    }

    @Test
    void benchmarkRequestWhenTheRepositoryHasNoProjectSaysSo() {
        deliver(api, "issue_comment", comment(110, 12, "ada", "OWNER", "@perfwatch benchmark-request")
            .replace("\"full_name\": \"acme/demo\"", "\"full_name\": \"acme/other\""));

        String reply = Poll.until("the reply", () -> github.comments("acme/other", 110), c -> c.size() == 1).get(0)
            .body();
        assertThat(reply).contains("has no project for acme/other");
    }

    @Test
    void cancelWhenNothingRunsSaysSo() {
        deliver(api, "issue_comment", comment(109, 11, "ada", "OWNER", "@perfwatch cancel"));

        String reply = Poll.until("the reply", () -> github.comments(REPOSITORY, 109), c -> c.size() == 1).get(0)
            .body();
        assertThat(reply).contains("no benchmark request in progress");
    }
}
