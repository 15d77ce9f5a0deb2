package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The timeline's date axis with two commits of one day (the same x at this scale) and scores in the tens of millions:
 * each commit is reachable by pointing at its own point (nearest in x and y), and the y ticks read "24M", not
 * "24,000,000" under the axis title.
 */
class TimelinePickingTest extends InWebSession {

    private static final String PROJECT = "same-day";

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        // Two commits twelve minutes apart with very different scores, and a week of neighbours around them.
        double[] scores = { 12_000_000, 12_100_000, 12_050_000, 12_000_000, 24_000_000, 24_100_000, 24_050_000 };
        String[] times = { "2026-03-01T10:00:00Z", "2026-03-02T10:00:00Z", "2026-03-03T10:00:00Z",
            "2026-03-04T10:00:00Z", "2026-03-04T10:12:00Z", "2026-03-05T10:00:00Z", "2026-03-06T10:00:00Z" };
        for (int i = 0; i < scores.length; i++) {
            WebSession.post(server, "/api/v1/runs", run(i, times[i], scores[i]));
        }
    }

    @Test
    void clickWhenTwoCommitsShareADayOpensTheOnePointedAt() {
        browser.open(server.url() + "/#/timeline?project=" + PROJECT + "&median=0");
        browser.await("window.perfwatch?.timeline?.state === 'ready'");

        for (int commit : List.of(4, 3)) {
            @SuppressWarnings("unchecked")
            Map<String, Number> pixel = (Map<String, Number>) browser.script(
                    "return window.perfwatch.timeline.pixelOf(arguments[0], arguments[1])", "4-core · JDK 21.0.1",
                    sha(commit));
            browser.clickAt(browser.element("#primary-chart canvas"), pixel.get("x").doubleValue(),
                    pixel.get("y").doubleValue());
            browser.await("document.getElementById('commit-panel').dataset.commit === '" + sha(commit) + "'");
        }
        @SuppressWarnings("unchecked")
        List<String> ticks = (List<String>) browser.script(
                "return window.perfwatch.timeline.charts.primary.scales.y.ticks.map(t => t.label)");
        assertThat(ticks).isNotEmpty().allMatch(label -> label.endsWith("M") && label.length() <= 6);
        assertThat(browser.errors()).isEmpty();
    }

    private static String sha(int commit) {
        return String.format("%040x", 0x5a3e0000L + commit);
    }

    private static String run(int commit, String time, double score) {
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "%s", "message": "Same-day commit %d", "parents": [%s]},
                 "host": {"name": "bench-1", "hostClass": "4-core"},
                 "jmh": [{"benchmark": "org.example.Counter.increment", "mode": "thrpt", "threads": 1, "forks": 1,
                          "jdkVersion": "21.0.1", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                          "primaryMetric": {"score": %s, "scoreError": %s, "scoreUnit": "ops/s",
                                            "rawData": [[%s, %s, %s]]}}]}"""
            .formatted(java.util.UUID.nameUUIDFromBytes(("same-day-" + commit).getBytes()), PROJECT, sha(commit), time,
                    commit, commit == 0 ? "" : "\"" + sha(commit - 1) + "\"", score, score * 0.001, score, score, score);
    }
}
