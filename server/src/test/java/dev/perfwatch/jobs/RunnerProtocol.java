package dev.perfwatch.jobs;

import java.util.UUID;

import tools.jackson.databind.JsonNode;

import dev.perfwatch.support.Api;

/** The runner side of the protocol over HTTP, for tests: register, lease, heartbeat, finish. */
final class RunnerProtocol {

    private final Api api;

    private final String authorization;

    RunnerProtocol(Api api, String runnerToken) {
        this.api = api;
        this.authorization = "Bearer " + runnerToken;
    }

    String authorization() {
        return authorization;
    }

    String register(String name, String hostClass, String... jdks) {
        StringBuilder list = new StringBuilder();
        for (String jdk : jdks) {
            list.append(list.isEmpty() ? "" : ",").append('"').append(jdk).append('"');
        }
        Api.Response response = api.postJson("/api/v1/runners", """
                {"name": "%s", "hostClass": "%s", "cores": 4, "cpuModel": "Test CPU", "memoryMb": 8192,
                 "os": "Linux", "kernel": "6.1", "jdks": [%s], "version": "test"}"""
            .formatted(name, hostClass, list), authorization);
        if (response.status() != 200) {
            throw new IllegalStateException(response.body());
        }
        return response.json().get("id").asString();
    }

    /** The lease as JSON, or null when no job waits (204). */
    JsonNode lease(String runner) {
        Api.Response response = api.postJson("/api/v1/runners/" + runner + "/lease", "", authorization);
        if (response.status() == 204) {
            return null;
        }
        if (response.status() != 200) {
            throw new IllegalStateException(response.status() + " " + response.body());
        }
        return response.json();
    }

    Api.Response heartbeat(UUID attempt, String body) {
        return api.postJson("/api/v1/attempts/" + attempt + "/heartbeat", body, authorization);
    }

    Api.Response finish(UUID attempt, String body) {
        return api.postJson("/api/v1/attempts/" + attempt + "/finish", body, authorization);
    }
}
