package dev.perfwatch.requests;

import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.perfwatch.support.Api;

/**
 * The server under test talks to a GitHub stub on loopback and knows one project, demo, whose pull requests live in
 * acme/demo. Short intervals make the outbox and the tracker act within a tenth of a second. Test classes that
 * extend this share one server.
 */
abstract class GithubStubbed {

    static final GithubStub github = GithubStub.start();

    static final String SECRET = "It's a Secret to Everybody";

    static final String REPOSITORY = "acme/demo";

    static final String HOST_CLASS = "req-4-core";

    @DynamicPropertySource
    static void githubProperties(DynamicPropertyRegistry registry) {
        registry.add("perfwatch.github.api-url", github::url);
        registry.add("perfwatch.github.token", () -> "test-github-token");
        registry.add("perfwatch.github.webhook-secret", () -> SECRET);
        registry.add("perfwatch.github.poll-interval", () -> "100ms");
        registry.add("perfwatch.github.retry-initial", () -> "50ms");
        registry.add("perfwatch.requests.refresh-interval", () -> "100ms");
        registry.add("perfwatch.requests.public-url", () -> "https://perfwatch.example.org");
        registry.add("perfwatch.requests.allowed-users[0]", () -> "grace");
        registry.add("perfwatch.requests.projects.demo.github-repository", () -> REPOSITORY);
        registry.add("perfwatch.requests.projects.demo.suite.repository", () -> "https://example.org/demo.git");
        registry.add("perfwatch.requests.projects.demo.host-classes[0]", () -> HOST_CLASS);
        registry.add("perfwatch.requests.projects.demo.forks", () -> "2");
    }

    /** Delivers an event the way GitHub does: raw JSON body, event and delivery headers, signed with the secret. */
    static Api.Response deliver(Api api, String event, String delivery, String body, String signature) {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.uri("/api/v1/github/webhook"))
            .header("Content-Type", "application/json")
            .header("User-Agent", "GitHub-Hookshot/044aadd")
            .header("X-GitHub-Event", event)
            .header("X-GitHub-Delivery", delivery)
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (signature != null) {
            request.header("X-Hub-Signature-256", signature);
        }
        return api.send(request);
    }

    static Api.Response deliver(Api api, String event, String body) {
        return deliver(api, event, UUID.randomUUID().toString(), body, sign(SECRET, body));
    }

    static String sign(String secret, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        }
        catch (GeneralSecurityException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** An issue_comment "created" payload as GitHub documents it, trimmed of fields perfwatch does not read. */
    static String comment(int pullRequest, long commentId, String login, String association, String body) {
        return """
                {"action": "created",
                 "issue": {"url": "https://api.github.com/repos/acme/demo/issues/%1$d", "number": %1$d,
                           "title": "Faster string serializer", "state": "open",
                           "user": {"login": "contributor", "id": 17, "type": "User"},
                           "pull_request": {"url": "https://api.github.com/repos/acme/demo/pulls/%1$d",
                                            "html_url": "https://github.com/acme/demo/pull/%1$d",
                                            "diff_url": "https://github.com/acme/demo/pull/%1$d.diff",
                                            "patch_url": "https://github.com/acme/demo/pull/%1$d.patch"}},
                 "comment": {"id": %2$d, "node_id": "IC_kwDOABCD", "body": %5$s,
                             "html_url": "https://github.com/acme/demo/pull/%1$d#issuecomment-%2$d",
                             "user": {"login": "%3$s", "id": 42, "type": "User"},
                             "created_at": "2026-11-23T10:00:00Z", "updated_at": "2026-11-23T10:00:00Z",
                             "author_association": "%4$s"},
                 "repository": {"id": 1296269, "name": "demo", "full_name": "acme/demo", "private": false,
                                "owner": {"login": "acme", "id": 1, "type": "Organization"}},
                 "sender": {"login": "%3$s", "id": 42, "type": "User"}}"""
            .formatted(pullRequest, commentId, login, association, GithubStub.json.writeValueAsString(body));
    }
}
