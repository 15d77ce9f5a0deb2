package dev.perfwatch.e2e.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.perfwatch.e2e.ServerProcess;

/**
 * A packaged server tracking one fixture project, and one registered runner of its host class: what the pipeline's
 * end-to-end tests (confirmation, night one) stand on. The project's suite comes from its nightly schedule, whose
 * cron (1 January) does not fire during a test.
 */
final class TrackedProject implements AutoCloseable {

    final String project;

    final ServerProcess server;

    final Http admin;

    private final PackagedJars jars;

    private final RunnerProcess runner;

    private TrackedProject(String project, PackagedJars jars, ServerProcess server, Http admin, RunnerProcess runner) {
        this.project = project;
        this.jars = jars;
        this.server = server;
        this.admin = admin;
        this.runner = runner;
    }

    /**
     * Starts both and returns once the runner has registered: before that the host class has nobody to ask, and a
     * suspected change would be decided unconfirmed, on the detector's word.
     *
     * @param include the benchmark pattern the nightly suite runs, or null for all of them
     */
    static TrackedProject start(Path work, String project, String hostClass, Path repository, String include) {
        PackagedJars jars = PackagedJars.copyTo(work.resolve("jars"));
        Map<String, String> environment = new LinkedHashMap<>(Map.of(
                "PERFWATCH_PIPELINE_POLL_INTERVAL", "300ms",
                "PERFWATCH_JOBS_NIGHTLY_0_PROJECT", project,
                "PERFWATCH_JOBS_NIGHTLY_0_CRON", "0 0 1 1 *",
                "PERFWATCH_JOBS_NIGHTLY_0_PROFILE", "quick",
                "PERFWATCH_JOBS_NIGHTLY_0_SUITE_REPOSITORY", repository.toString(),
                "PERFWATCH_JOBS_NIGHTLY_0_SUITE_JMHOPTIONS_0", "-wi 1 -w 200ms -i 2 -r 200ms"));
        if (include != null) {
            environment.put("PERFWATCH_JOBS_NIGHTLY_0_SUITE_INCLUDE_0", include);
        }
        ServerProcess server = ServerProcess.start(work.resolve("server"), environment);
        Http admin = new Http(server.url(), ServerProcess.ADMIN_TOKEN);
        String token = admin.ok(admin.post("/api/v1/tokens",
                "{\"name\": \"" + project + "-runner\", \"role\": \"runner\"}")).get("token").asString();
        RunnerProcess runner = RunnerProcess.start(server.url(), token, hostClass, project + "-runner",
                work.resolve("runner"), "--cpus", "0");
        TrackedProject tracked = new TrackedProject(project, jars, server, admin, runner);
        try {
            Poll.until("the runner", Duration.ofSeconds(60), () -> admin.ok(admin.get("/api/v1/runners")),
                    list -> list.toString().contains(hostClass));
        }
        catch (RuntimeException | AssertionError ex) {
            tracked.close();
            throw ex;
        }
        return tracked;
    }

    @Override
    public void close() {
        runner.close();
        server.close();
        jars.close();
    }
}
