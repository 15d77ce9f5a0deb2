package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.logging.Level;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfwatch.e2e.ServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Runners page's flags in headless Chromium, seeded through the public API on host classes of their own: a
 * runner that failed every job, a runner whose runs were all on a noisy host, and jobs waiting for a host class
 * no runner serves.
 */
class RunnersPageTest extends InWebSession {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void seed() {
        String failing = register("flaky-2c-01", "noise-2c");
        String noisy = register("noisy-2c-02", "noise-2c");
        for (int i = 0; i < 3; i++) {
            String job = job("noise-2c", "%040x".formatted(0xf000 + i));
            String attempt = post("/api/v1/runners/" + failing + "/lease", "").get("attemptId").asString();
            post("/api/v1/attempts/" + attempt + "/finish",
                    "{\"outcome\": \"failed\", \"failure\": \"the build failed with exit code 1\"}");
            // Out of the Requests page's failed jobs, which PagesTest counts; the runner's failed attempts stay.
            post("/api/v1/jobs/" + job + "/retry", "");
            post("/api/v1/jobs/" + job + "/cancel", "");
        }
        for (int i = 0; i < 4; i++) {
            // 40 ms before the job, 58 ms after: the host moved, every run is noisy.
            post("/api/v1/runs", run("%040x".formatted(0xe000 + i), "noisy-2c-02"));
        }
        job("nobody-16c", "%040x".formatted(0xd000));
        assertThat(noisy).isNotBlank();
    }

    @Test
    void runnersWhenARunnerFailsEveryJobOrIsNoisyOrJobsWaitForNoRunnerFlagsThem() {
        browser.open(server.url() + "/#/runners?hostClass=");
        browser.await("window.perfwatch?.runners?.state === 'ready'");

        assertThat(browser.element("#runner-classes tr[data-runner='flaky-2c-01']").getAttribute("data-state"))
            .isEqualTo("failing");
        assertThat(browser.element("#runner-classes tr[data-runner='flaky-2c-01'] td.record").getText())
            .contains("3 of 3 failed").contains("the build failed with exit code 1");
        assertThat(browser.element("#runner-classes tr[data-runner='noisy-2c-02'] td.health").getText())
            .contains("noisy").contains("4 of 4 recent runs noisy").contains("4 of its last 4 runs");
        String warnings = browser.element("#runner-classes .card[data-host-class='noise-2c'] .warnings").getText();
        assertThat(warnings).contains("flaky-2c-01 failed its last 3 jobs")
            .contains("noisy-2c-02 ran most of its jobs on a busy host");
        assertThat(browser.element("#runner-classes .card[data-host-class='nobody-16c'] .warnings").getText())
            .contains("1 job waiting and no runner able to take them");
        assertThat(browser.log().stream().filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()))
            .isEmpty();
    }

    @Test
    void changesWhenTheRunsWereOnANoisyHostSayNotJudgedWithTheReason() {
        browser.open(server.url() + "/#/changes?project=zz-noise&commit=" + "%040x".formatted(0xe002));
        browser.await("window.perfwatch?.changes?.state === 'ready'");

        WebElement previous = browser.element("#changes-table td.sig[data-column=previous]");
        assertThat(previous.getAttribute("data-verdict")).isEqualTo("not-judged");
        assertThat(previous.getText()).contains("not judged").doesNotContain("better").doesNotContain("worse");
        assertThat(previous.getAttribute("title")).contains("not judged: ");
        assertThat(browser.element("#changes-table td.sig[data-column=trend]").getAttribute("data-verdict"))
            .isEqualTo("not-judged");
        assertThat(browser.element("body").getText()).contains("1 not judged (measured on a noisy host)");
    }

    @Test
    void runnersWhenOnAPhoneKeepEachStateBadgeWholeBesideItsLabel() {
        browser.phone(360, 900);
        try {
            browser.open(server.url() + "/#/runners?hostClass=noise-2c");
            browser.await("window.perfwatch?.runners?.state === 'ready'");

            WebElement badge = browser.element("#runner-classes tr[data-runner='noisy-2c-02'] td.health .badge");
            assertThat(badge.getText()).isEqualTo("noisy");
            assertThat(browser.script("const b = arguments[0].getBoundingClientRect();"
                    + " return b.right <= document.documentElement.clientWidth && arguments[0].scrollWidth"
                    + " <= arguments[0].clientWidth + 1 && b.height < 24", badge)).as("not squeezed into a column")
                .isEqualTo(true);
            assertThat((Long) browser.script("return document.documentElement.scrollWidth"))
                .isLessThanOrEqualTo((Long) browser.script("return document.documentElement.clientWidth"));
            browser.screenshot(Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"))
                .resolve("phone-runners-health.png"));
        }
        finally {
            browser.desktop();
        }
    }

    private static String register(String name, String hostClass) {
        return post("/api/v1/runners", """
                {"name": "%s", "hostClass": "%s", "cores": 2, "cpuModel": "AMD EPYC", "memoryMb": 8192,
                 "os": "Linux", "kernel": "6.1.0", "version": "0.1.0", "jdks": ["17"]}"""
            .formatted(name, hostClass)).get("id").asString();
    }

    private static String job(String hostClass, String commit) {
        return post("/api/v1/jobs", """
                {"project": "zz-noise", "commit": "%s", "hostClass": "%s",
                 "suite": {"repository": "https://github.com/example/noise.git"}}""".formatted(commit, hostClass))
            .get("id").asString();
    }

    private static String run(String sha, String runner) {
        return """
                {"id": "%s", "project": "zz-noise", "branch": "main",
                 "commit": {"sha": "%s", "message": "noise"},
                 "host": {"name": "%s", "hostClass": "noise-2c"},
                 "metadata": {"runner": {"name": "%s"}, "hostCheck": {"workload": "reference-1",
                   "before": {"medianNanos": 40000000, "spread": 0.01, "loadAverage": 0.5, "cores": 2},
                   "after": {"medianNanos": 58000000, "spread": 0.01, "loadAverage": 0.5, "cores": 2}}},
                 "jmh": [{"jmhVersion": "1.37", "benchmark": "noise.Bench.m", "mode": "thrpt", "threads": 1,
                          "forks": 1, "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM",
                          "vmVersion": "17.0.15+6", "jvmArgs": [],
                          "primaryMetric": {"score": 10.0, "scoreError": 0.1, "scoreConfidence": [9.9, 10.1],
                                            "scoreUnit": "ops/s", "rawData": [[10.0, 10.0]]}}]}"""
            .formatted(java.util.UUID.nameUUIDFromBytes(sha.getBytes()), sha, runner, runner);
    }

    private static JsonNode post(String path, String body) {
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(path + ": " + response.body()).isLessThan(300);
            return response.body().startsWith("{") ? JSON.readTree(response.body()) : JSON.createObjectNode();
        }
        catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }
}
