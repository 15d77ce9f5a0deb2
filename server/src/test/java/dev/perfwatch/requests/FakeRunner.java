package dev.perfwatch.requests;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Jmh;
import dev.perfwatch.support.Runs;

/**
 * The runner side of the job protocol over HTTP: leases the jobs of its host class one by one, uploads a made-up
 * JMH result for each (chosen by the commit and how many jobs of that commit came before) and reports success.
 */
final class FakeRunner {

    private final Api api;

    private final String authorization;

    private final String id;

    private final String hostClass;

    private final String name;

    /** Whether the runs report a busy host: other processes took 3 of the 4 cores around each job. */
    private boolean busy;

    FakeRunner(Api api, String runnerToken, String name, String hostClass) {
        this.name = name;
        this.api = api;
        this.authorization = "Bearer " + runnerToken;
        this.hostClass = hostClass;
        Api.Response response = api.postJson("/api/v1/runners", """
                {"name": "%s", "hostClass": "%s", "cores": 4, "cpuModel": "Test CPU", "memoryMb": 8192,
                 "os": "Linux", "kernel": "6.1", "jdks": ["17"], "version": "test"}""".formatted(name, hostClass),
                authorization);
        if (response.status() != 200) {
            throw new IllegalStateException(response.body());
        }
        this.id = response.json().get("id").asString();
    }

    /** From now on, uploads runs whose host check says other processes kept the host busy. */
    FakeRunner busy() {
        this.busy = true;
        return this;
    }

    /** The next job as JSON, or null when none waits. */
    JsonNode lease() {
        Api.Response response = api.postJson("/api/v1/runners/" + id + "/lease", "", authorization);
        if (response.status() == 204) {
            return null;
        }
        if (response.status() != 200) {
            throw new IllegalStateException(response.status() + " " + response.body());
        }
        return response.json();
    }

    /** Runs jobs until none waits or {@code max} ran; returns the commits in the order they were leased. */
    List<String> runAll(int max, BiFunction<String, Integer, Jmh> results) {
        List<String> commits = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < max; i++) {
            JsonNode lease = lease();
            if (lease == null) {
                break;
            }
            JsonNode job = lease.get("job");
            String commit = job.get("commit").asString();
            int n = seen.merge(commit, 1, Integer::sum) - 1;
            commits.add(commit);
            complete(lease, results.apply(commit, n));
        }
        return commits;
    }

    void complete(JsonNode lease, Jmh jmh) {
        UUID attempt = UUID.fromString(lease.get("attemptId").asString());
        JsonNode job = lease.get("job");
        ObjectNode run = Runs.run(attempt, job.get("project").asString(), job.get("commit").asString(), List.of(),
                null, jmh.file());
        run.put("branch", job.get("branch").asString());
        ((ObjectNode) run.get("host")).put("hostClass", hostClass).put("name", "host-" + hostClass);
        if (busy) {
            ObjectNode metadata = run.putObject("metadata");
            metadata.putObject("runner").put("name", name);
            ObjectNode check = metadata.putObject("hostCheck");
            check.put("workload", "reference-1");
            for (String moment : List.of("before", "after")) {
                check.putObject(moment).put("medianNanos", 40_000_000).put("spread", 0.01).put("loadAverage", 3.5)
                    .put("busyCpus", 3.0).put("cores", 4);
            }
        }
        Api.Response upload = api.postJson("/api/v1/runs", run.toString());
        if (upload.status() != 201) {
            throw new IllegalStateException(upload.status() + " " + upload.body());
        }
        Api.Response finish = api.postJson("/api/v1/attempts/" + attempt + "/finish", "{\"outcome\": \"succeeded\"}",
                authorization);
        if (finish.status() != 200) {
            throw new IllegalStateException(finish.status() + " " + finish.body());
        }
    }
}
