package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import static dev.perfwatch.e2e.web.SuiteHistory.REGRESSION;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every page at a phone's 360 px (nothing wider than the screen, the navigation behind the menu button, the verdict
 * of each table row on screen) and the header's search box, in the shared headless Chromium ({@link WebSession}).
 */
class PhoneAndSearchTest extends InWebSession {

    private static final Path SCREENSHOTS = Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"));

    @AfterAll
    static void desktop() {
        browser.desktop();
        browser.size(1280, 960);
    }

    @ParameterizedTest
    @ValueSource(strings = { "timeline", "grid", "changes", "comparison", "environments", "alerts", "requests",
        "runners" })
    void pageWhenOnAPhoneIsNoWiderThanTheScreenAndFoldsTheNavigation(String page) {
        browser.phone(360, 780);
        browser.open(server.url() + "/#/" + page + "?project=web");
        // The grid draws its tiles as they scroll into view: on a phone only the first few ever are.
        browser.await(page.equals("grid") ? "window.perfwatch?.grid?.drawn > 0"
                : "window.perfwatch?." + page + "?.state === 'ready'");

        assertThat((Long) browser.script("return window.innerWidth")).isLessThanOrEqualTo(360L);
        assertThat((Long) browser.script("return document.documentElement.scrollWidth"))
            .as("no sideways scrolling at 360 px on " + page)
            .isLessThanOrEqualTo((Long) browser.script("return document.documentElement.clientWidth"));
        assertThat(browser.element("#nav").isDisplayed()).isFalse();
        browser.screenshot(SCREENSHOTS.resolve("phone-" + page + ".png"));

        browser.element("#menu-button").click();
        assertThat(browser.element("#menu-button").getAttribute("aria-expanded")).isEqualTo("true");
        assertThat(browser.element("#nav a[href^='#/alerts']").isDisplayed()).isTrue();
        browser.element("#nav a[href^='#/alerts']").click();
        browser.await("window.perfwatch?.alerts?.state === 'ready'");
        assertThat(browser.element("#nav").isDisplayed()).as("a chosen page closes the menu").isFalse();
        assertThat(errors()).isEmpty();
    }

    @Test
    void changesWhenOnAPhoneShowEachRowsVerdictOnScreen() throws IOException {
        browser.phone(360, 1000);
        browser.open(server.url() + "/#/changes?project=web&hostClass=4-core&jvm=17.0.2&commit=" + sha(REGRESSION));
        browser.await("window.perfwatch?.changes?.state === 'ready' && document.querySelector('#changes-table td.sig')");

        Object rightmost = browser.script("""
                return Math.max(...[...document.querySelectorAll('#changes-table td.sig')]
                    .map(cell => cell.getBoundingClientRect().right))""");
        assertThat(((Number) rightmost).doubleValue()).isLessThanOrEqualTo(360);
        assertThat(browser.element("#changes-table td.sig").getAttribute("data-label")).isNotBlank();
        assertThat(browser.element("#changes-table td.sig").getText()).contains("worse");
        Path file = SCREENSHOTS.resolve("phone-changes.png");
        browser.screenshot(file);
        assertThat(Files.size(file)).isLessThan(300_000);
    }

    @Test
    void searchWhenSlashAndParameterValuesTypedFindsTheCaseAndOpensItsTimeline() {
        browser.open(server.url() + "/#/alerts?project=web");
        browser.await("window.perfwatch?.alerts?.state === 'ready'");

        browser.element("body").sendKeys("/");
        browser.await("document.activeElement.id === 'search-input'");
        browser.element("#search-input").sendKeys("1024 non");
        browser.await("window.perfwatch.search.state === 'ready' && window.perfwatch.search.hits.length > 0");

        Object first = browser.script("return window.perfwatch.search.hits[window.perfwatch.search.selected]");
        assertThat(first.toString()).contains("kind=case").contains("stringLength=1024").contains("NON_ASCII");
        assertThat(browser.element("#search-results [aria-selected=true]").getText()).contains("NON_ASCII");
        assertThat(browser.element("#search-results li.cases .detail").getText()).as("what its cases share")
            .contains("with stringLength=1024");
        assertThat(browser.element("#search-results [aria-selected=true]").getAttribute("title"))
            .contains("stringLength=1024").contains(SuiteHistory.BENCHMARK);
        browser.element("#search-results [aria-selected=true]").click();
        browser.await("window.perfwatch?.timeline?.state === 'ready'");
        assertThat(browser.url()).contains("#/timeline?").contains("case=");
        assertThat(browser.element("#search-results").isDisplayed()).isFalse();
        assertThat(browser.element("#full-name").getText()).as("the whole name, not cut like a select's entry")
            .contains(SuiteHistory.BENCHMARK).contains("stringLength=1024");
        assertThat(browser.element("#full-name button.copy").getAttribute("title")).contains(SuiteHistory.BENCHMARK);
        assertThat(errors()).isEmpty();
    }

    @Test
    void searchWhenAMethodsInitialsAreTypedShowsItsFamilyAsChipsOfTheValuesThatDiffer() {
        browser.open(server.url() + "/#/changes?project=web");
        browser.await("window.perfwatch?.changes?.state === 'ready'");

        browser.element("#search-input").sendKeys("wrb");
        browser.await("window.perfwatch.search.state === 'ready' && window.perfwatch.search.hits.length > 0");

        WebElement family = browser.element("#search-results li.cases");
        assertThat(browser.element("#search-results li[role=option]").getText()).as("the group's heading")
            .contains("StringSerializationBenchmark.writeReusingBuffer");
        List<WebElement> chips = family.findElements(By.cssSelector("a.chip"));
        assertThat(chips).as("every case of the family, one chip each")
            .hasSize(SuiteHistory.LENGTHS.size() * SuiteHistory.ALPHABETS.size());
        assertThat(family.findElement(By.cssSelector(".detail")).getText())
            .isEqualTo("8 cases, by alphabet · stringLength");
        assertThat(chips).extracting(WebElement::getText).contains("ASCII · 1", "NON_ASCII · 1024");
        assertThat(browser.script("""
                const [heading, cases] = document.querySelectorAll('#search-results > li');
                return heading.getBoundingClientRect().bottom <= cases.getBoundingClientRect().top + 1"""))
            .as("the chips under their heading, not beside it").isEqualTo(true);
        browser.screenshot(SCREENSHOTS.resolve("search.png"));
        chips.stream().filter(chip -> chip.getText().equals("NON_ASCII · 16")).findFirst().orElseThrow().click();
        browser.await("window.perfwatch?.timeline?.state === 'ready'");
        assertThat(browser.element("#full-name").getText()).contains("alphabet=NON_ASCII").contains("stringLength=16");
        assertThat(errors()).isEmpty();
    }

    @Test
    void filterWhenTypedOnTheListPagesNarrowsTheRowsAndStaysInTheUrl() {
        browser.open(server.url() + "/#/changes?project=web&hostClass=4-core&jvm=17.0.2&commit=" + sha(REGRESSION));
        browser.await("window.perfwatch?.changes?.state === 'ready'");
        browser.element("#changes-filter").sendKeys("1024 non");
        browser.await("window.perfwatch.changes.shown === 1");
        assertThat(browser.elements("#changes-table tbody tr:not([hidden])")).hasSize(1);
        assertThat(browser.element("#changes-table tbody tr:not([hidden])").getText()).contains("NON_ASCII")
            .contains("stringLength=1024");
        assertThat(browser.url()).contains("filter=1024+non");
        browser.element("#changes-next").click();
        browser.await("window.perfwatch.changes.commit === '" + sha(REGRESSION + 1) + "'");
        assertThat(browser.url()).as("another control keeps the filter").contains("filter=1024+non");
        browser.await("window.perfwatch.changes.shown === 1");

        browser.open(server.url() + "/#/grid?project=web&benchmark=" + SuiteHistory.BENCHMARK + "&filter=16");
        browser.await("window.perfwatch?.grid?.drawn >= 2");
        assertThat(browser.script("return window.perfwatch.grid.shown")).isEqualTo(2L);
        assertThat(browser.elements("#grid .tile:not([hidden])")).hasSize(2)
            .allSatisfy(tile -> assertThat(tile.getText()).contains("stringLength=16"));
        assertThat(errors()).isEmpty();
    }

    @Test
    void searchWhenAShaPrefixOrMessageWordIsTypedFindsTheCommit() {
        browser.open(server.url() + "/#/timeline?project=web");
        browser.await("window.perfwatch?.timeline?.state === 'ready'");

        browser.element("#search-input").sendKeys(sha(REGRESSION).substring(0, 7));
        browser.await("window.perfwatch.search.state === 'ready' && window.perfwatch.search.hits.length > 0");
        assertThat(browser.script("return window.perfwatch.search.hits[0].sha")).isEqualTo(sha(REGRESSION));

        browser.element("#search-input").sendKeys(Keys.chord(Keys.CONTROL, "a"), "temporary buffer");
        browser.await("window.perfwatch.search.hits[0]?.sha === '" + sha(REGRESSION) + "'");
        browser.element("#search-input").sendKeys(Keys.ENTER);
        browser.await("window.perfwatch?.changes?.state === 'ready'");
        assertThat(browser.url()).contains("#/changes?").contains("commit=" + sha(REGRESSION));
    }

    private static java.util.List<String> errors() {
        return browser.errors();
    }
}
