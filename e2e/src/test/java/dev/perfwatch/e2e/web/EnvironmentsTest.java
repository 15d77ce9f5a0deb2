package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static dev.perfwatch.e2e.web.SuiteHistory.BENCHMARK;
import static dev.perfwatch.e2e.web.SuiteHistory.COMMITS;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The environment comparison (GET /api/v1/environment-comparisons and its page) over {@link SuiteHistory}: at the
 * newest commit the 8-core hosts take 0.8 of the time the 4-core ones take after the regression's 1.1, so every
 * case is faster there by the ratio 0.727.
 */
class EnvironmentsTest extends InWebSession {

    private static final Path SCREENSHOTS = Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"));

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void apiWhenNoCommitGivenComparesTheNewestCommitsEnvironmentsWithIntervals() throws Exception {
        JsonNode answer = get("/api/v1/environment-comparisons?project=web&benchmark=" + BENCHMARK, 200);

        assertThat(answer.get("commit").get("sha").asString()).isEqualTo(sha(COMMITS - 1));
        assertThat(answer.get("environments")).hasSize(3);
        long fourCore = environment(answer, "4-core · JDK 17.0.2");
        long eightCore = environment(answer, "8-core · JDK 17.0.2");

        JsonNode chosen = get("/api/v1/environment-comparisons?project=web&environments=" + fourCore + "," + eightCore,
                200);
        assertThat(chosen.get("environments").get(0).get("id").asLong()).isEqualTo(fourCore);
        assertThat(chosen.get("rows")).hasSize(8);
        int faster = 0;
        for (JsonNode row : chosen.get("rows")) {
            JsonNode eight = row.get("cells").get(1);
            assertThat(eight.get("ratio").asDouble()).isCloseTo(0.8 / 1.1, within(0.03));
            assertThat(eight.get("interval").get(0).asDouble()).isLessThan(eight.get("ratio").asDouble());
            assertThat(eight.get("interval").get(1).asDouble()).isGreaterThan(eight.get("ratio").asDouble());
            // Two forks a side leave a wide 99% interval (t at about 2 degrees of freedom): a case may stay unclear,
            // but none may read slower or the same.
            assertThat(eight.get("verdict").asString()).isIn("faster", "unclear");
            faster += eight.get("verdict").asString().equals("faster") ? 1 : 0;
            assertThat(eight.get("allocation").asDouble()).isPositive();
            assertThat(row.get("cells").get(0).path("ratio").isNumber()).as("the baseline has no ratio").isFalse();
        }
        assertThat(faster).isGreaterThanOrEqualTo(4);
    }

    @Test
    void apiWhenInputIsBadAnswersAProblemNamingTheField() throws Exception {
        assertThat(get("/api/v1/environment-comparisons?project=web&environments=1", 400).get("field").asString())
            .isEqualTo("environments");
        assertThat(get("/api/v1/environment-comparisons?project=web&environments=1,x", 400).get("field").asString())
            .isEqualTo("environments");
        assertThat(get("/api/v1/environment-comparisons?project=web&commit=zz", 400).get("field").asString())
            .isEqualTo("commit");
        get("/api/v1/environment-comparisons?project=nothing", 404);
        get("/api/v1/environment-comparisons?project=web&commit=" + "0".repeat(40), 404);
    }

    @Test
    void pageWhenOpenedFromTheTimelineLegendShowsEachCaseAsARatioToTheBaselineAndSorts() throws IOException {
        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK);
        browser.await("window.perfwatch?.timeline?.state === 'ready' && document.getElementById('compare-environments')");
        browser.element("#compare-environments").click();
        browser.await("window.perfwatch?.environments?.state === 'ready' && window.perfwatch.environments.charts === 1");
        assertThat(browser.url()).contains("#/environments?project=web").contains("environments=");
        assertThat(browser.elements("#environments-table tbody tr")).hasSize(8);
        assertThat(browser.elements("#environments-choices input[type=checkbox]:checked")).hasSize(3);

        // The 8-core hosts as the only other environment against the 4-core JDK 17 ones.
        JsonNode all = get("/api/v1/environment-comparisons?project=web", 200);
        long fourCore = environment(all, "4-core · JDK 17.0.2");
        long eightCore = environment(all, "8-core · JDK 17.0.2");
        browser.open(server.url() + "/environments?project=web&environments=" + fourCore + "," + eightCore);
        browser.await("window.perfwatch?.environments?.state === 'ready' && window.perfwatch.environments.charts === 1");
        assertThat(browser.url()).contains("/#/environments?project=web");
        List<?> verdicts = (List<?>) browser.script(
                "return window.perfwatch.environments.rows.map(r => r.verdicts[1])");
        assertThat(verdicts).hasSize(8).allMatch(v -> v.equals("faster") || v.equals("unclear"));
        assertThat(verdicts.stream().filter("faster"::equals).count()).isGreaterThanOrEqualTo(4);
        assertThat(browser.element("#environments-table td.sig.better").getText()).contains("0.7").contains("faster");
        assertThat(browser.element("#environments-table thead th").getText()).isEqualTo("Case");

        browser.element("#environments-table [data-sort=name]").click();
        browser.await("location.hash.includes('sort=name')");
        browser.await("window.perfwatch.environments.state === 'ready'");
        List<?> keys = (List<?>) browser.script("return window.perfwatch.environments.rows.map(r => r.caseKey)");
        assertThat(keys).isSortedAccordingTo((a, b) -> a.toString().compareTo(b.toString()));

        browser.element("[data-baseline='" + eightCore + "']").click();
        browser.await("window.perfwatch.environments.state === 'ready' && window.perfwatch.environments.environments[0] === "
                + eightCore);
        List<?> swapped = (List<?>) browser.script("return window.perfwatch.environments.rows.map(r => r.verdicts[1])");
        assertThat(swapped).allMatch(v -> v.equals("slower") || v.equals("unclear"));
        assertThat(swapped.stream().filter("slower"::equals).count()).isGreaterThanOrEqualTo(4);
        Path file = SCREENSHOTS.resolve("environments.png");
        browser.screenshot(file);
        assertThat(Files.size(file)).isLessThan(300_000);
    }

    private static long environment(JsonNode answer, String label) {
        for (JsonNode environment : answer.get("environments")) {
            if (environment.get("label").asString().equals(label)) {
                return environment.get("id").asLong();
            }
        }
        throw new AssertionError("no environment " + label + " in " + answer);
    }

    private static JsonNode get(String path, int status) throws IOException {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(server.url() + path)).header("Accept", "application/json").build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(status);
            return JSON.readTree(response.body());
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException(ex);
        }
    }

    @Test
    void pageWhenAllocationIsJmhsResidueReadsAboutZeroAndLeavesNoGapWithOneEnvironment() throws Exception {
        // Commit a110c in two host classes, then a110d in one only: its page has nothing to chart.
        int uploaded = 0;
        for (String hostClass : List.of("zero-4c", "zero-8c", "zero-4c")) {
            uploaded += 1;
            WebSession.post(server, "/api/v1/runs", """
                    {"id": "%s", "project": "zero-alloc", "branch": "main",
                     "commit": {"sha": "%040x", "message": "Nothing allocates"},
                     "host": {"name": "%s-01", "hostClass": "%s"},
                     "jmh": [{"benchmark": "org.example.ZeroBenchmark.sum", "mode": "thrpt", "threads": 1, "forks": 2,
                              "jdkVersion": "21.0.1", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                              "primaryMetric": {"score": 100, "scoreError": 1, "scoreUnit": "ops/ms",
                                                "rawData": [[99, 100, 101], [100, 101, 99]]},
                              "secondaryMetrics": {"·gc.alloc.rate.norm": {"score": 0.00005913, "scoreError": 0.00001,
                                  "scoreUnit": "B/op", "rawData": [[0.00005, 0.00006], [0.00006, 0.00007]]}}}]}"""
                .formatted(java.util.UUID.randomUUID(), uploaded < 3 ? 0xa110c : 0xa110d, hostClass, hostClass));
        }
        browser.open(server.url() + "/#/environments?project=zero-alloc&commit=" + "%040x".formatted(0xa110c));
        browser.await("window.perfwatch?.environments?.state === 'ready'"
                + " && document.querySelector('#environments-table')");

        WebElement cell = browser.element("#environments-table tbody td:last-child");
        assertThat(cell.getText()).isEqualTo("≈0 / ≈0");
        assertThat(cell.getDomAttribute("title")).as("the exact figure on hover").isEqualTo("0.00006 / 0.00006 B/op");

        assertThat(browser.script("return document.querySelector('#environments-page .bars canvas') !== null"))
            .isEqualTo(true);
        // The same page, another commit: what the chart of two environments left behind must go with it.
        browser.script("location.hash = arguments[0]",
                "#/environments?project=zero-alloc&commit=%040x".formatted(0xa110d));
        browser.await("document.querySelector('#environments-page .status')?.textContent.startsWith('Only 1 ')");
        assertThat(browser.script("return document.querySelector('#environments-table').getBoundingClientRect().top"
                + " - document.querySelector('#environments-page .status').getBoundingClientRect().bottom"))
            .as("no blank space left by the chart of two environments")
            .satisfies(gap -> assertThat(((Number) gap).doubleValue()).isLessThan(80));
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void changesWhenAllocationStartsFromJmhsResidueSayTheBytesNotAPercentage() throws Exception {
        // 0.00005 B/op (nothing allocated) at c0de1, 64 B/op at c0de2: a percentage of the residue is +111,000,000%.
        double[] allocated = { 0.00005424, 64.0001 };
        for (int i = 0; i < 2; i++) {
            String parents = i == 0 ? "[]" : "[\"%040x\"]".formatted(0xc0de1);
            WebSession.post(server, "/api/v1/runs", """
                    {"id": "%s", "project": "residue", "branch": "main",
                     "commit": {"sha": "%040x", "message": "Commit %d", "parents": %s},
                     "host": {"name": "residue-01", "hostClass": "residue-4c"},
                     "jmh": [{"benchmark": "org.example.BufferBenchmark.write", "mode": "thrpt", "threads": 1, "forks": 2,
                              "jdkVersion": "21.0.1", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                              "primaryMetric": {"score": 100, "scoreError": 1, "scoreUnit": "ops/ms",
                                                "rawData": [[99, 100, 101], [100, 101, 99]]},
                              "secondaryMetrics": {"·gc.alloc.rate.norm": {"score": %s, "scoreError": 0.00001,
                                  "scoreUnit": "B/op", "rawData": [[%s, %s], [%s, %s]]}}}]}"""
                .formatted(java.util.UUID.randomUUID(), 0xc0de1 + i, i + 1, parents, allocated[i], allocated[i],
                        allocated[i], allocated[i], allocated[i]));
        }
        browser.open(server.url() + "/#/changes?project=residue&metric=gc.alloc.rate.norm&commit="
                + "%040x".formatted(0xc0de2));
        browser.await("window.perfwatch?.changes?.state === 'ready' && document.querySelector('#changes-table')");

        String previous = browser.element("#changes-table td.sig[data-column=previous] .num").getText();
        assertThat(previous).isEqualTo("+64 B/op");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void scoreWhenTwoForksDisagreeReadsTheSameErrorAsTheChangesPage() throws Exception {
        // Forks at 91 and 111: over two forks a 99% interval is ±640 (t at one degree of freedom), JMH's own 99.9%
        // interval over the iterations ±12. Both pages state JMH's, labelled, as the newcomer expected.
        WebSession.post(server, "/api/v1/runs", """
                {"id": "%s", "project": "two-forks", "branch": "main",
                 "commit": {"sha": "%040x", "message": "Forks disagree"},
                 "host": {"name": "forks-01", "hostClass": "forks-4c"},
                 "jmh": [{"benchmark": "org.example.ForkBenchmark.run", "mode": "thrpt", "threads": 1, "forks": 2,
                          "jdkVersion": "21.0.1", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                          "primaryMetric": {"score": 101, "scoreError": 12, "scoreUnit": "ops/ms",
                                            "rawData": [[90, 91, 92], [110, 111, 112]]}}]}"""
            .formatted(java.util.UUID.randomUUID(), 0xf0f0));
        browser.open(server.url() + "/#/environments?project=two-forks");
        browser.await("window.perfwatch?.environments?.state === 'ready'"
                + " && document.querySelector('#environments-table td[data-score]')");
        String environments = browser.element("#environments-table td[data-score]").getText();
        assertThat(browser.element("#environments-table thead").getText()).contains("± 99.9% CI");

        browser.open(server.url() + "/#/changes?project=two-forks");
        browser.await("window.perfwatch?.changes?.state === 'ready' && document.querySelector('#changes-table')");
        String changes = browser.element("#changes-table tbody td.num").getText();
        assertThat(browser.element("#changes-table thead").getText()).contains("± 99.9% CI");

        assertThat(environments).isEqualTo("101 ± 12 ops/ms").isEqualTo(changes);
        assertThat(browser.errors()).isEmpty();
    }
}
