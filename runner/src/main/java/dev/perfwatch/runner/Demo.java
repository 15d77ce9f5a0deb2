package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code demo} command behind the README's run command: generates the demo project (see {@link DemoProject}),
 * queues every commit with the quick profile, runs a local runner until the queue is empty, and prints the
 * timeline of each case so the drop at the allocating commit and the recovery at the fix are visible at once.
 */
final class Demo {

    private Demo() {
    }

    static int run(Options options) throws IOException, InterruptedException {
        String serverUrl = options.require("server", "PERFWATCH_SERVER_URL");
        String token = options.require("token", "PERFWATCH_RUNNER_TOKEN");
        String project = options.get("project").orElse("demo-strings");
        String hostClass = options.get("host-class", "PERFWATCH_HOST_CLASS").orElse("local");
        Path dataDir = Settings.dataDir(options);
        String jvm = Integer.toString(Runtime.version().feature());
        ServerClient server = new ServerClient(serverUrl, token);

        Path repository = dataDir.resolve("demo").resolve(project);
        Map<String, String> environment = Settings.childEnvironment(System.getenv());
        List<DemoProject.Commit> commits = DemoProject.create(repository, environment);
        Log.info("demo project %s: %d commits in %s", project, commits.size(), repository);

        Set<String> queued = alreadyQueued(server, project, hostClass);
        int created = 0;
        for (DemoProject.Commit commit : commits) {
            if (queued.contains(commit.sha())) {
                continue;
            }
            ObjectNode job = ServerClient.JSON.createObjectNode();
            job.put("project", project);
            job.put("branch", "main");
            job.put("commit", commit.sha());
            job.putObject("suite").put("repository", repository.toString());
            job.put("hostClass", hostClass);
            job.put("jvm", jvm);
            job.put("profile", "quick");
            job.put("kind", "api");
            ServerClient.Answer answer = server.post("/api/v1/jobs", ServerClient.JSON.writeValueAsBytes(job));
            answer.expect(201);
            created++;
        }
        Log.info("queued %d job(s) (%d were queued or done before); progress: %s/api/v1/jobs?project=%s", created,
                commits.size() - created, server.base(), project);

        List<String> runArgs = new ArrayList<>(List.of("--server", serverUrl, "--token", token,
                "--host-class", hostClass, "--data-dir", dataDir.toString(), "--exit-when-idle", "--poll-interval",
                "1s", "--name", options.get("name").orElse("demo-" + HostFacts.hostName())));
        options.get("cpus", "PERFWATCH_RUNNER_CPUS").ifPresent(cpus -> runArgs.addAll(List.of("--cpus", cpus)));
        options.get("heap").ifPresent(heap -> runArgs.addAll(List.of("--heap", heap)));
        for (String jdk : options.all("jdk")) {
            runArgs.addAll(List.of("--jdk", jdk));
        }
        int exit = new Agent(Settings.from(Options.parse(runArgs, Map.of()))).run();
        List<Step> steps = printTimeline(server, project, hostClass, commits);
        printSteps(server.base(), project, steps);
        return exit;
    }

    private static Set<String> alreadyQueued(ServerClient server, String project, String hostClass)
            throws IOException {
        Set<String> shas = new HashSet<>();
        ServerClient.Answer answer = server.get("/api/v1/jobs?limit=1000&project=" + project + "&hostClass="
                + java.net.URLEncoder.encode(hostClass, StandardCharsets.UTF_8));
        answer.expect(200);
        for (JsonNode job : answer.json()) {
            String status = job.get("status").asText();
            if (status.equals("queued") || status.equals("running") || status.equals("succeeded")) {
                shas.add(job.get("commit").asText());
            }
        }
        return shas;
    }

    /** The largest fall and the largest rise between two neighbouring commits of one primary series. */
    record Step(String benchmark, long caseId, String params, String fellAt, double fall, String roseAt,
            double rise) {
    }

    /** One table per case and metric: the commits in branch order with their scores; returns each case's steps. */
    private static List<Step> printTimeline(ServerClient server, String project, String hostClass,
            List<DemoProject.Commit> commits) throws IOException {
        List<Step> steps = new ArrayList<>();
        Map<String, String> messages = new LinkedHashMap<>();
        commits.forEach(c -> messages.put(c.sha(), c.message()));
        ServerClient.Answer series = server.get("/api/v1/series?project=" + project + "&hostClass="
                + java.net.URLEncoder.encode(hostClass, StandardCharsets.UTF_8));
        if (series.status() != 200) {
            Log.warn("no series to show: %s", series.body());
            return steps;
        }
        System.out.println();
        for (JsonNode one : series.json()) {
            String metric = one.get("metric").get("name").asText();
            if (!metric.equals("primary") && !metric.equals("gc.alloc.rate.norm")) {
                continue;
            }
            String benchmark = one.get("benchmark").asText();
            System.out.printf("%s %s  %s [%s]   %s/api/v1/series/%d/points%n",
                    benchmark.substring(benchmark.lastIndexOf('.') + 1), one.get("case").get("params"),
                    metric.equals("primary") ? "throughput" : "allocation", one.get("metric").get("unit").asText(),
                    server.base(), one.get("id").asLong());
            ServerClient.Answer points = server.get("/api/v1/series/" + one.get("id").asLong() + "/points");
            String fellAt = null;
            String roseAt = null;
            double fall = 1;
            double rise = 1;
            double previous = Double.NaN;
            for (JsonNode point : points.json()) {
                String sha = point.get("commit").get("sha").asText();
                double score = point.get("score").asDouble();
                System.out.printf("    %s  %14.1f  %s%n", sha.substring(0, 8), score, messages.getOrDefault(sha, ""));
                double ratio = score / previous;
                if (ratio < fall) {
                    fall = ratio;
                    fellAt = sha;
                }
                if (ratio > rise) {
                    rise = ratio;
                    roseAt = sha;
                }
                previous = score;
            }
            if (metric.equals("primary") && fellAt != null && roseAt != null) {
                steps.add(new Step(benchmark, one.get("case").get("id").asLong(),
                        one.get("case").get("params").toString(), fellAt, fall, roseAt, rise));
            }
        }
        System.out.println();
        System.out.flush();
        return steps;
    }

    /** The case whose score fell most, with a timeline link that opens the commit panel at the fall. */
    private static void printSteps(String base, String project, List<Step> steps) {
        steps.stream().min(Comparator.comparingDouble(Step::fall)).ifPresent(step -> {
            System.out.printf("The largest drop: %s %s fell %.0f%% at %s and rose %.0f%% at %s.%n",
                    step.benchmark().substring(step.benchmark().lastIndexOf('.') + 1), step.params(),
                    (1 - step.fall()) * 100, step.fellAt().substring(0, 8), (step.rise() - 1) * 100,
                    step.roseAt().substring(0, 8));
            System.out.printf("timeline: %s/#/timeline?project=%s&benchmark=%s&case=%d&x=index&commit=%s%n", base,
                    project, step.benchmark(), step.caseId(), step.fellAt());
            System.out.flush();
        });
    }

}
