package dev.perfwatch.security;

import java.net.URI;
import java.net.http.HttpRequest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With token-protected reads, the paths an attacker would try (encoded, parameterised, doubled) are closed like the
 * plain ones; the checks ran on the raw path before issue 14 and every one of these answered 200 with data.
 */
@ServerTest
@TestPropertySource(properties = "perfwatch.security.read-requires-token=true")
class AuthorisationTest {

    @LocalServerPort
    int port;

    @ParameterizedTest
    @ValueSource(strings = { "/api/v1/projects", "/%61pi/v1/projects", "/api;x=1/v1/projects", "/api/v1;a=b/projects",
            "/%72eports", "/%72eports/", "/api//v1/projects", "/api/v1/series?project=x", "/api/v1/jobs",
            "/api/v1/runners", "/api/v1/alerts/feed.atom", "/%61pi/v1/alerts/feed.atom", "/actuator/prometheus",
            "/actuator/metrics", "/actuator", "/%61ctuator/prometheus", "/v3/api-docs", "/v3/api-docs;x=1",
            "/timeline/json/?ben=x&exe=1&env=1", "/t%69meline/json/" })
    void readWhenNoTokenAnswers401(String path) {
        Api.Response response = raw(path, null);

        assertThat(response.status()).as(path + " " + response.body()).isEqualTo(401);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    @Test
    void readWhenTokenGivenReachesTheSameController() {
        assertThat(raw("/%61pi/v1/projects", Api.ADMIN_TOKEN).status()).isEqualTo(200);
        assertThat(raw("/api;x=1/v1/projects", Api.ADMIN_TOKEN).status()).isEqualTo(200);
    }

    @Test
    void healthWhenNoTokenAnswers200() {
        assertThat(raw("/actuator/health", null).status()).isEqualTo(200);
        assertThat(raw("/actuator/health/liveness", null).status()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = { "/api%2Fv1/projects", "/api/v1/%2e%2e/v1/projects", "/api%5Cv1/projects",
            "/api/v1/projects%00" })
    void pathWhenEncodedSeparatorOrNulAnswers400(String path) {
        Api.Response response = raw(path, Api.ADMIN_TOKEN);

        assertThat(response.status()).as(path + " " + response.body()).isEqualTo(400);
    }

    @Test
    void codespeedSecretUploadWhenNoTokenReachesItsController() {
        // The codespeed package authenticates these with the project's upload secret (contract 4): not our 401.
        Api.Response response = Api.at(port).send(HttpRequest.newBuilder(URI.create(
                "http://127.0.0.1:" + port + "/codespeed/not-a-secret/result/add/json/"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString("json=[]")));

        assertThat(response.status()).isNotEqualTo(401);
    }

    private Api.Response raw(String path, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return Api.at(port).send(request);
    }
}
