package dev.perfwatch.jobs;

import java.util.UUID;

import tools.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A runner that exits on purpose says so (POST /runners/{id}/stop): it is listed "stopped" with its reason, not
 * "offline", is not counted available for its host class, and is idle again once it leases.
 */
@ServerTest
class RunnerStopTest {

    @LocalServerPort
    int port;

    @Autowired
    ApiTokens tokens;

    @Test
    void stopWhenTheRunnerExitsOnPurposeListsItStoppedUntilItLeasesAgain() {
        Api api = Api.at(port);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        RunnerProtocol protocol = new RunnerProtocol(api, tokens.create("stop-" + suffix, Role.RUNNER));
        String hostClass = "stop-" + suffix;
        String runner = protocol.register("stopping-" + suffix, hostClass, "17");

        Api.Response stop = api.postJson("/api/v1/runners/" + runner + "/stop",
                "{\"reason\": \"exited: no job waiting (--exit-when-idle)\"}", protocol.authorization());

        assertThat(stop.status()).as(stop.body()).isEqualTo(204);
        JsonNode stopped = api.get("/api/v1/runners/" + runner).json();
        assertThat(stopped.get("state").asString()).isEqualTo("stopped");
        assertThat(stopped.get("stopReason").asString()).isEqualTo("exited: no job waiting (--exit-when-idle)");
        assertThat(hostClass(api, hostClass).get("available").asInt()).isZero();

        protocol.lease(runner);

        JsonNode back = api.get("/api/v1/runners/" + runner).json();
        assertThat(back.get("state").asString()).isEqualTo("idle");
        assertThat(back.has("stopReason")).isFalse();
        assertThat(hostClass(api, hostClass).get("available").asInt()).isEqualTo(1);
    }

    @Test
    void stopWhenTheReasonIsTooLongOrTheTokenIsAnotherRunnersIsRefused() {
        Api api = Api.at(port);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        RunnerProtocol owner = new RunnerProtocol(api, tokens.create("stop-owner-" + suffix, Role.RUNNER));
        RunnerProtocol other = new RunnerProtocol(api, tokens.create("stop-other-" + suffix, Role.RUNNER));
        String runner = owner.register("owned-" + suffix, "stop-h-" + suffix, "17");

        Api.Response tooLong = api.postJson("/api/v1/runners/" + runner + "/stop",
                "{\"reason\": \"" + "x".repeat(201) + "\"}", owner.authorization());
        Api.Response foreign = api.postJson("/api/v1/runners/" + runner + "/stop", "{}", other.authorization());
        Api.Response unknown = api.postJson("/api/v1/runners/" + UUID.randomUUID() + "/stop", "{}",
                owner.authorization());

        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.body()).contains("reason");
        assertThat(foreign.status()).isEqualTo(403);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(api.get("/api/v1/runners/" + runner).json().get("state").asString()).isEqualTo("idle");
    }

    private static JsonNode hostClass(Api api, String name) {
        for (JsonNode row : api.get("/api/v1/host-classes").json()) {
            if (row.get("hostClass").asString().equals(name)) {
                return row;
            }
        }
        throw new AssertionError("no host class " + name);
    }
}
