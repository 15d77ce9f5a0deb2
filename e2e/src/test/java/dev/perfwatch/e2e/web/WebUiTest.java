package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static dev.perfwatch.e2e.web.SuiteHistory.BENCHMARK;
import static dev.perfwatch.e2e.web.SuiteHistory.ENVIRONMENTS;
import static dev.perfwatch.e2e.web.SuiteHistory.REGRESSION;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The timeline and the suite grid in headless Chromium against the packaged server, seeded through the ingest API
 * ({@link WebSession}). Screenshots go to {@code target/screenshots}, or where
 * {@code -Dperfwatch.screenshots=../docs/screenshots} says (docs/ui.md).
 */
class WebUiTest extends InWebSession {

    private static final String READY = "window.perfwatch?.timeline?.state === 'ready'";

    private static final Path SCREENSHOTS = Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"));

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void timelineWhenOpenedDrawsEachEnvironmentsPointsWithoutConsoleErrors() {
        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK);
        browser.await(READY);

        Map<String, Long> expected = ENVIRONMENTS.stream()
            .collect(java.util.stream.Collectors.toMap(SuiteHistory.Environment::label, e -> (long) e.points()));
        assertThat(browser.script("return window.perfwatch.timeline.counts")).isEqualTo(expected);
        assertThat(browser.script("return window.perfwatch.timeline.allocCounts")).isEqualTo(expected);
        assertThat(JSON.readTree(browser.element("#timeline-primary").getAttribute("data-points")).size()).isEqualTo(3);
        assertThat(browser.url()).as("the first case is written into the permalink").contains("case=");
        assertThat(browser.elements("#environments input[type=checkbox]")).hasSize(3);
        assertThat(errors()).isEmpty();
    }

    @Test
    void legendWhenTheDetectorHasMeasuredTheSeriesShowsItsMinimalDetectableChange() {
        browser.open(server.url() + "/api/v1/projects");
        // The pipeline measures each series' noise in the background after its runs are stored: wait for that.
        browser.script("""
                window.measured = false;
                (function poll() {
                  fetch('/api/v1/series?project=web&metric=primary&benchmark=' + arguments[0])
                    .then((r) => r.json())
                    .then((all) => all.some((s) => s.minimalDetectableChange !== null)
                      ? (window.measured = true) : setTimeout(poll, 200));
                })();""".replace("arguments[0]", "'" + BENCHMARK + "'"));
        browser.await("window.measured");
        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK);
        browser.await(READY);
        assertThat(browser.element("#environments").getText()).containsPattern("detects ≥ [0-9]+\\.[0-9]%");
        assertThat(browser.script("return window.perfwatch.timeline.charts.primary.data.datasets"
                + ".filter(d => d.role === 'noise-upper' || d.role === 'noise-lower').length"))
            .as("a ±2σ noise band around each measured series' median").isNotEqualTo(0L);
        assertThat(errors()).isEmpty();
    }

    @Test
    void clickWhenOnAPointOpensItsCommitWithRepositoryLinks() throws Exception {
        String culprit = sha(REGRESSION);
        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK + "&case=" + caseId("128", "ASCII")
                + "&base=" + sha(10).substring(0, 10));
        browser.await(READY);
        browser.await("Object.keys(window.perfwatch.timeline.baseline).length === 3");
        assertThat(browser.script("return window.perfwatch.timeline.baseline['4-core · JDK 17.0.2']")).isNotNull();
        assertThat(browser.script("return window.perfwatch.timeline.baseline['4-core · JDK 21.0.1']"))
            .as("JDK 21 has no result at the baseline commit").isNull();

        @SuppressWarnings("unchecked")
        Map<String, Number> pixel = (Map<String, Number>) browser.script(
                "return window.perfwatch.timeline.pixelOf(arguments[0], arguments[1])", "4-core · JDK 17.0.2", culprit);
        browser.clickAt(browser.element("#primary-chart canvas"), pixel.get("x").doubleValue(),
                pixel.get("y").doubleValue());
        browser.await("document.getElementById('commit-panel').dataset.commit === '" + culprit + "'");

        String panel = browser.element("#commit-panel").getText();
        String repository = SuiteHistory.REPOSITORY.replace(".git", "");
        assertThat(browser.url()).contains("commit=" + culprit);
        assertThat(panel).contains("Serialize strings through a temporary buffer").contains("worse");
        assertThat(panel).as("allocation changes in bytes, not as a percentage").containsPattern("\\+[0-9.,]+ B/op worse");
        assertThat(browser.element("#commit-link").getAttribute("href")).isEqualTo(repository + "/commit/" + culprit);
        assertThat(browser.element("#compare-link").getAttribute("href"))
            .isEqualTo(repository + "/compare/" + sha(REGRESSION - 1) + "..." + culprit);
        assertThat(browser.element("#comparison-link").getAttribute("href"))
            .endsWith("#/comparison?project=web&base=" + sha(REGRESSION - 1) + "&head=" + culprit);
        assertThat(browser.element("#changes-link").getAttribute("href")).contains("#/changes?project=web")
            .contains("commit=" + culprit);
        browser.await("document.querySelectorAll('#commit-panel .run').length === 3");
        assertThat(errors()).isEmpty();

        // The panel narrowed the chart: point at the culprit again so that the screenshot shows its tooltip.
        hover("4-core · JDK 17.0.2", culprit);
        browser.await("window.perfwatch.timeline.charts.primary.tooltip.getActiveElements().length > 0");
        screenshot("timeline.png");
    }

    @Test
    void dragWhenAcrossTheTimelineZoomsBothChartsIntoThePermalink() {
        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK);
        browser.await(READY);
        WebElement canvas = browser.element("#primary-chart canvas");
        int width = canvas.getSize().getWidth();

        browser.actions().moveToElement(canvas, -width / 4, 0).clickAndHold().moveByOffset(width / 4, 0).release()
            .perform();
        browser.await("location.hash.includes('zoom=')");

        List<Number> zoomed = ranges();
        assertThat(zoomed.get(0).doubleValue()).as("linked x minimum").isEqualTo(zoomed.get(2).doubleValue());
        assertThat(zoomed.get(1).doubleValue()).as("linked x maximum").isEqualTo(zoomed.get(3).doubleValue());
        assertThat(browser.script("return window.perfwatch.timeline.charts.primary.isZoomedOrPanned()")).isEqualTo(true);

        String permalink = browser.url();
        browser.open("about:blank");
        browser.open(permalink);
        browser.await(READY);
        List<Number> reopened = ranges();
        assertThat(reopened.get(0).doubleValue()).isCloseTo(zoomed.get(0).doubleValue(), within(1.0));
        assertThat(reopened.get(3).doubleValue()).isCloseTo(zoomed.get(1).doubleValue(), within(1.0));

        browser.element("#reset-zoom").click();
        browser.await("!location.hash.includes('zoom=')");
        assertThat(browser.script("const c = window.perfwatch.timeline.charts; "
                + "return c.primary.isZoomedOrPanned() || c.alloc.isZoomedOrPanned()")).isEqualTo(false);
    }

    @Test
    void arrowKeysWhenChartFocusedStepThroughCommitsAndEscapeCloses() {
        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK);
        browser.await(READY);

        browser.element("#primary-chart").sendKeys(Keys.ARROW_LEFT);
        browser.await("document.getElementById('commit-panel').dataset.commit === '" + sha(29) + "'");
        browser.element("#primary-chart").sendKeys(Keys.ARROW_LEFT);
        browser.await("document.getElementById('commit-panel').dataset.commit === '" + sha(28) + "'");
        browser.element("#primary-chart").sendKeys(Keys.ESCAPE);
        browser.await("document.getElementById('commit-panel').hidden");

        assertThat(browser.url()).doesNotContain("commit=");
    }

    @ParameterizedTest
    @ValueSource(strings = { "/#/?exe=3&ben=writeReusingBuffer.128.ASCII&env=2&revs=10&equid=on",
            "/?exe=Web%20Java21&ben=writeReusingBuffer.128.ASCII&env=Hetzner&revs=10&equid=on" })
    void codespeedPermalinkWhenOpenedShowsTheChartItNames(String link) throws Exception {
        browser.open(server.url() + link);
        browser.await(READY);

        assertThat(browser.script("return window.perfwatch.timeline.counts")).isEqualTo(Map.of("4-core · JDK 21.0.1", 10L));
        assertThat(browser.script("return window.perfwatch.timeline.xMode")).isEqualTo("index");
        assertThat(browser.url()).contains("/#/timeline?project=web&benchmark=" + BENCHMARK)
            .contains("case=" + caseId("128", "ASCII"))
            .contains("hostClass=4-core")
            .contains("jvm=21.0.1")
            .contains("revs=10")
            .contains("x=index");
        assertThat(errors()).isEmpty();
    }

    @Test
    void gridWhenOpenedDrawsATilePerCaseThatOpensItsTimeline() throws Exception {
        browser.open(server.url() + "/#/grid?project=web&benchmark=" + BENCHMARK);
        browser.await("window.perfwatch?.grid?.drawn === 8");

        assertThat(browser.elements("#grid .tile")).hasSize(8);
        JsonNode tile = JSON.readTree(browser.element("#grid .tile").getAttribute("data-points"));
        assertThat(tile.get("4-core · JDK 17.0.2").asInt()).isEqualTo(30);
        assertThat(tile.get("4-core · JDK 21.0.1").asInt()).isEqualTo(12);
        assertThat(errors()).isEmpty();
        screenshot("grid.png");

        String id = caseId("1024", "NON_ASCII");
        browser.element("#grid .tile[data-case='" + id + "'] a").click();
        browser.await(READY);
        assertThat(browser.url()).contains("#/timeline?").contains("case=" + id);
    }

    @Test
    void commitOrderWhenSeriesMissCommitsMergesThemInBranchOrder() {
        browser.open(server.url() + "/favicon.svg");
        Object order = browser.executeAsync("""
                browserDone(import('/js/timeline/data.js').then((data) => {
                  const p = (sha, time) => ({ commit: { sha, time } });
                  // c was made before b (a rebase) but comes after it on the branch.
                  return data.commitOrder([
                    [p('a', '2026-01-01T00:00:00Z'), p('b', '2026-01-03T00:00:00Z'), p('d', '2026-01-04T00:00:00Z')],
                    [p('a', '2026-01-01T00:00:00Z'), p('c', '2026-01-02T00:00:00Z'), p('d', '2026-01-04T00:00:00Z')],
                    [p('b', '2026-01-03T00:00:00Z'), p('c', '2026-01-02T00:00:00Z')],
                  ]);
                }));""");

        assertThat(order).isEqualTo(List.of("a", "b", "c", "d"));
    }

    /**
     * The timeline reads form=columns (timeline/data.js turns them into points): the list form's points, each; and
     * with the timeline's fields (api.js), the same points without the runs and intervals it does not draw.
     */
    @Test
    void pointsWhenReadAsColumnsAreTheListFormsPoints() {
        browser.open(server.url() + "/favicon.svg");
        Object same = browser.executeAsync("""
                browserDone((async () => {
                  const data = await import('/js/timeline/data.js');
                  const api = await import('/js/api.js');
                  const read = async (path) => (await fetch(path)).json();
                  const series = await read('/api/v1/series?project=web&benchmark=BENCHMARK');
                  const ms = (time) => (time === null ? null : Date.parse(time));
                  const same = (p) => JSON.stringify({ ...p, commit: { ...p.commit, time: ms(p.commit.time) },
                    recordedAt: ms(p.recordedAt) });
                  let compared = 0;
                  for (const s of series) {
                    const list = await read(`/api/v1/series/${s.id}/points?limit=5`);
                    const columns = data.pointsFromColumns(await read(`/api/v1/series/${s.id}/points?limit=5&form=columns`));
                    if (list.length === 0 || list.map(same).join() !== columns.map(same).join()) {
                      return `series ${s.id}: ${JSON.stringify(list)} against ${JSON.stringify(columns)}`;
                    }
                    const drawn = data.pointsFromColumns(await read(
                      `/api/v1/series/${s.id}/points?limit=5&form=columns&fields=${api.TIMELINE_FIELDS}`));
                    const unread = (p) => same({ ...p, run: undefined, ciLower: undefined, ciUpper: undefined });
                    if (list.map(unread).join() !== drawn.map(same).join()) {
                      return `series ${s.id} (fields): ${JSON.stringify(list)} against ${JSON.stringify(drawn)}`;
                    }
                    compared += list.length;
                  }
                  return compared;
                })());""".replace("BENCHMARK", BENCHMARK));

        assertThat(same).isInstanceOf(Number.class);
        assertThat(((Number) same).intValue()).isGreaterThan(10);
    }

    @SuppressWarnings("unchecked")
    private static List<Number> ranges() {
        return (List<Number>) browser.script("const c = window.perfwatch.timeline.charts; "
                + "return [c.primary.scales.x.min, c.primary.scales.x.max, c.alloc.scales.x.min, c.alloc.scales.x.max]");
    }

    private static void hover(String environment, String sha) {
        @SuppressWarnings("unchecked")
        Map<String, Number> pixel = (Map<String, Number>) browser.script(
                "return window.perfwatch.timeline.pixelOf(arguments[0], arguments[1])", environment, sha);
        WebElement canvas = browser.element("#primary-chart canvas");
        browser.actions()
            .moveToElement(canvas, (int) Math.round(pixel.get("x").doubleValue() - canvas.getSize().getWidth() / 2.0),
                    (int) Math.round(pixel.get("y").doubleValue() - canvas.getSize().getHeight() / 2.0))
            .perform();
    }

    private static void screenshot(String name) throws IOException {
        Path file = SCREENSHOTS.resolve(name);
        browser.screenshot(file);
        assertThat(Files.size(file)).as("README images stay small").isLessThan(300_000);
    }

    /** Severe console entries: errors, failed loads. */
    private static List<String> errors() {
        return browser.errors();
    }

    private static String caseId(String length, String alphabet) throws Exception {
        JsonNode series = JSON.readTree(get("/api/v1/series?project=web&metric=primary&benchmark="
                + URLEncoder.encode(BENCHMARK, StandardCharsets.UTF_8)));
        for (JsonNode one : series) {
            JsonNode params = one.get("case").get("params");
            if (params.get("stringLength").asString().equals(length) && params.get("alphabet").asString().equals(alphabet)) {
                return one.get("case").get("id").asString();
            }
        }
        throw new AssertionError("no case " + length + " " + alphabet + " in " + series);
    }

    private static String get(String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
            .send(HttpRequest.newBuilder(URI.create(server.url() + path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString())
            .body();
    }
}
