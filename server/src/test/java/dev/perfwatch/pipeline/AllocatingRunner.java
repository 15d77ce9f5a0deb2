package dev.perfwatch.pipeline;

import java.util.List;
import java.util.UUID;
import java.util.function.IntToDoubleFunction;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import dev.perfwatch.alerts.Seeds;
import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.security.Role;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A runner of one host class, driven over the API as the runner agent drives it: it answers every queued job with a
 * run whose forks allocate what {@code bytes} says the job's commit (by its number in {@code seeds}) allocates.
 */
final class AllocatingRunner {

    private final Api api;

    private final String authorization;

    private final String hostClass;

    private final String id;

    private AllocatingRunner(Api api, String authorization, String hostClass, String id) {
        this.api = api;
        this.authorization = authorization;
        this.hostClass = hostClass;
        this.id = id;
    }

    /** Registers a runner of the host class with a runner token of its own. */
    static AllocatingRunner register(Api api, ApiTokens tokens, String hostClass) {
        String authorization = "Bearer " + tokens.create(hostClass + "-runner-" + UUID.randomUUID(), Role.RUNNER);
        Api.Response registered = api.postJson("/api/v1/runners", """
                {"name": "%s-runner", "hostClass": "%s", "cores": 4, "jdks": ["17"], "version": "test"}"""
            .formatted(hostClass, hostClass), authorization);
        assertThat(registered.status()).as(registered.body()).isEqualTo(200);
        return new AllocatingRunner(api, authorization, hostClass, registered.json().get("id").asString());
    }

    /** Leases and answers jobs until none is queued; {@code commits} bounds the commit numbers looked up. */
    void answer(Seeds seeds, int commits, IntToDoubleFunction bytes) {
        while (true) {
            Api.Response lease = api.postJson("/api/v1/runners/" + id + "/lease", "", authorization);
            if (lease.status() == 204) {
                return;
            }
            assertThat(lease.status()).as(lease.body()).isEqualTo(200);
            JsonNode job = lease.json().get("job");
            UUID attempt = UUID.fromString(lease.json().get("attemptId").asString());
            String sha = job.get("commit").asString();
            int commit = 0;
            for (int n = 1; n <= commits; n++) {
                commit = seeds.sha(n).equals(sha) ? n : commit;
            }
            double b = bytes.applyAsDouble(commit);
            ArrayNode jmh = Runs.thrpt("demo.StringSerializationBenchmark.serialize", 1000);
            ObjectNode element = (ObjectNode) jmh.get(0);
            element.putObject("params").put("length", "16");
            ObjectNode norm = (ObjectNode) element.get("secondaryMetrics").get("gc.alloc.rate.norm");
            norm.put("score", b);
            ArrayNode raw = norm.putArray("rawData");
            raw.addArray().add(b).add(b).add(b);
            raw.addArray().add(b * 1.0001).add(b * 1.0001).add(b * 1.0001);
            ObjectNode run = Runs.run(attempt, job.get("project").asString(), sha, List.of(), null, jmh);
            run.put("branch", job.get("branch").asString());
            ((ObjectNode) run.get("host")).put("hostClass", hostClass).put("name", hostClass + "-runner");
            run.putObject("metadata").putObject("job").put("kind", job.get("kind").asString());
            Api.Response upload = api.postJson("/api/v1/runs", run.toString(), authorization);
            assertThat(upload.status()).as(upload.body()).isEqualTo(201);
            Api.Response finish = api.postJson("/api/v1/attempts/" + attempt + "/finish",
                    "{\"outcome\": \"succeeded\"}", authorization);
            assertThat(finish.status()).as(finish.body()).isEqualTo(200);
        }
    }
}
