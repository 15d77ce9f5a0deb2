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
        // Shorter than a dedicated runner's wait: the demo's own server settles in seconds after an upload, and a
        // machine busy with other work for longer stays busy; its runs are then marked, the demo not held up.
        runArgs.addAll(List.of("--quiet-wait", options.get("quiet-wait", "PERFWATCH_RUNNER_QUIET_WAIT").orElse("20s")));
        for (String jdk : options.all("jdk")) {
            runArgs.addAll(List.of("--jdk", jdk));
        }
        DemoAlerts.AgentRun agent = () -> new Agent(Settings.from(Options.parse(runArgs, Map.of()))).run();
        int exit = DemoAlerts.settle(server, project, agent, agent.run());
        printSteps(server.base(), project, commits, printTimeline(server, project, hostClass, commits));
        DemoAlerts.print(server, project, commits);
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

    /**
     * One case and metric of the demo project: its scores by commit sha, and the shas whose run the server left out
     * of detection (a busy or moved host), with its reason.
     */
    record Series(String benchmark, long caseId, String params, String metric, String unit,
            Map<String, Double> scores, Map<String, String> notJudged) {

        String name() {
            return benchmark.substring(benchmark.lastIndexOf('.') + 1) + " " + params;
        }

        /** The score at commit to against the one at commit from, as a ratio; NaN when either is missing. */
        double ratio(String from, String to) {
            return scores.getOrDefault(to, Double.NaN) / scores.getOrDefault(from, Double.NaN);
        }
    }

    /** One table per case and metric: the commits in branch order with their scores. */
    private static List<Series> printTimeline(ServerClient server, String project, String hostClass,
            List<DemoProject.Commit> commits) throws IOException {
        List<Series> all = new ArrayList<>();
        Map<String, String> messages = new LinkedHashMap<>();
        commits.forEach(c -> messages.put(c.sha(), c.message()));
        // The branch's series only: the confirmation re-runs have series of their own, off the timeline.
        ServerClient.Answer series = server.get("/api/v1/series?project=" + project + "&branch=main&hostClass="
                + java.net.URLEncoder.encode(hostClass, StandardCharsets.UTF_8));
        if (series.status() != 200) {
            Log.warn("no series to show: %s", series.body());
            return all;
        }
        System.out.println();
        for (JsonNode one : series.json()) {
            String metric = one.get("metric").get("name").asText();
            if (!metric.equals("primary") && !metric.equals("gc.alloc.rate.norm")) {
                continue;
            }
            Series read = new Series(one.get("benchmark").asText(), one.get("case").get("id").asLong(),
                    one.get("case").get("params").toString(), metric, one.get("metric").get("unit").asText(),
                    new LinkedHashMap<>(), new LinkedHashMap<>());
            System.out.printf("%s  %s [%s]   %s/api/v1/series/%d/points%n", read.name(),
                    metric.equals("primary") ? "throughput" : "allocation", read.unit(), server.base(),
                    one.get("id").asLong());
            ServerClient.Answer points = server.get("/api/v1/series/" + one.get("id").asLong() + "/points");
            for (JsonNode point : points.json()) {
                String sha = point.get("commit").get("sha").asText();
                double score = point.get("score").asDouble();
                read.scores().put(sha, score);
                // A busy or moved host skews times, not bytes per operation: detection judges allocation anyway.
                boolean notJudged = point.path("noisy").asBoolean(false) && metric.equals("primary");
                if (notJudged) {
                    read.notJudged().put(sha, point.path("noiseReason").asText(""));
                }
                System.out.printf("    %s  %14.1f  %s%s%n", sha.substring(0, 8), score, messages.getOrDefault(sha, ""),
                        notJudged ? "   [not judged: " + firstReason(point.path("noiseReason").asText("")) + "]" : "");
            }
            all.add(read);
        }
        System.out.println();
        System.out.flush();
        return all;
    }

    /** The server's first reason, which names the rule and its numbers; the others follow from the same cause. */
    static String firstReason(String reason) {
        int end = reason.indexOf("; ");
        return reason.isBlank() ? "host busy or moved" : end < 0 ? reason : reason.substring(0, end) + " …";
    }

    /**
     * Each case's change at the regression and at the fix, and a timeline link at the regression for the case
     * whose throughput fell most there.
     */
    private static void printSteps(String base, String project, List<DemoProject.Commit> commits,
            List<Series> series) {
        if (commits.size() <= DemoProject.FIX) {
            return;
        }
        for (int index : new int[] { DemoProject.REGRESSION, DemoProject.FIX }) {
            DemoProject.Commit before = commits.get(index - 1);
            DemoProject.Commit at = commits.get(index);
            System.out.printf("At commit %d, %s \"%s\":%n", index + 1, at.sha().substring(0, 8), at.message());
            for (Series one : series) {
                if (!one.scores().containsKey(at.sha()) || !one.scores().containsKey(before.sha())) {
                    continue;
                }
                double from = one.scores().get(before.sha());
                double to = one.scores().get(at.sha());
                // Below a byte per operation is no allocation: JMH's own bookkeeping, not the serializer's.
                String change = Math.max(from, to) < 1 ? "none" : from < 1 ? "from none" : to < 1 ? "none left"
                        : String.format("%+.0f%%", (to / from - 1) * 100);
                // Throughput measured on a busy host is drawn but never judged; bytes per operation hold anyway.
                if (one.notJudged().containsKey(at.sha()) || one.notJudged().containsKey(before.sha())) {
                    change += ", not judged: host busy or moved";
                }
                System.out.printf("    %-28s %-10s %10.1f -> %10.1f %-6s (%s)%n", one.name(),
                        one.metric().equals("primary") ? "throughput" : "allocation", from, to, one.unit(), change);
            }
        }
        String regression = commits.get(DemoProject.REGRESSION).sha();
        String previous = commits.get(DemoProject.REGRESSION - 1).sha();
        series.stream()
            .filter(one -> one.metric().equals("primary") && !Double.isNaN(one.ratio(previous, regression)))
            .min(Comparator.comparingDouble(one -> one.ratio(previous, regression)))
            // A moving median of 3, not the UI's 9: eight commits, and a step three commits wide.
            .ifPresent(one -> System.out.printf("timeline: %s/#/timeline?project=%s&benchmark=%s&case=%d&x=index"
                    + "&median=3&commit=%s%n", base, project, one.benchmark(), one.caseId(), regression));
        System.out.flush();
    }

}
