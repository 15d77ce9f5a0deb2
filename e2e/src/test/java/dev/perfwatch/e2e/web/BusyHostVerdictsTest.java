package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo on a busy machine, where every run is on a loaded host: the suite grid's tiles said "-55%" for a
 * throughput nobody judged, and the timeline's commit panel printed the busy host's reason beside the allocation,
 * which is judged on any host. Four commits of a project of their own, the throughput halving at the third, every
 * run noisy by its own host check (the reference workload 45% slower after the job than before).
 */
class BusyHostVerdictsTest extends InWebSession {

    static final String PROJECT = "busy-grid";

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        for (int commit = 0; commit < 4; commit++) {
            WebSession.post(server, "/api/v1/runs", run(commit, commit < 2 ? 100 : 45));
        }
    }

    @Test
    void gridWhenEveryRunWasOnALoadedHostSaysNotJudgedWithTheReason() {
        browser.open(server.url() + "/#/grid?project=" + PROJECT);
        browser.await("window.perfwatch?.grid?.state === 'ready'");

        WebElement change = browser.element("#grid .tile .tile-summary .change");
        assertThat(change.getText()).endsWith("not judged").doesNotContain("%");
        assertThat(change.getAttribute("data-verdict")).isEqualTo("not-judged");
        assertThat(change.getAttribute("title")).contains("not judged: 4 of 4 results measured on a loaded host")
            .contains("the reference workload took 45% longer after the job");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void gridWhenTheAllocationIsShownJudgesItOnAnyHost() {
        browser.open(server.url() + "/#/grid?project=" + PROJECT + "&metric=gc.alloc.rate.norm");
        browser.await("window.perfwatch?.grid?.state === 'ready'");

        WebElement change = browser.element("#grid .tile .tile-summary .change");
        assertThat(change.getAttribute("data-verdict")).isEqualTo("judged");
        assertThat(change.getText()).contains("+64 B/op");
    }

    @Test
    @SuppressWarnings("unchecked")
    void commitPanelWhenTheRunWasOnALoadedHostGivesTheReasonOnlyBesideTheThroughput() {
        browser.open(server.url() + "/#/timeline?project=" + PROJECT + "&commit=" + sha(2));
        browser.await("document.querySelectorAll('#commit-panel table.values').length === 2");

        List<String> rows = (List<String>) browser.script("""
                return [...document.querySelectorAll('#commit-panel table.values')]
                  .map((table) => table.querySelector('tbody tr').textContent);""");
        assertThat(rows.get(0)).contains("noisy: the reference workload").contains("not judged");
        assertThat(rows.get(1)).as("allocation is judged on any host").doesNotContain("noisy")
            .doesNotContain("not judged").contains("+64 B/op");
        assertThat(browser.errors()).isEmpty();
    }

    /**
     * The changes page at the throughput's halving, every metric: the throughput's "-55%" was nobody's verdict (the run
     * was on a loaded host), yet it sat, as large as any, beside the allocation's judged +64 B/op. Rows not judged
     * come after the judged ones, and their amount is marked as no verdict: in parentheses, muted, with the reason.
     */
    @Test
    @SuppressWarnings("unchecked")
    void changesPageWhenARowIsNotJudgedListsItBelowTheJudgedOnesAndMarksItsAmountAsNoVerdict() {
        for (int width : new int[] { 1366, 390 }) {
            try {
                if (width == 390) {
                    browser.phone(390, 844);
                }
                else {
                    browser.size(1366, 960);
                }
                browser.open(server.url() + "/#/changes?project=" + PROJECT + "&commit=" + sha(2) + "&metric=all");
                browser.await("window.perfwatch?.changes?.state === 'ready'");

                List<String> verdicts = (List<String>) browser.script("""
                        return [...document.querySelectorAll('#changes-table tbody tr')]
                          .map((tr) => tr.querySelector('td.sig[data-column=previous]').dataset.verdict);""");
                assertThat(verdicts).as("at %d px", width).contains("not-judged");
                assertThat(verdicts.subList(verdicts.indexOf("not-judged"), verdicts.size()))
                    .as("judged rows first: %s", verdicts).allMatch(v -> v.equals("not-judged") || v.equals("first"));
                WebElement cell = browser.element("#changes-table td.sig.not-judged[data-column=previous]");
                assertThat(cell.findElement(org.openqa.selenium.By.cssSelector(".not-verdict")).getText())
                    .startsWith("(").endsWith(")").contains("%");
                assertThat(cell.getText()).contains("not judged").contains("the reference workload took 45% longer");
                assertThat(cell.getAttribute("title")).contains("the amount is no verdict");
                var sideways = browser.sideways("#changes-table, #changes-table td");
                assertThat(sideways.scrollWidth()).as("no sideways scrolling at %d px: %s", width, sideways.wider())
                    .isLessThanOrEqualTo(sideways.width());
                assertThat(browser.errors()).isEmpty();
            }
            finally {
                browser.desktop();
                browser.size(1280, 960);
            }
        }
    }

    static String sha(int commit) {
        return UUID.nameUUIDFromBytes((PROJECT + commit).getBytes(StandardCharsets.UTF_8)).toString().replace("-", "")
                + String.format("%08x", commit);
    }

    private static String run(int commit, int score) {
        int allocated = commit < 2 ? 0 : 64;
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-10-2%dT12:00:00Z", "parents": [%s], "message": "commit %d"},
                 "host": {"name": "busy-vm", "hostClass": "busy-2c", "cores": 2, "os": "Linux"},
                 "metadata": {"hostCheck": {"workload": "reference-1",
                   "before": {"medianNanos": 40000000, "spread": 0.01, "loadAverage": 0.5, "cores": 2},
                   "after": {"medianNanos": 58000000, "spread": 0.01, "loadAverage": 0.5, "cores": 2}}},
                 "jmh": [{"benchmark": "demo.StringSerializerBenchmark.serialize", "mode": "thrpt", "threads": 1,
                          "forks": 1, "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM",
                          "vmVersion": "17.0.15+6", "params": {"length": "256"},
                          "primaryMetric": {"score": %d, "scoreError": 2.0, "scoreConfidence": [%d, %d],
                                            "scoreUnit": "ops/ms", "rawData": [[%d, %d]]},
                          "secondaryMetrics": {"gc.alloc.rate.norm": {"score": %d, "scoreError": 0.1,
                            "scoreConfidence": [%d, %d], "scoreUnit": "B/op", "rawData": [[%d, %d]]}}}]}"""
            .formatted(UUID.nameUUIDFromBytes((PROJECT + "-run-" + commit).getBytes(StandardCharsets.UTF_8)), PROJECT,
                    sha(commit), commit + 1, commit == 0 ? "" : "\"" + sha(commit - 1) + "\"", commit, score,
                    score - 2, score + 2, score, score, allocated, allocated, allocated, allocated, allocated);
    }
}
