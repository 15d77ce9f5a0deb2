package dev.perfwatch.runner;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The end of the demo: the tracker re-runs what it suspects (confirmation jobs, queued while the demo's own jobs
 * run or just after the last one), so the runner keeps taking jobs until none is queued and no confirmation is
 * running; then the alert groups are printed, with the commit that resolved each.
 */
final class DemoAlerts {

    /** Quiet this long (no job queued or running, no confirmation running) and the tracker is done. */
    private static final Duration QUIET = Duration.ofSeconds(8);

    /** At most this long after the demo's own jobs, whatever happens. */
    private static final Duration LIMIT = Duration.ofMinutes(10);

    private DemoAlerts() {
    }

    /** A local runner until the queue is empty; its exit code. */
    interface AgentRun {
        int run() throws IOException, InterruptedException;
    }

    /** What the tracker is doing for the project: jobs queued for a runner, deciding without one, or nothing. */
    enum Work { QUEUED, DECIDING, NONE }

    static Work work(ServerClient server, String project) throws IOException {
        boolean running = false;
        ServerClient.Answer jobs = server.get("/api/v1/jobs?limit=1000&project=" + project);
        if (jobs.status() == 200) {
            for (JsonNode job : jobs.json()) {
                String status = job.get("status").asText();
                if (status.equals("queued")) {
                    return Work.QUEUED;
                }
                running |= status.equals("running");
            }
        }
        ServerClient.Answer confirmations = server.get("/api/v1/confirmations?status=running&project=" + project);
        return running || confirmations.status() == 200 && confirmations.json().size() > 0 ? Work.DECIDING
                : Work.NONE;
    }

    /**
     * Runs the agent whenever the tracker has queued confirmation jobs, until it has been quiet for {@link #QUIET}.
     * While a confirmation is being decided with no job queued (the tracker decides between rounds) the agent is
     * not started: it would register, find nothing and exit, six times in three seconds in the demo's log.
     * Returns the agent's last exit code.
     */
    static int settle(ServerClient server, String project, AgentRun agent, int exit)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        long quietSince = System.nanoTime();
        Log.info("waiting for the tracker to confirm what it suspects (%s/api/v1/confirmations?project=%s)",
                server.base(), project);
        while (System.nanoTime() < deadline) {
            Work work = work(server, project);
            if (work == Work.QUEUED) {
                exit = agent.run();
                quietSince = System.nanoTime();
            }
            else if (work == Work.DECIDING) {
                quietSince = System.nanoTime();
                Thread.sleep(500);
            }
            else if (System.nanoTime() - quietSince > QUIET.toNanos()) {
                break;
            }
            else {
                Thread.sleep(500);
            }
        }
        return exit;
    }

    /** Each alert group of the project: its commit, summary, and whether (and where) it was resolved. */
    static void print(ServerClient server, String project, List<DemoProject.Commit> commits) throws IOException {
        ServerClient.Answer groups = server.get("/api/v1/alert-groups?project=" + project);
        if (groups.status() != 200) {
            Log.warn("no alert groups to show: %s", groups.body());
            return;
        }
        List<String> shas = commits.stream().map(DemoProject.Commit::sha).toList();
        System.out.println();
        System.out.printf("Alert groups (%s/api/v1/alert-groups?project=%s, Atom: %s/api/v1/alerts/feed.atom?project=%s):%n",
                server.base(), project, server.base(), project);
        if (groups.json().isEmpty()) {
            System.out.println("    none");
        }
        for (JsonNode group : groups.json()) {
            String sha = group.get("commit").get("sha").asText();
            System.out.printf("    %s at commit %d, %s: %s%n", group.get("kind").asText(), shas.indexOf(sha) + 1,
                    sha.substring(0, 8), group.get("summary").asText());
            for (JsonNode alert : group.get("alerts")) {
                JsonNode restored = alert.get("restoredAt");
                String state = alert.get("status").asText();
                String by = restored == null || restored.isNull() ? ""
                        : " at commit " + (shas.indexOf(restored.get("sha").asText()) + 1);
                System.out.printf("      %-40s %-12s %s%s%n", alert.get("series").get("label").asText() + " "
                        + alert.get("series").get("metric").get("name").asText(), alert.get("kind").asText(),
                        state.equals("fixed") ? "resolved" : state, by);
            }
        }
        System.out.println();
        System.out.flush();
    }
}
