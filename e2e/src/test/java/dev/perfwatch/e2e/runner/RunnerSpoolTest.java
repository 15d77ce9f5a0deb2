package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import dev.perfwatch.e2e.ServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server goes away while a benchmark runs: the runner keeps the result in its spool and delivers it, once,
 * when the server is back behind the same address (a loopback proxy, since the restarted server gets a new port).
 * The upload command for CI spools the same way.
 */
class RunnerSpoolTest {

    private static final String JMH_FILE = """
            [{"jmhVersion": "1.37", "benchmark": "ci.Bench.run", "mode": "thrpt", "threads": 1, "forks": 1,
              "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.15+6",
              "primaryMetric": {"score": 100.0, "scoreError": 1.0, "scoreConfidence": [99.0, 101.0],
                                "scoreUnit": "ops/s", "rawData": [[99.0, 101.0]]},
              "secondaryMetrics": {}}]""";

    @TempDir
    Path work;

    @Test
    void uploadWhenServerIsDownIsSpooledAndDeliveredOnceWhenItIsBack() throws Exception {
        try (PackagedJars jars = PackagedJars.copyTo(work.resolve("jars"))) {
            serverDownDuringUpload();
        }
    }

    private void serverDownDuringUpload() throws Exception {
        Path serverData = work.resolve("server");
        FixtureSuite fixture = FixtureSuite.create(work.resolve("fixture"));
        Path ciResult = Files.writeString(work.resolve("result.json"), JMH_FILE);
        Path ciData = work.resolve("ci");
        ServerProcess first = ServerProcess.start(serverData);
        try (LoopbackProxy proxy = new LoopbackProxy(first.port())) {
            runWithOutage(first, proxy, serverData, fixture, ciResult, ciData);
        }
        finally {
            first.close();
        }
    }

    private void runWithOutage(ServerProcess first, LoopbackProxy proxy, Path serverData, FixtureSuite fixture,
            Path ciResult, Path ciData) throws Exception {
        Http admin = new Http(first.url(), ServerProcess.ADMIN_TOKEN);
        String token = admin.ok(admin.post("/api/v1/tokens", "{\"name\": \"spool-runner\", \"role\": \"runner\"}"))
            .get("token").asString();
        String id = admin.ok(admin.post("/api/v1/jobs", fixture.job("e2e-spool", fixture.good, "e2e-spool",
                "-f 1 -wi 0 -i 3 -r 3s"))).get("id").asString();

        try (RunnerProcess runner = RunnerProcess.start(proxy.url(), token, "e2e-spool", "spool-runner",
                work.resolve("runner"))) {
            Poll.until("JMH running", Duration.ofSeconds(150), runner::benchmarkProcesses, list -> !list.isEmpty());
            first.close();
            assertThat(runner.benchmarkProcesses()).as("JMH outlasts the server's shutdown").isNotEmpty();
            Path spool = runner.dataDir().resolve("spool");
            try {
                Poll.until("the result in the spool", Duration.ofSeconds(90), () -> json(spool),
                        files -> !files.isEmpty());
            }
            catch (AssertionError ex) {
                throw new AssertionError(ex.getMessage() + "\nrunner log:\n" + runner.log(), ex);
            }
            int offline = upload(ciResult, proxy.url(), token, ciData);
            assertThat(runner.log()).contains("server unreachable");
            assertThat(offline).as("the CI upload cannot deliver either").isEqualTo(1);
            assertThat(json(ciData.resolve("spool"))).hasSize(1);

            try (ServerProcess second = ServerProcess.start(serverData)) {
                proxy.target(second.port());
                Http back = new Http(second.url(), ServerProcess.ADMIN_TOKEN);
                JsonNode done = Poll.until("the job to succeed", Duration.ofSeconds(120),
                        () -> back.ok(back.get("/api/v1/jobs/" + id)),
                        job -> job.get("status").asString().equals("succeeded"));
                int online = upload(ciResult, proxy.url(), token, ciData);
                int again = upload(ciResult, proxy.url(), token, ciData);

                String runId = done.get("runId").asString();
                assertThat(back.get("/api/v1/runs/" + runId).status()).isEqualTo(200);
                assertThat(json(spool)).as("delivered, so deleted").isEmpty();
                assertThat(countOccurrences(runner.log(), "delivered run " + runId)).isEqualTo(1);
                assertThat(pointsPerSeries(back, "e2e-spool")).as("one run per series, no duplicate").containsOnly(1);
                assertThat(online).isZero();
                assertThat(again).isZero();
                assertThat(json(ciData.resolve("spool"))).isEmpty();
                assertThat(pointsPerSeries(back, "e2e-ci")).containsOnly(1);
            }
        }
    }

    private static List<Integer> pointsPerSeries(Http http, String project) {
        List<Integer> counts = new ArrayList<>();
        for (JsonNode series : http.ok(http.get("/api/v1/series?project=" + project))) {
            counts.add(http.ok(http.get("/api/v1/series/" + series.get("id").asLong() + "/points")).size());
        }
        assertThat(counts).isNotEmpty();
        return counts;
    }

    private static int upload(Path file, String server, String token, Path dataDir) throws Exception {
        Process process = new ProcessBuilder(RunnerProcess.java(), "-jar", RunnerProcess.runnerJar(), "upload",
                file.toString(), "--server", server, "--token", token, "--project", "e2e-ci", "--commit",
                "0123456789abcdef0123456789abcdef01234567", "--host-class", "ci", "--host", "ci-1",
                "--retry-for", "1s", "--data-dir", dataDir.toString())
            .redirectErrorStream(true)
            .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        assertThat(out).isNotBlank();
        return exit;
    }

    private static List<Path> json(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".json")).toList();
        }
        catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    private static int countOccurrences(String text, String part) {
        int count = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            count++;
        }
        return count;
    }
}
