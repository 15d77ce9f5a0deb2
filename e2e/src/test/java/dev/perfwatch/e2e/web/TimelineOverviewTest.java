package dev.perfwatch.e2e.web;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static dev.perfwatch.e2e.web.SuiteHistory.BENCHMARK;
import static dev.perfwatch.e2e.web.SuiteHistory.REGRESSION;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole history through the overview endpoint (revs=all), with 10 buckets instead of 2,000 so that the seeded
 * month of {@link SuiteHistory} (30 results per series) is summed into ranges: the chart draws ranges, a click on one
 * zooms in and the page switches to the results of that range (detail on zoom), which open the commit panel; the
 * detector's change point is marked at its commit although no result of it is loaded. The speed of the same path
 * over 10,000 and 100,000 results is TimelineBenchmark's (docs/ui.md).
 */
class TimelineOverviewTest extends InWebSession {

    private static final String READY = "window.perfwatch?.timeline?.state === 'ready'";

    private static final String ENVIRONMENT = "4-core · JDK 17.0.2";

    @Test
    @SuppressWarnings("unchecked")
    void clickWhenOnARangeOfTheOverviewZoomsInAndDrawsItsResults() {
        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK + "&revs=all&buckets=10");
        browser.await(READY + " && window.perfwatch.timeline.paintMs >= 0");

        Map<String, Number> ranges = (Map<String, Number>) browser.script("return window.perfwatch.timeline.ranges");
        assertThat(ranges).hasSize(3).allSatisfy((label, count) -> assertThat(count.intValue()).isBetween(1, 10));
        assertThat((Map<String, Number>) browser.script("return window.perfwatch.timeline.counts"))
            .allSatisfy((label, count) -> assertThat(count.intValue()).isZero());
        assertThat(browser.element(".timeline .status").getText()).contains("72 results").contains("ranges");
        assertThat(browser.element("#opt-revs").getAttribute("value")).isEqualTo("all");
        // The detector's change point at the regression is drawn at its commit's time, not at a loaded point.
        browser.await("window.perfwatch.timeline.annotations.some((a) => a.sha === '" + sha(REGRESSION)
                + "' && a.x !== null)");

        Map<String, Number> bucket = (Map<String, Number>) browser.script("""
                const chart = window.perfwatch.timeline.charts.primary;
                const index = chart.data.datasets.findIndex((d) => d.role === 'score' && d.label === arguments[0]);
                const at = chart.data.datasets[index].data.findIndex((d) => d.bucket);
                const element = chart.getDatasetMeta(index).data[at];
                return { x: element.x, y: element.y };""", ENVIRONMENT);
        browser.clickAt(browser.element("#primary-chart canvas"), bucket.get("x").doubleValue(),
                bucket.get("y").doubleValue());
        browser.await("window.perfwatch.timeline.detail?.state === 'points'");

        assertThat(browser.url()).contains("zoom=");
        Map<String, Number> counts = (Map<String, Number>) browser.script("return window.perfwatch.timeline.counts");
        assertThat(counts.get(ENVIRONMENT).intValue()).as("results of the range drawn one by one").isBetween(2, 9);
        List<String> shas = (List<String>) browser.script("""
                const chart = window.perfwatch.timeline.charts.primary;
                const scores = chart.data.datasets.find((d) => d.role === 'score' && d.label === arguments[0]);
                return scores.data.filter((d) => d.point).map((d) => d.point.commit.sha);""", ENVIRONMENT);
        String first = shas.get(0);
        Map<String, Number> pixel = (Map<String, Number>) browser.script(
                "return window.perfwatch.timeline.pixelOf(arguments[0], arguments[1])", ENVIRONMENT, first);
        browser.clickAt(browser.element("#primary-chart canvas"), pixel.get("x").doubleValue(),
                pixel.get("y").doubleValue());
        browser.await("document.getElementById('commit-panel').dataset.commit === '" + first + "'");
        assertThat(browser.element("#commit-panel").getText()).contains(ENVIRONMENT);

        // The permalink of the zoom opens on the detail directly.
        String permalink = browser.url();
        browser.open("about:blank");
        browser.open(permalink);
        browser.await(READY + " && window.perfwatch.timeline.detail?.state === 'points'");
        assertThat(((Map<String, Number>) browser.script("return window.perfwatch.timeline.counts")).get(ENVIRONMENT))
            .isEqualTo(counts.get(ENVIRONMENT));
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void commitWhenInsideARangeOpensItsPanelWithTheChangeAgainstThePreviousResult() {
        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK + "&revs=all&buckets=10&commit="
                + sha(REGRESSION));
        browser.await(READY + " && document.getElementById('commit-panel').dataset.commit === '" + sha(REGRESSION)
                + "'");

        assertThat(browser.element("#commit-panel").getText())
            .contains("Serialize strings through a temporary buffer")
            .contains(ENVIRONMENT)
            .doesNotContain("no result in the loaded range");
        assertThat(browser.script(
                "return window.perfwatch.timeline.charts.primary.options.plugins.annotation.annotations.selected?.xMin"))
            .as("the selected commit is marked although the overview holds no point of it")
            .isNotNull();
        assertThat(browser.errors()).isEmpty();
    }
}
