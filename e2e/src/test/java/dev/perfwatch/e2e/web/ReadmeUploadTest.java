package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.logging.LogEntry;

import dev.perfwatch.e2e.ServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Results uploaded exactly as the README's curl shows (the command is read from README.md, so the two cannot drift):
 * its commit's parents and time place a history uploaded in any order in commit order. Uploaded with a sha alone,
 * results must be drawn on the default timeline at the time they were recorded, and say so, instead of "No results
 * for this selection" on a 1970 axis.
 */
@ExtendWith(WebSession.Extension.class)
class ReadmeUploadTest {

    private static final Path REPOSITORY = Path.of(System.getProperty("user.dir")).getParent();

    private static final String READY = "window.perfwatch?.timeline?.state === 'ready'";

    @TempDir
    Path project;

    @Test
    void theReadmesCommandPlacesAHistoryUploadedOutOfOrderInCommitOrder() throws Exception {
        ServerProcess server = WebSession.current().server;
        Browser browser = WebSession.current().browser;
        String curl = readmeCurl().replace("http://localhost:8080", server.url());
        git("init", "-q", "-b", "main");
        List<String> shas = new ArrayList<>();
        double[] scores = { 1_000_000, 950_000, 900_000 };
        for (int i = 0; i < scores.length; i++) {
            Files.writeString(project.resolve("result.json"), jmhResult(scores[i]));
            git("add", "result.json");
            run(List.of("git", "-c", "user.name=Readme", "-c", "user.email=readme@example.org", "-c",
                    "commit.gpgsign=false", "commit", "-q", "-m", "Score " + scores[i]),
                    Map.of("GIT_COMMITTER_DATE", "2026-11-0" + (i + 1) + "T12:00:00Z"));
            shas.add(git("rev-parse", "HEAD").strip());
        }
        // A backfill that posts the newest commit first, then the rest.
        for (int i : new int[] { 2, 0, 1 }) {
            git("checkout", "-q", shas.get(i));
            assertThat(run(List.of("sh", "-c", curl))).as(curl).contains("\"id\"");
        }

        browser.open("about:blank");
        browser.open(server.url() + "/#/timeline?project=my-project");
        browser.await(READY);

        @SuppressWarnings("unchecked")
        List<Number> ys = (List<Number>) browser.script("return window.perfwatch.timeline.charts.primary.data.datasets"
                + ".filter((d) => d.role === 'score').flatMap((d) => d.data.map((p) => p.y))");
        assertThat(ys.stream().map(Number::doubleValue).toList()).as("in commit order, not upload order")
            .containsExactly(1_000_000.0, 950_000.0, 900_000.0);
        @SuppressWarnings("unchecked")
        List<Number> xs = (List<Number>) browser.script("return window.perfwatch.timeline.charts.primary.data.datasets"
                + ".filter((d) => d.role === 'score').flatMap((d) => d.data.map((p) => p.x))");
        assertThat(xs.stream().map(Number::longValue).toList()).as("drawn at the commits' times").containsExactly(
                Instant.parse("2026-11-01T12:00:00Z").toEpochMilli(), Instant.parse("2026-11-02T12:00:00Z").toEpochMilli(),
                Instant.parse("2026-11-03T12:00:00Z").toEpochMilli());
    }

    @Test
    void timelineWhenResultsCameWithoutCommitTimeDrawsThemWhenTheyWereRecorded() throws Exception {
        ServerProcess server = WebSession.current().server;
        Browser browser = WebSession.current().browser;
        // The README's command as an uploader that knows only the sha sends it: no parents, no time.
        String curl = readmeCurl().replace("http://localhost:8080", server.url())
            .replaceFirst("&parents=\\$\\([^)]*\\)", "").replaceFirst("&commitTime=\\$\\([^)]*\\)", "")
            .replace("project=my-project", "project=sha-only");
        assertThat(curl).doesNotContain("parents=").doesNotContain("commitTime=");
        Instant started = Instant.now().minusSeconds(5);
        List<String> shas = new ArrayList<>();
        git("init", "-q", "-b", "main");
        for (double score : new double[] { 1_000_000, 900_000 }) {
            Files.writeString(project.resolve("result.json"), jmhResult(score));
            git("add", "result.json");
            git("commit", "-q", "-m", "Score " + score);
            shas.add(git("rev-parse", "HEAD").strip());
            String answer = run(List.of("sh", "-c", curl));
            assertThat(answer).as(curl).contains("\"id\"");
        }

        // From a blank page: a timeline the class before left open is 'ready' already, and the await would read
        // its counts instead of this project's.
        browser.open("about:blank");
        browser.open(server.url() + "/#/timeline?project=sha-only");
        browser.await(READY);

        assertThat(browser.script("return Object.values(window.perfwatch.timeline.counts).reduce((a, b) => a + b, 0)"))
            .isEqualTo(2L);
        @SuppressWarnings("unchecked")
        List<Number> xs = (List<Number>) browser.script("return window.perfwatch.timeline.charts.primary.data.datasets"
                + ".filter((d) => d.role === 'score').flatMap((d) => d.data.map((p) => p.x))");
        assertThat(xs).hasSize(2).allSatisfy(x -> assertThat(x.longValue())
            .as("drawn when recorded, not at 1970").isGreaterThanOrEqualTo(started.toEpochMilli()));
        assertThat(browser.element("#main").getText()).doesNotContain("No results");

        browser.open(server.url() + "/#/timeline?project=sha-only&commit=" + shas.get(1));
        browser.await(READY + " && !document.getElementById('commit-panel').hidden");
        assertThat(browser.element("#commit-panel").getText()).contains("recorded").contains("(no commit time)");
        assertThat(browser.log().stream().filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
            .map(LogEntry::getMessage)).isEmpty();
    }

    /** The README's upload command: the curl line of its "Uploading results" block and its continuation. */
    private static String readmeCurl() throws IOException {
        List<String> lines = Files.readAllLines(REPOSITORY.resolve("README.md"));
        int start = lines.indexOf(lines.stream().filter(line -> line.startsWith("curl ")).findFirst()
            .orElseThrow(() -> new AssertionError("README.md shows no curl upload")));
        StringBuilder command = new StringBuilder();
        for (int i = start; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
            command.append(lines.get(i)).append('\n');
        }
        return command.toString();
    }

    /** A JMH result file (-rf json) of one thrpt benchmark with two forks. */
    private static String jmhResult(double score) {
        return """
                [{"jmhVersion": "1.37", "benchmark": "org.example.MyBenchmark.encode", "mode": "thrpt", "threads": 1,
                  "forks": 2, "jvm": "/usr/lib/jvm/java-17/bin/java", "jvmArgs": [], "jdkVersion": "17.0.15",
                  "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.15+6", "warmupIterations": 1,
                  "warmupTime": "1 s", "measurementIterations": 3, "measurementTime": "1 s",
                  "primaryMetric": {"score": %1$s, "scoreError": %2$s, "scoreConfidence": [%3$s, %4$s],
                    "scoreUnit": "ops/s", "rawData": [[%1$s, %3$s, %4$s], [%4$s, %1$s, %3$s]]},
                  "secondaryMetrics": {}}]
                """.formatted(score, score / 100, score * 0.99, score * 1.01);
    }

    private String git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=Readme", "-c",
                "user.email=readme@example.org", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        return run(command);
    }

    private String run(List<String> command) throws Exception {
        return run(command, Map.of());
    }

    private String run(List<String> command, Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true);
        builder.environment().putAll(Map.of("TOKEN", ServerProcess.ADMIN_TOKEN));
        builder.environment().putAll(environment);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + ":\n" + out).isZero();
        return out;
    }
}
