package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The timeline at a phone's 412 px with a commit open, on a history like the demo's: the runs on a loaded host (the
 * environment's row says "not judged: 29 of 30 runs on a loaded host") and an allocation of 784 B/op from a commit
 * near the newest, labelled on the allocation chart. Nothing is wider than the screen, neither when the page is opened
 * on the phone nor at the moment a page drawn wider is narrowed to it (a phone turned, a window narrowed, a screenshot
 * tool's resize), before Chart.js has redrawn: the canvases it had sized for the wider page kept the page scrolling
 * sideways with the newest commits off the screen. Each label stays inside its chart and each title line fits.
 */
class TimelinePhoneTest extends InWebSession {

    private static final String PROJECT = "phone-alloc";

    private static final int COMMITS = 30;

    /** The first commit allocating: near the right edge, where a label is moved inside the chart. */
    private static final int ALLOCATING = 24;

    private static final long PHONE = 412;

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        for (int commit = 0; commit < COMMITS; commit++) {
            WebSession.post(server, "/api/v1/runs", run(commit));
        }
        // The detector runs after each upload (allocations are judged on a loaded host too): wait for its change point.
        browser.open(server.url() + "/favicon.svg");
        browser.script("""
                window.detected = false;
                (function poll() {
                  fetch('/api/v1/change-points?project=%s')
                    .then((r) => r.json())
                    .then((all) => all.some((c) => c.metric === 'gc.alloc.rate.norm' && c.direction === 'regression')
                      ? (window.detected = true) : setTimeout(poll, 200));
                })();""".formatted(PROJECT));
        browser.await("window.detected");
    }

    @AfterAll
    static void desktop() {
        browser.desktop();
        browser.size(1280, 960);
    }

    @Test
    void timelineWhenOpenedOnAPhoneWithACommitOpenIsNoWiderThanTheScreen() {
        browser.phone((int) PHONE, 1250);
        browser.open(timeline());
        awaitDrawn();

        assertFitsThePhone();
        browser.screenshot(Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"))
            .resolve("timeline-phone-commit.png"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void timelineWhenNarrowedToAPhoneIsNoWiderThanTheScreenBeforeTheChartsRedraw() {
        browser.open(timeline());
        awaitDrawn();
        // Measured in the resize event: the page is laid out at the phone's width, Chart.js has not yet redrawn.
        browser.script("""
                window.narrowed = null;
                addEventListener('resize', () => {
                  window.narrowed = { scroll: document.documentElement.scrollWidth,
                    canvases: [...document.querySelectorAll('.canvas-box canvas')]
                      .map((canvas) => canvas.getBoundingClientRect().right) };
                }, { once: true });""");
        browser.phone((int) PHONE, 1250);
        browser.await("window.narrowed");

        Map<String, Object> narrowed = (Map<String, Object>) browser.script("return window.narrowed");
        assertThat((Long) narrowed.get("scroll")).as("no sideways scrolling the moment the screen narrows")
            .isLessThanOrEqualTo(PHONE);
        assertThat((List<Number>) narrowed.get("canvases")).hasSize(2)
            .allSatisfy(right -> assertThat(right.doubleValue()).isLessThanOrEqualTo(PHONE));

        browser.await("window.perfwatch.timeline.charts.primary.width < " + PHONE
                + " && window.perfwatch.timeline.charts.alloc.width < " + PHONE);
        assertFitsThePhone();
    }

    /**
     * At 390 px the y axis's title ("B/op (lower is better)") ran past the ends of the allocation chart's 170 px,
     * its first and last letters cut off: each chart's axis title fits beside its axis.
     */
    @Test
    @SuppressWarnings("unchecked")
    void timelineWhenOnA390PxPhoneKeepsEachYAxisTitleWhole() {
        browser.phone(390, 1250);
        browser.open(timeline());
        awaitDrawn();

        List<Map<String, Object>> titles = (List<Map<String, Object>>) browser.script("""
                return ['primary', 'alloc'].map((which) => {
                  const chart = window.perfwatch.timeline.charts[which];
                  const y = chart.scales.y;
                  const title = y.options.title;
                  chart.ctx.save();
                  chart.ctx.font = Chart.helpers.toFont(title.font).string;
                  const width = [].concat(title.text).reduce((w, line) => Math.max(w, chart.ctx.measureText(line).width), 0);
                  chart.ctx.restore();
                  return { which, text: [].concat(title.text).join(' / '), width, axis: y.bottom - y.top };
                });""");
        assertThat(titles).hasSize(2).allSatisfy(title -> assertThat(((Number) title.get("width")).doubleValue())
            .as("%s", title).isLessThanOrEqualTo(((Number) title.get("axis")).doubleValue()));
        assertThat(browser.errors()).isEmpty();
    }

    private static String timeline() {
        return server.url() + "/#/timeline?project=" + PROJECT + "&commit=" + sha(ALLOCATING);
    }

    private static void awaitDrawn() {
        browser.await("window.perfwatch?.timeline?.state === 'ready' && window.perfwatch.timeline.charts.alloc"
                + " && window.perfwatch.timeline.annotations.filter((a) => a.x !== null).length >= 1"
                + " && document.getElementById('commit-panel').dataset.commit === '" + sha(ALLOCATING) + "'");
    }

    @SuppressWarnings("unchecked")
    private static void assertFitsThePhone() {
        assertThat(browser.element("#environments").getText()).contains("not judged: 29 of 30 runs on a loaded host");
        assertThat(browser.element("#commit-panel").getText()).as("the allocating commit").contains("784");

        Browser.Sideways page = browser.sideways("body *");
        long width = page.width();
        assertThat(width).isLessThanOrEqualTo(PHONE);
        assertThat(page.scrollWidth()).as("no sideways scrolling; wider: %s", page.wider()).isLessThanOrEqualTo(width);
        assertThat((Long) browser.script("return window.innerWidth")).isLessThanOrEqualTo(PHONE);
        assertThat((List<Number>) browser.script("""
                return [...document.querySelectorAll('.canvas-box canvas')]
                  .map((canvas) => canvas.getBoundingClientRect().right)"""))
            .as("the charts' right edges, the newest commits, on the screen").hasSize(2)
            .allSatisfy(right -> assertThat(right.doubleValue()).isLessThanOrEqualTo(width));

        Map<String, Object> drawn = browser.changePointLabels("alloc");
        List<Map<String, Object>> labels = (List<Map<String, Object>>) drawn.get("labels");
        assertThat(labels).as("the allocation's change point labelled").singleElement().satisfies(label -> {
            assertThat((String) label.get("text")).contains("+784 B/op");
            assertThat(((Number) label.get("left")).doubleValue()).as("inside the chart at the left, not over its axis")
                .isGreaterThanOrEqualTo(((Number) drawn.get("left")).doubleValue() - 0.5);
            assertThat(((Number) label.get("right")).doubleValue()).as("inside the chart at the right")
                .isLessThanOrEqualTo(((Number) drawn.get("right")).doubleValue() + 0.5);
        });

        Object titleFits = browser.script("""
                const chart = window.perfwatch.timeline.charts.primary;
                const title = chart.options.plugins.title;
                chart.ctx.save();
                chart.ctx.font = Chart.helpers.toFont(title.font).string;
                const widest = Math.max(...[].concat(title.text).map((line) => chart.ctx.measureText(line).width));
                chart.ctx.restore();
                return widest <= chart.width;""");
        assertThat(titleFits).as("each line of the chart's title fits its width").isEqualTo(true);
        assertThat(browser.errors()).isEmpty();
    }

    private static String sha(int commit) {
        return String.format("%040x", 0x9a0e0000L + commit);
    }

    /**
     * A run of the demo's benchmark: the host's reference workload 45% slower after the job than before on every run
     * but the first (a loaded host), and 784 B/op allocated per call from {@link #ALLOCATING} on.
     */
    private static String run(int commit) {
        double score = commit < ALLOCATING ? 6800 : 3400;
        double allocated = commit < ALLOCATING ? 0.0001 : 784.0017;
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-03-%02dT%02d:00:00Z", "message": "Commit %d", "parents": [%s]},
                 "host": {"name": "phone-vm", "hostClass": "phone-2c"},
                 "metadata": {"hostCheck": {"workload": "reference-1",
                   "before": {"medianNanos": 40000000, "spread": 0.01, "loadAverage": 0.5, "cores": 2},
                   "after": {"medianNanos": %d, "spread": 0.01, "loadAverage": 0.5, "cores": 2}}},
                 "jmh": [{"jmhVersion": "1.37", "benchmark": "demo.StringSerializerBenchmark.serialize",
                          "mode": "thrpt", "threads": 1, "forks": 1, "params": {"length": "256"},
                          "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.15+6",
                          "primaryMetric": {"score": %s, "scoreError": %s, "scoreUnit": "ops/ms",
                                            "rawData": [[%s, %s, %s]]},
                          "secondaryMetrics": {"gc.alloc.rate.norm": {"score": %s, "scoreError": 0.001,
                                               "scoreUnit": "B/op", "rawData": [[%s, %s, %s]]}}}]}"""
            .formatted(UUID.nameUUIDFromBytes((PROJECT + "-" + commit).getBytes()), PROJECT, sha(commit),
                    1 + commit / 24, commit % 24, commit, commit == 0 ? "" : "\"" + sha(commit - 1) + "\"",
                    commit == 0 ? 40000000 : 58000000, score * (1 + 0.01 * (commit % 3)), score * 0.3, score * 0.9,
                    score * 1.1, score, allocated, allocated, allocated, allocated);
    }
}
