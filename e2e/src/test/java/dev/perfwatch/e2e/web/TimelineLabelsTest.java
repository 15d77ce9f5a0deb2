package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three change points four commits apart, each with a long label, on both x axes: every label is drawn inside the
 * chart area and none overlaps another (the equidistant axis used to push the stacked ones below its bottom edge,
 * where the improvement's label went missing).
 */
class TimelineLabelsTest extends InWebSession {

    private static final String PROJECT = "three-steps";

    private static final int COMMITS = 60;

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        for (int commit = 0; commit < COMMITS; commit++) {
            double level = 100 * (commit >= 30 ? 1.25 : 1) * (commit >= 34 ? 1.25 : 1) * (commit >= 38 ? 0.75 : 1);
            // A small deterministic wobble: the detector needs some noise to measure.
            WebSession.post(server, "/api/v1/runs", run(commit, level * (1 + 0.002 * ((commit * 7) % 5 - 2))));
        }
        // The detector runs after each upload; wait until it has placed the three change points and the allocation's.
        PageSeeds seeds = new PageSeeds(server);
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (seeds.get("/api/v1/change-points?project=" + PROJECT).size() < 4) {
            assertThat(Instant.now()).as("four change points detected in time").isBefore(deadline);
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "date", "index" })
    @SuppressWarnings("unchecked")
    void labelsWhenChangesAreCloseStayInsideTheChartWithoutOverlapping(String axis) {
        browser.open(server.url() + "/#/timeline?project=" + PROJECT + (axis.equals("index") ? "&x=index" : ""));
        browser.await("window.perfwatch?.timeline?.state === 'ready' && window.perfwatch.timeline.annotations"
                + ".filter((a) => a.x !== null).length >= 3");

        Map<String, Object> drawn = (Map<String, Object>) browser.script("""
                const chart = window.perfwatch.timeline.charts.primary;
                chart.update('none');
                const annotations = Chart.registry.getPlugin('annotation').getAnnotations(chart);
                const labels = annotations.filter((a) => a.options.id.startsWith('mark') && a.elements?.length)
                  .map((a) => a.elements[0])
                  .filter((label) => label.options.display)
                  .map((label) => ({ left: label.x, top: label.y, right: label.x + label.width,
                    bottom: label.y + label.height }));
                const area = chart.chartArea;
                return { labels, area: { left: area.left, top: area.top, right: area.right, bottom: area.bottom } };""");
        List<Map<String, Number>> labels = (List<Map<String, Number>>) drawn.get("labels");
        Map<String, Number> area = (Map<String, Number>) drawn.get("area");

        assertThat(labels).as("a label per change point of the primary metric, none of the allocation's").hasSize(3);
        for (Map<String, Number> label : labels) {
            assertThat(label.get("left").doubleValue()).isGreaterThanOrEqualTo(area.get("left").doubleValue() - 0.5);
            assertThat(label.get("right").doubleValue()).isLessThanOrEqualTo(area.get("right").doubleValue() + 0.5);
            assertThat(label.get("top").doubleValue()).isGreaterThanOrEqualTo(area.get("top").doubleValue() - 0.5);
            assertThat(label.get("bottom").doubleValue()).isLessThanOrEqualTo(area.get("bottom").doubleValue() + 0.5);
        }
        for (int i = 0; i < labels.size(); i++) {
            for (int j = i + 1; j < labels.size(); j++) {
                assertThat(overlap(labels.get(i), labels.get(j))).as("labels %d and %d overlap", i, j).isFalse();
            }
        }
        assertThat(browser.errors()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    @SuppressWarnings("unchecked")
    void allocationChangeIsLabelledOnTheAllocationChartInBytes() {
        browser.open(server.url() + "/#/timeline?project=" + PROJECT);
        browser.await("window.perfwatch?.timeline?.state === 'ready' && window.perfwatch.timeline.charts.alloc"
                + " && window.perfwatch.timeline.annotations.filter((a) => a.x !== null).length >= 4");

        List<String> labels = (List<String>) browser.script("""
                const chart = window.perfwatch.timeline.charts.alloc;
                chart.update('none');
                return Chart.registry.getPlugin('annotation').getAnnotations(chart)
                  .filter((a) => a.options.id.startsWith('mark') && a.elements?.length)
                  .map((a) => a.elements[0]).filter((label) => label.options.display)
                  .map((label) => [].concat(label.options.content).join(' '));""");
        assertThat(labels).as("the allocation's change point labelled on its own chart, in bytes").singleElement()
            .satisfies(label -> assertThat(label).contains("+64 B/op").doesNotContain("%"));
        assertThat(browser.errors()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    @SuppressWarnings("unchecked")
    void labelsWhenOnAPhoneFitTheChartAndLeaveTheResultsAtZeroUncovered() {
        browser.phone(360, 900);
        browser.open(server.url() + "/#/timeline?project=" + PROJECT);
        browser.await("window.perfwatch?.timeline?.state === 'ready' && window.perfwatch.timeline.charts.alloc"
                + " && window.perfwatch.timeline.annotations.filter((a) => a.x !== null).length >= 4");

        Map<String, Object> drawn = browser.changePointLabels("alloc");
        List<Map<String, Object>> labels = (List<Map<String, Object>>) drawn.get("labels");
        double left = ((Number) drawn.get("left")).doubleValue();
        double right = ((Number) drawn.get("right")).doubleValue();
        double zero = ((Number) drawn.get("zero")).doubleValue();

        assertThat(labels).as("the allocation's change point keeps its label on a phone").hasSize(1);
        Map<String, Object> label = labels.get(0);
        assertThat(((Number) label.get("left")).doubleValue()).as("inside at the left").isGreaterThanOrEqualTo(left - 0.5);
        assertThat(((Number) label.get("right")).doubleValue()).as("inside at the right").isLessThanOrEqualTo(right + 0.5);
        assertThat(((Number) label.get("bottom")).doubleValue()).as("above the 45 results at 0 B/op, not over them")
            .isLessThan(zero - 3);
        assertThat((String) label.get("text")).contains("+64 B/op");
        assertThat(browser.errors()).isEmpty();
    }

    private static boolean overlap(Map<String, Number> a, Map<String, Number> b) {
        return a.get("left").doubleValue() < b.get("right").doubleValue()
                && b.get("left").doubleValue() < a.get("right").doubleValue()
                && a.get("top").doubleValue() < b.get("bottom").doubleValue()
                && b.get("top").doubleValue() < a.get("bottom").doubleValue();
    }

    private static String sha(int commit) {
        return String.format("%040x", 0x3e700000L + commit);
    }

    private static String run(int commit, double score) {
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-02-%02dT%02d:00:00Z", "message": "Step %d", "parents": [%s]},
                 "host": {"name": "bench-1", "hostClass": "4-core"},
                 "jmh": [{"benchmark": "org.example.Steps.run", "mode": "thrpt", "threads": 1, "forks": 1,
                          "jdkVersion": "21.0.1", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                          "primaryMetric": {"score": %s, "scoreError": %s, "scoreUnit": "ops/s",
                                            "rawData": [[%s, %s, %s]]},
                          "secondaryMetrics": {"gc.alloc.rate.norm": {"score": %s, "scoreError": 0.00001,
                                               "scoreUnit": "B/op", "rawData": [[%s, %s, %s]]}}}]}"""
            .formatted(UUID.nameUUIDFromBytes(("three-steps-" + commit).getBytes()), PROJECT, sha(commit),
                    1 + commit / 24, commit % 24, commit, commit == 0 ? "" : "\"" + sha(commit - 1) + "\"", score,
                    score * 0.005, score, score, score, allocated(commit), allocated(commit), allocated(commit),
                    allocated(commit));
    }

    /** JMH's residue of a few ten-thousandths of a byte, then a buffer of 64 bytes per call from commit 45 on. */
    private static double allocated(int commit) {
        return commit >= 45 ? 64.0001 : 0.00005 + 0.00001 * (commit % 3);
    }
}
