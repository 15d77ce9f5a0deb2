package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.perfwatch.e2e.web.SuiteHistory.BENCHMARK;
import static dev.perfwatch.e2e.web.SuiteHistory.COMMITS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Several cases of {@link SuiteHistory}'s benchmark on one timeline: a case added from the picker is drawn beside the
 * page's case in its own palette colour, named in the legend and the tooltip, kept in the permalink, hidden and shown
 * from the legend, and normalised to each line's first result on request.
 */
class TimelineSeveralTest extends InWebSession {

    private static final String ONE_ENVIRONMENT = "&hostClass=4-core&jvm=17.0.2";

    private static final Path SCREENSHOTS = Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"));

    static PageSeeds seeds;

    @BeforeAll
    static void start() {
        seeds = new PageSeeds(server);
    }

    @Test
    @SuppressWarnings("unchecked")
    void caseWhenAddedFromThePickerIsDrawnNamedAndKeptInThePermalink() throws IOException {
        String page = caseId("1", "ASCII");
        String added = caseId("1024", "NON_ASCII");
        browser.open(server.url() + "/#/timeline?project=web&benchmark="
                + URLEncoder.encode(BENCHMARK, StandardCharsets.UTF_8) + "&case=" + page + ONE_ENVIRONMENT);
        browser.await("window.perfwatch?.timeline?.state === 'ready'");

        browser.script("const s = document.getElementById('add-case'); s.value = arguments[0];"
                + "s.dispatchEvent(new Event('change'));", added);
        browser.await("window.perfwatch.timeline.state === 'ready'"
                + " && Object.keys(window.perfwatch.timeline.counts).length === 2");

        assertThat(browser.url()).contains("add=" + added);
        String addedLabel = "alphabet=NON_ASCII, stringLength=1024 · avgt · 4-core · JDK 17.0.2";
        assertThat((Map<String, Number>) browser.script("return window.perfwatch.timeline.counts"))
            .containsEntry(addedLabel, (long) COMMITS)
            .containsEntry("alphabet=ASCII, stringLength=1 · avgt · 4-core · JDK 17.0.2", (long) COMMITS);
        List<String> colours = (List<String>) browser.script("return window.perfwatch.timeline.charts.primary.data"
                + ".datasets.filter((d) => d.role === 'score').map((d) => d.backgroundColor)");
        assertThat(colours).hasSize(2).doesNotHaveDuplicates()
            .allSatisfy(colour -> assertThat(colour).isIn("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9",
                    "#D55E00", "#F0E442"));
        assertThat(browser.element("#environments").getText()).contains(addedLabel).contains("remove");

        // The tooltip of the added line names its case.
        Map<String, Number> pixel = (Map<String, Number>) browser.script(
                "return window.perfwatch.timeline.pixelOf(arguments[0], arguments[1])", addedLabel,
                SuiteHistory.sha(10));
        var canvas = browser.element("#primary-chart canvas");
        browser.actions()
            .moveToElement(canvas, (int) Math.round(pixel.get("x").doubleValue() - canvas.getSize().getWidth() / 2.0),
                    (int) Math.round(pixel.get("y").doubleValue() - canvas.getSize().getHeight() / 2.0))
            .perform();
        browser.await("window.perfwatch.timeline.charts.primary.tooltip.getActiveElements().length > 0");
        List<String> tooltip = (List<String>) browser.script("return window.perfwatch.timeline.charts.primary.tooltip"
                + ".body.flatMap((b) => b.lines)");
        assertThat(tooltip).anySatisfy(line -> assertThat(line).startsWith(addedLabel + ": "));
        screenshot("timeline-several.png");

        // The permalink draws both again; the legend hides the added line.
        String permalink = browser.url();
        browser.open("about:blank");
        browser.open(permalink);
        browser.await("window.perfwatch?.timeline?.state === 'ready'"
                + " && Object.keys(window.perfwatch.timeline.counts).length === 2");
        browser.elements("#environments input[type=checkbox]").get(1).click();
        browser.await("Object.keys(window.perfwatch.timeline.counts).length === 1");
        assertThat(browser.url()).contains("hide=" + added + "-");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void normaliseWhenAskedDividesEachLineByItsFirstResult() {
        String page = caseId("1", "ASCII");
        String added = caseId("1024", "NON_ASCII");
        browser.open(server.url() + "/#/timeline?project=web&benchmark="
                + URLEncoder.encode(BENCHMARK, StandardCharsets.UTF_8) + "&case=" + page + "&add=" + added
                + ONE_ENVIRONMENT + "&norm=first&median=0");
        browser.await("window.perfwatch?.timeline?.state === 'ready'"
                + " && Object.keys(window.perfwatch.timeline.counts).length === 2");

        @SuppressWarnings("unchecked")
        List<Number> firsts = (List<Number>) browser.script("return window.perfwatch.timeline.charts.primary.data"
                + ".datasets.filter((d) => d.role === 'score').map((d) => d.data[0].y)");
        // Levels of 8.35 and 929.6 ns/op raw: both start at 1 once normalised.
        assertThat(firsts).hasSize(2).allSatisfy(y -> assertThat(y.doubleValue()).isCloseTo(1.0, within(1e-9)));
        assertThat(browser.script("return window.perfwatch.timeline.charts.primary.options.scales.y.title.text"))
            .asString().startsWith("× first result");
        assertThat(browser.errors()).isEmpty();
    }

    /**
     * Two cases at 360 px (a phone, the width the issue asks for): nothing wider than the screen, the legend's lines
     * and the chart inside it. Screenshot for docs/ui.md.
     */
    @Test
    void severalCasesWhenOnAPhoneFitTheScreen() throws IOException {
        browser.size(360, 1100);
        try {
            browser.open(server.url() + "/#/timeline?project=web&benchmark="
                    + URLEncoder.encode(BENCHMARK, StandardCharsets.UTF_8) + "&case=" + caseId("16", "ASCII") + "&add="
                    + caseId("16", "NON_ASCII") + ONE_ENVIRONMENT + "&revs=all");
            browser.await("window.perfwatch?.timeline?.state === 'ready'"
                    + " && Object.keys(window.perfwatch.timeline.counts).length === 2");

            assertThat((Long) browser.script("return window.innerWidth")).isLessThanOrEqualTo(360L);
            // The screen's width without its scrollbar: what the page may fill without sideways scrolling.
            Browser.Sideways page = browser.sideways("main *");
            long width = page.width();
            assertThat(page.scrollWidth()).as("no sideways scrolling; wider: %s", page.wider())
                .isLessThanOrEqualTo(width);
            assertThat(((Number) browser.script("return document.querySelector('#primary-chart canvas')"
                    + ".getBoundingClientRect().right")).doubleValue()).isLessThanOrEqualTo(width);
            browser.script("document.getElementById('timeline-primary').scrollIntoView()");
            screenshot("timeline-phone.png");
            assertThat(browser.errors()).isEmpty();
        }
        finally {
            browser.size(1280, 960);
        }
    }

    private static void screenshot(String name) throws IOException {
        Path file = SCREENSHOTS.resolve(name);
        browser.screenshot(file);
        assertThat(Files.size(file)).as("docs images stay small").isLessThan(300_000);
    }

    private static String caseId(String length, String alphabet) {
        for (var one : seeds.get("/api/v1/series?project=web&metric=primary&hostClass=4-core&benchmark="
                + URLEncoder.encode(BENCHMARK, StandardCharsets.UTF_8))) {
            var params = one.get("case").get("params");
            if (params.get("stringLength").asString().equals(length) && params.get("alphabet").asString().equals(alphabet)) {
                return one.get("case").get("id").asString();
            }
        }
        throw new AssertionError("no case " + length + " " + alphabet);
    }
}
