package dev.perfwatch.jobs;

import java.util.UUID;

import tools.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** A runner token acts for its own runners only: attempt ids are public (GET /api/v1/jobs/{id}). */
@ServerTest
class RunnerBindingTest {

    @LocalServerPort
    int port;

    @Autowired
    ApiTokens tokens;

    @Test
    void attemptWhenAnotherRunnerTokenActsOnItAnswers403() {
        Api api = Api.at(port);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        RunnerProtocol a = new RunnerProtocol(api, tokens.create("binding-a-" + suffix, Role.RUNNER));
        RunnerProtocol b = new RunnerProtocol(api, tokens.create("binding-b-" + suffix, Role.RUNNER));
        String hostClass = "binding-" + suffix;
        String runnerA = a.register("runner-a-" + suffix, hostClass, "17");
        b.register("runner-b-" + suffix, hostClass, "17");
        Api.Response created = api.postJson("/api/v1/jobs", """
                {"project": "binding", "commit": "%s", "suite": {"repository": "/srv/git/binding.git"},
                 "hostClass": "%s", "jvm": "17"}""".formatted(Runs.sha(900), hostClass));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode lease = a.lease(runnerA);
        UUID attempt = UUID.fromString(lease.get("attemptId").asString());

        assertThat(b.heartbeat(attempt, "{}").status()).isEqualTo(403);
        assertThat(b.finish(attempt, "{\"outcome\": \"failed\"}").status()).isEqualTo(403);
        assertThat(api.postJson("/api/v1/runners/" + runnerA + "/lease", "", "Bearer " + token(b)).status())
            .isEqualTo(403);
        assertThat(a.heartbeat(attempt, "{}").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/jobs/" + created.json().get("id").asString()).json().get("status").asString())
            .isEqualTo("running");
    }

    @Test
    void registerWhenNameTakenByAnotherTokenAnswers403() {
        Api api = Api.at(port);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        RunnerProtocol a = new RunnerProtocol(api, tokens.create("owner-a-" + suffix, Role.RUNNER));
        String tokenB = tokens.create("owner-b-" + suffix, Role.RUNNER);
        a.register("taken-" + suffix, "h", "17");

        Api.Response hijack = api.postJson("/api/v1/runners", """
                {"name": "taken-%s", "hostClass": "h", "jdks": ["17"]}""".formatted(suffix), "Bearer " + tokenB);

        assertThat(hijack.status()).isEqualTo(403);
    }

    /** "4-core-" would be a host class of its own beside "4-core": a 400 problem naming the field, not a new class. */
    @Test
    void registerWhenTheHostClassEndsInADashAnswers400NamingTheField() {
        Api api = Api.at(port);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String token = tokens.create("dash-" + suffix, Role.RUNNER);

        Api.Response response = api.postJson("/api/v1/runners", """
                {"name": "dash-%s", "hostClass": "4-core-", "jdks": ["17"]}""".formatted(suffix), "Bearer " + token);

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo("hostClass");
        assertThat(response.json().get("detail").asString()).contains("'4-core-'").contains("'4-core'");
    }

    private static String token(RunnerProtocol protocol) {
        return protocol.authorization().substring("Bearer ".length());
    }
}
