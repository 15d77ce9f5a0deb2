package dev.perfwatch.runner;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reference checks between jobs (docs/runner.md, "Runner health"): now and then while the runner is healthy, on
 * every idle poll while the server keeps it in quarantine, since in-line checks are the only way out of it. The
 * server's answer says whether the quarantine holds and why; the runner logs it when it changes.
 */
final class IdleChecks {

    /** How often a healthy idle runner measures its host: rarely, it is the jobs' checks that matter. */
    static final Duration HEALTHY_INTERVAL = Duration.ofMinutes(10);

    private final ServerClient server;

    private final String cpus;

    private final Map<String, String> environment;

    private Instant next = Instant.now();

    private String quarantine;

    IdleChecks(ServerClient server, String cpus, Map<String, String> environment) {
        this.server = server;
        this.cpus = cpus;
        this.environment = environment;
    }

    /** After a job: check on the next idle poll, so a quarantine the job's run caused is known at once. */
    void afterJob() {
        next = Instant.now();
    }

    /** On an idle poll (the lease gave no job): measures and reports when due. */
    void poll(String runner) {
        if (quarantine == null && Instant.now().isBefore(next)) {
            return;
        }
        ObjectNode check = HostCheck.measure(cpus, environment);
        check.put("workload", HostCheck.WORKLOAD);
        if (check.has("error")) {
            Log.warn("reference check failed: %s", check.get("error").asText());
            next = Instant.now().plus(HEALTHY_INTERVAL);
            return;
        }
        try {
            ServerClient.Answer answer = server.post("/api/v1/runners/" + runner + "/checks",
                    ServerClient.JSON.writeValueAsBytes(check));
            answer.expect(200);
            JsonNode json = answer.json();
            String reason = json.path("quarantined").asBoolean() ? json.path("reason").asText("") : null;
            if (reason != null && !reason.equals(quarantine)) {
                Log.warn("quarantined by the server, no jobs until %d reference checks in a row are in line: %s",
                        json.path("recoveryChecks").asInt(), reason);
            }
            else if (reason == null && quarantine != null) {
                Log.info("quarantine over: the reference checks are back in line");
            }
            quarantine = reason;
            next = Instant.now().plus(HEALTHY_INTERVAL);
        }
        catch (IOException ex) {
            Log.warn("reporting a reference check failed: %s", ex.getMessage());
            next = Instant.now().plus(HEALTHY_INTERVAL);
        }
    }
}
