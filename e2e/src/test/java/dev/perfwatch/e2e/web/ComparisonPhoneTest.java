package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Comparison chart on a phone (390 px): Chart.js gives the case axis at most half the chart's width, and a case
 * named by its benchmark and parameters ("StringSerializationBenchmark.serialize · length=16") was wider, so its
 * label was drawn past the canvas's left edge and read "…ization · length=16". Labels now fit the axis, a line per
 * part shortened from the left where one is still too long; the tooltip names the case whole.
 */
class ComparisonPhoneTest extends InWebSession {

    static final String PROJECT = "phone-compare";

    /** 14 cases: a chart longer than a screen. */
    static final String LONG = "long-compare";

    static final List<String> BENCHMARKS = List.of("org.example.serialization.StringSerializationBenchmark.serialize",
            "org.example.serialization.StringSerializationBenchmark.serializeIntoAReusedBufferWithoutCopying");

    /** Two benchmarks whose names end alike (Lettuce's, from its imported github-action-benchmark history). */
    static final String ALIKE = "alike-compare";

    static final List<String> ALIKE_BENCHMARKS = List.of("io.lettuce.core.RedisClientBenchmark.asyncSetBatch",
            "io.lettuce.core.cluster.RedisClusterClientBenchmark.asyncSetBatch");

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        WebSession.post(server, "/api/v1/runs", run(PROJECT, 0, 100, List.of("16", "256")));
        WebSession.post(server, "/api/v1/runs", run(PROJECT, 1, 80, List.of("16", "256")));
        List<String> lengths = List.of("1", "2", "4", "8", "16", "32", "64");
        WebSession.post(server, "/api/v1/runs", run(LONG, 0, 100, lengths));
        WebSession.post(server, "/api/v1/runs", run(LONG, 1, 80, lengths));
        WebSession.post(server, "/api/v1/runs", run(ALIKE, 0, 100, List.of("16"), ALIKE_BENCHMARKS));
        WebSession.post(server, "/api/v1/runs", run(ALIKE, 1, 80, List.of("16"), ALIKE_BENCHMARKS));
    }

    /**
     * Cut from the left to fit a phone, RedisClientBenchmark.asyncSetBatch and RedisClusterClientBenchmark
     * .asyncSetBatch both read "…ClientBenchmark.asyncSetBatch" (Lettuce's imported history, 2026-11-29). A benchmark
     * keeps its method and the start of its class.
     */
    @Test
    @SuppressWarnings("unchecked")
    void comparisonChartWhenOnAPhoneTellsBenchmarksWhoseNamesEndAlikeApart() {
        try {
            browser.phone(390, 844);
            browser.open(server.url() + "/#/comparison?project=" + ALIKE + "&base=" + sha(ALIKE, 0) + "&head="
                    + sha(ALIKE, 1));
            browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.bars canvas')"
                    + " && Chart.getChart(document.querySelector('.bars canvas'))");

            Map<String, Object> axis = axis();
            List<String> names = ((List<String>) axis.get("lines")).stream().filter(l -> l.contains("asyncSetBatch"))
                .toList();
            assertThat(names).as("one line naming each benchmark").hasSize(2).doesNotHaveDuplicates()
                .allSatisfy(line -> assertThat(line).startsWith("RedisCl").endsWith(".asyncSetBatch"));
            assertLabelsInsideTheCanvas(axis);
        } finally {
            backToDesktop();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void comparisonChartWhenOnAPhoneDrawsEveryCaseLabelInsideTheCanvas() {
        try {
            browser.phone(390, 844);
            browser.open(server.url() + "/#/comparison?project=" + PROJECT + "&base=" + sha(0) + "&head=" + sha(1));
            browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.bars canvas')"
                    + " && Chart.getChart(document.querySelector('.bars canvas'))");

            Map<String, Object> axis = axis();
            List<String> lines = (List<String>) axis.get("lines");
            assertThat(((Number) axis.get("canvas")).intValue()).as("the chart on a phone").isLessThan(390);
            assertThat(String.join(" | ", lines)).as("every case told apart by its parameters")
                .contains("length=16").contains("length=256");
            assertLabelsInsideTheCanvas(axis);
        } finally {
            backToDesktop();
        }
    }

    /**
     * Labels fitted once, when the chart was made: a comparison opened wide and then narrowed (a phone turned upright,
     * a window made narrower) kept its wide labels, and on the 102 cases of Groovy's imported history
     * "CallsiteBench.dispatch_8_megamorphic_java" read "nch.dispatch_8_megamorphic_java", cut at the canvas's edge.
     */
    @Test
    void comparisonChartWhenNarrowedAfterItIsDrawnFitsItsLabelsAgain() {
        try {
            browser.open(server.url() + "/#/comparison?project=" + PROJECT + "&base=" + sha(0) + "&head=" + sha(1));
            browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.bars canvas')"
                    + " && Chart.getChart(document.querySelector('.bars canvas'))?.width > 600");
            browser.phone(390, 844);
            browser.await("Chart.getChart(document.querySelector('.bars canvas')).width < 390");

            assertLabelsInsideTheCanvas(axis());
        } finally {
            backToDesktop();
        }
    }

    /** Every line of every case label starts inside the canvas (none cut at its left edge); no error logged. */
    @SuppressWarnings("unchecked")
    private void assertLabelsInsideTheCanvas(Map<String, Object> axis) {
        assertThat((List<Number>) axis.get("lefts")).as("each label line inside the canvas: %s", axis.get("lines"))
            .allSatisfy(left -> assertThat(left.doubleValue()).isGreaterThanOrEqualTo(0));
        assertThat(browser.errors()).isEmpty();
    }

    private void backToDesktop() {
        browser.desktop();
        browser.size(1280, 960);
    }

    /**
     * Groovy's imported history compared 102 cases: the scale that says what a bar's length means was only under the
     * last of them, 2,700 px down. A chart of more than 12 cases repeats it above the bars.
     */
    @Test
    void comparisonChartWhenLongerThanAScreenHasItsScaleAboveTheBarsToo() {
        browser.open(server.url() + "/#/comparison?project=" + LONG + "&base=" + sha(LONG, 0)
                + "&head=" + sha(LONG, 1));
        browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.bars canvas')"
                + " && Chart.getChart(document.querySelector('.bars canvas'))");

        @SuppressWarnings("unchecked")
        Map<String, Object> scales = (Map<String, Object>) browser.script("""
                const chart = Chart.getChart(document.querySelector('.bars canvas'));
                const top = Object.values(chart.scales).find((s) => s.axis === 'x' && s.position === 'top');
                return { rows: chart.data.labels.length, top: top && top.options.display ? top.bottom : null,
                  bars: chart.scales.y.top, ticks: top ? top.ticks.map((t) => t.value) : [],
                  bottomTicks: chart.scales.x.ticks.map((t) => t.value) };""");
        assertThat(((Number) scales.get("rows")).intValue()).isEqualTo(14);
        assertThat(scales.get("top")).as("a scale drawn above the bars").isNotNull();
        assertThat(((Number) scales.get("top")).doubleValue()).isLessThanOrEqualTo(
                ((Number) scales.get("bars")).doubleValue());
        assertThat(scales.get("ticks")).as("the same ticks as below").isEqualTo(scales.get("bottomTicks"));
        assertThat(browser.errors()).isEmpty();
    }

    /** The case axis's label lines and where each starts (right-aligned at the axis less its padding). */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> axis() {
        return (Map<String, Object>) browser.script("""
                const chart = Chart.getChart(document.querySelector('.bars canvas'));
                const y = chart.scales.y;
                const context = chart.ctx;
                context.save();
                context.font = `${y.options.ticks.font.size}px ${Chart.defaults.font.family}`;
                const lines = y.ticks.flatMap((t) => [t.label].flat());
                // Right-aligned at the axis's right less its padding: a line wider than that starts left of 0.
                const lefts = lines.map((line) => y.right - y.options.ticks.padding - context.measureText(line).width);
                context.restore();
                return { lines, lefts, canvas: chart.width };""");
    }

    static String sha(int commit) {
        return sha(PROJECT, commit);
    }

    static String sha(String project, int commit) {
        return UUID.nameUUIDFromBytes((project + commit).getBytes(StandardCharsets.UTF_8)).toString().replace("-", "")
                + String.format("%08x", commit);
    }

    private static String run(String project, int commit, int score, List<String> lengths) {
        return run(project, commit, score, lengths, BENCHMARKS);
    }

    private static String run(String project, int commit, int score, List<String> lengths, List<String> benchmarks) {
        StringBuilder jmh = new StringBuilder();
        for (String benchmark : benchmarks) {
            for (String length : lengths) {
                if (!jmh.isEmpty()) {
                    jmh.append(',');
                }
                jmh.append("""
                        {"benchmark": "%s", "mode": "thrpt", "threads": 1, "forks": 2, "jdkVersion": "17.0.15",
                         "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.15+6", "params": {"length": "%s"},
                         "primaryMetric": {"score": %d, "scoreError": 3.0, "scoreConfidence": [%d, %d],
                                           "scoreUnit": "ops/ms", "rawData": [[%d, %d, %d], [%d, %d, %d]]}}"""
                    .formatted(benchmark, length, score, score - 3, score + 3, score - 1, score, score + 1, score + 1,
                            score, score - 1));
            }
        }
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-11-2%dT12:00:00Z", "parents": [%s], "message": "commit %d"},
                 "host": {"name": "phone-vm", "hostClass": "local", "cores": 2, "os": "Linux"},
                 "jmh": [%s]}"""
            .formatted(UUID.nameUUIDFromBytes((project + "-run-" + commit).getBytes(StandardCharsets.UTF_8)), project,
                    sha(project, commit), commit + 1, commit == 0 ? "" : "\"" + sha(project, 0) + "\"", commit, jmh);
    }
}
