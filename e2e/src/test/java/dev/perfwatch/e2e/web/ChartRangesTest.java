package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a newcomer's first charts showed wrongly (issue #11, web UI): axes below zero under results that cannot be
 * negative, one result on a five-year axis, a suite-grid badge "+32 B/op" on a series back at 0 B/op, a tooltip left
 * from before a zoom. Two small projects: "wide-errors", eight nightly results of about 100 ops/ms whose JMH error
 * (300) is wider than the score, allocating 64 B/op on commits 3 to 5 only; and "one-result", a single run. And
 * "unit-slip", an imported Catch2 history as github-action-benchmark's old parser wrote it: six results of 20 ± 2,
 * then six of 8 whose error came in ns beside the score in µs (± 500).
 */
class ChartRangesTest extends InWebSession {

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        for (int commit = 0; commit < 8; commit++) {
            double allocated = commit >= 3 && commit <= 5 ? 64.0001 : 0.00005;
            WebSession.post(server, "/api/v1/runs", run("wide-errors", commit, 100 + commit % 3, 300, allocated));
        }
        WebSession.post(server, "/api/v1/runs", run("one-result", 0, 14230, 20, 80000));
        for (int commit = 0; commit < 3; commit++) {
            WebSession.post(server, "/api/v1/runs", run("third-night", commit, commit == 1 ? 130 : 100, 1, 0.00005));
        }
        for (int commit = 0; commit < 12; commit++) {
            WebSession.post(server, "/api/v1/runs", run("unit-slip", commit, commit < 6 ? 20 : 8, commit < 6 ? 2 : 500,
                    0.00005));
        }
    }

    @Test
    void changesWhenTheNewestCommitStepsSayDetectionWaitsForTheNextRuns() {
        // A new project's second night was 30% faster, its third back at the first level: significant against the
        // night before, but one run at a new level is never a change point; the page says so rather than showing
        // an empty column. At the second night, which has runs after it, it says nothing.
        browser.open(server.url() + "/#/changes?project=third-night");
        browser.await("window.perfwatch?.changes?.state === 'ready' && window.perfwatch.changes.changePoints");
        WebElement cell = browser.element("#changes-table td.cp");
        assertThat(cell.getDomAttribute("data-pending")).isEqualTo("true");
        assertThat(cell.getText()).isEqualTo("none yet: waits for the next runs");
        assertThat(browser.element("#changes-table td[data-column=previous]").getDomAttribute("data-verdict"))
            .isEqualTo("worse");

        browser.element("#changes-previous").click();
        browser.await("window.perfwatch.changes.state === 'ready' && window.perfwatch.changes.next !== null"
                + " && window.perfwatch.changes.changePoints");
        assertThat(browser.element("#changes-table td[data-column=previous]").getDomAttribute("data-verdict"))
            .isEqualTo("better");
        assertThat(browser.element("#changes-table td.cp").getDomAttribute("data-pending"))
            .as("an older commit: detection has had its runs after it").isEqualTo("false");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void timelineWhenErrorsAreWiderThanScoresNeitherAxisNorBandGoesBelowZero() {
        browser.open(server.url() + "/#/timeline?project=wide-errors");
        browser.await("window.perfwatch?.timeline?.state === 'ready' && window.perfwatch.timeline.charts.alloc");

        Map<String, Number> lows = (Map<String, Number>) browser.script("""
                const charts = window.perfwatch.timeline.charts;
                const band = charts.primary.data.datasets.find((d) => d.role === 'band-lower');
                return { primary: charts.primary.scales.y.min, alloc: charts.alloc.scales.y.min,
                  band: Math.min(...band.data.map((p) => p.y)) };""");
        assertThat(lows.get("band").doubleValue()).as("the error band clamped at 0").isZero();
        assertThat(lows.get("primary").doubleValue()).as("throughput axis").isZero();
        assertThat(lows.get("alloc").doubleValue()).as("allocation axis").isZero();
        assertThat(((Number) browser.script("return window.perfwatch.timeline.charts.primary.scales.y.max"))
            .doubleValue()).as("a band wider than the scores still widens the axis, as far as the scores' size")
            .isGreaterThanOrEqualTo(204);
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void timelineWhenErrorBandsAreFarWiderThanTheScoresTheScoresSetTheAxisAndTheirStepShows() {
        browser.open(server.url() + "/#/timeline?project=unit-slip");
        browser.await("window.perfwatch?.timeline?.state === 'ready'");

        Map<String, Number> axis = (Map<String, Number>) browser.script("""
                const chart = window.perfwatch.timeline.charts.primary;
                const y = chart.scales.y;
                const band = chart.data.datasets.find((d) => d.role === 'band');
                return { min: y.min, max: y.max, bandTop: Math.max(...band.data.map((p) => p.y)),
                  step: y.getPixelForValue(8) - y.getPixelForValue(20),
                  height: chart.chartArea.bottom - chart.chartArea.top };""");
        assertThat(axis.get("bandTop").doubleValue()).as("the band's data is kept (drawn clipped)").isEqualTo(508);
        assertThat(axis.get("max").doubleValue()).as("the axis: about twice the highest score (and noise band)")
            .isBetween(20.0, 60.0);
        assertThat(axis.get("min").doubleValue()).isZero();
        assertThat(axis.get("step").doubleValue() / axis.get("height").doubleValue())
            .as("the step from 20 to 8, as a share of the chart's height").isGreaterThan(0.15);

        browser.open("about:blank");
        browser.open(server.url() + "/#/grid?project=unit-slip");
        browser.await("document.querySelector('.tile')?.dataset.state === 'ready'");
        assertThat(((Number) browser.script("return Chart.getChart(document.querySelector('.tile canvas')).scales.y.max"))
            .doubleValue()).as("the suite grid's tile, by the same rule").isLessThanOrEqualTo(50);
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void gridWhenASeriesReturnsToItsLevelBadgesTheLevelsOfMeasuredResults() {
        browser.open(server.url() + "/#/grid?project=wide-errors&metric=gc.alloc.rate.norm");
        browser.await("document.querySelector('.tile')?.dataset.state === 'ready'");

        WebElement change = browser.element(".tile .change");
        // Eight results: medians of the first three and the last three (0, 0), not of four (0 and 32, a level the
        // series never had).
        assertThat(change.getText()).contains("±0 B/op");
        assertThat(change.getDomAttribute("title")).contains("last 3 results against the first 3");
        assertThat(browser.script("return Chart.getChart(document.querySelector('.tile canvas')).scales.y.min"))
            .satisfies(min -> assertThat(((Number) min).doubleValue()).isZero());

        // From a blank page: a hash change keeps the allocation grid's ready tiles until the new ones replace them.
        browser.open("about:blank");
        browser.open(server.url() + "/#/grid?project=wide-errors");
        browser.await("document.querySelector('.tile')?.dataset.state === 'ready'");
        assertThat(((Number) browser.script("return Chart.getChart(document.querySelector('.tile canvas')).scales.y.min"))
            .doubleValue()).as("the throughput tile's axis under an error band of ±300").isZero();
        // The rule itself, as the grid imports it: windows never overlap and a median is always a measured result.
        List<Number> levels = (List<Number>) browser.executeAsync("""
                import('/js/timeline/data.js').then((data) => {
                  const of = (ys) => data.levelChange(ys.map((y, x) => ({ x, y })));
                  const eight = of([0, 0, 0, 64, 64, 64, 0, 0]);
                  const ten = of([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
                  const four = of([5, 6, 7, 8]);
                  browserDone([eight.k, eight.before, eight.after, ten.k, ten.before, ten.after, four.k]);
                });""");
        assertThat(levels).extracting(Number::doubleValue).containsExactly(3.0, 0.0, 0.0, 5.0, 1.0, 2.0, 1.0);
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void timelineWhenOneResultDrawsItOnAFewDaysAndSaysOneResult() {
        browser.open(server.url() + "/#/timeline?project=one-result");
        browser.await("window.perfwatch?.timeline?.state === 'ready'");

        Map<String, Number> x = (Map<String, Number>) browser.script("""
                const scale = window.perfwatch.timeline.charts.primary.scales.x;
                return { min: scale.min, max: scale.max };""");
        double days = (x.get("max").doubleValue() - x.get("min").doubleValue()) / 86_400_000;
        assertThat(days).as("days on the x axis around one result").isBetween(1.0, 7.0);
        assertThat(browser.element(".timeline .status").getText()).startsWith("1 result in 1 of 1 environment,");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void timelineWhenADragZoomsTheTooltipOfBeforeTheZoomIsHidden() {
        browser.open(server.url() + "/#/timeline?project=wide-errors");
        browser.await("window.perfwatch?.timeline?.state === 'ready'");
        WebElement canvas = browser.element("#primary-chart canvas");
        // Hover the newest result (the right edge of the chart area), then drag across the oldest ones.
        Map<?, ?> area = (Map<?, ?>) browser.script("""
                const chart = window.perfwatch.timeline.charts.primary;
                return { left: chart.chartArea.left, right: chart.chartArea.right,
                  middle: (chart.chartArea.top + chart.chartArea.bottom) / 2 };""");
        double left = ((Number) area.get("left")).doubleValue();
        double right = ((Number) area.get("right")).doubleValue();
        double middle = ((Number) area.get("middle")).doubleValue();
        var size = canvas.getSize();
        int dx = (int) Math.round(right - 2 - size.getWidth() / 2.0);
        int dy = (int) Math.round(middle - size.getHeight() / 2.0);
        browser.actions().moveToElement(canvas, dx, dy).perform();
        browser.await("window.perfwatch.timeline.charts.primary.tooltip.getActiveElements().length > 0");

        int from = (int) Math.round(left + 5 - size.getWidth() / 2.0);
        browser.actions().moveToElement(canvas, from, dy).clickAndHold()
            .moveByOffset((int) Math.round((right - left) * 0.4), 0).release().perform();
        browser.await("location.hash.includes('zoom=')");

        assertThat(browser.script(
                "return window.perfwatch.timeline.charts.primary.tooltip.getActiveElements().length"))
            .as("no tooltip left naming a commit from before the zoom").isEqualTo(0L);
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void environmentFilterWhenThereIsOneEnvironmentOffersNoShowAllAndNamesNoUnknownJvm() {
        browser.open(server.url() + "/#/timeline?project=one-result&hostClass=one-result-4c&jvm=21.0.1");
        browser.await("window.perfwatch?.timeline?.state === 'ready'");
        assertThat(browser.elements("#all-environments")).as("no \"show all 1 environment\"").isEmpty();

        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + SuiteHistory.BENCHMARK
                + "&hostClass=4-core&jvm=unknown%20JVM");
        browser.await("document.getElementById('all-environments')");
        assertThat(browser.element("#all-environments").getText())
            .isEqualTo("Only 4-core, an unreported JDK: show all 3 environments");
        assertThat(browser.errors()).isEmpty();
    }

    private static String run(String project, int commit, double score, double error, double allocated) {
        String sha = "%040x".formatted((project.hashCode() & 0xffffL) << 16 | commit);
        String parent = commit == 0 ? "" : "\"%040x\"".formatted((project.hashCode() & 0xffffL) << 16 | (commit - 1));
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-03-%02dT02:00:00Z", "message": "Night %d", "parents": [%s]},
                 "host": {"name": "%s-01", "hostClass": "%s-4c"},
                 "jmh": [{"benchmark": "org.example.Ranges.run", "mode": "thrpt", "threads": 1, "forks": 1,
                          "jdkVersion": "21.0.1", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                          "primaryMetric": {"score": %s, "scoreError": %s, "scoreUnit": "ops/ms",
                                            "rawData": [[%s, %s, %s]]},
                          "secondaryMetrics": {"gc.alloc.rate.norm": {"score": %s, "scoreError": 0.00001,
                                               "scoreUnit": "B/op", "rawData": [[%s, %s, %s]]}}}]}"""
            .formatted(UUID.nameUUIDFromBytes((project + commit).getBytes()), project, sha, commit + 1, commit, parent,
                    project, project, score, error, score, score, score, allocated, allocated, allocated, allocated);
    }
}
