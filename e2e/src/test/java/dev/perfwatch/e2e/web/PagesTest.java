package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.Keys;
import org.openqa.selenium.support.ui.Select;
import tools.jackson.databind.JsonNode;

import dev.perfwatch.e2e.ServerProcess;

import static dev.perfwatch.e2e.web.SuiteHistory.BENCHMARK;
import static dev.perfwatch.e2e.web.SuiteHistory.REGRESSION;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The pages beyond the timeline (changes, comparison, alerts, requests, runners) in headless Chromium against the
 * shared packaged server ({@link WebSession}), with the jobs, runners and alert group of {@link PageSeeds}.
 */
class PagesTest extends InWebSession {

    private static final Path SCREENSHOTS = Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"));

    static PageSeeds seeds;

    @BeforeAll
    static void seed() throws Exception {
        seeds = new PageSeeds(server);
        seeds.alerts(WebSession.current().databaseUrl());
        seeds.jobs();
        seeds.tag();
    }

    @ParameterizedTest
    @ValueSource(strings = { "changes", "comparison", "alerts", "requests", "runners" })
    void pageWhenOpenedByItsPathLoadsWithoutConsoleErrors(String page) {
        browser.open(server.url() + "/" + page + "?project=web");
        await(page);

        assertThat(browser.url()).endsWith("/#/" + page + "?project=web");
        assertThat(browser.element("#nav a[aria-current=page]").getAttribute("href")).contains("#/" + page);
        assertThat(errors()).isEmpty();
    }

    @Test
    void changesWhenAtTheRegressionColoursEveryFourCoreCaseWorseAndStepsThroughCommits() throws IOException {
        long environment = seeds.get("/api/v1/series/" + seeds.series("primary", "4-core", "17.0.2", "1", "ASCII"))
            .get("environment").get("id").asLong();
        browser.open(server.url() + "/#/changes?project=web&environment=" + environment + "&commit=" + sha(REGRESSION));
        await("changes");

        assertThat(browser.elements("#changes-table tbody tr")).hasSize(8);
        // Each case is 10% slower; the noise (1.5% between runs, errors of 1-3% per run) leaves a case or two
        // below 99.9% significance, which is the point of colouring by significance rather than by percent.
        assertThat(browser.elements("#changes-table td.sig.worse[data-column=trend]")).hasSizeGreaterThanOrEqualTo(6);
        assertThat(browser.elements("#changes-table td.sig.worse[data-column=previous]")).hasSizeGreaterThanOrEqualTo(6);
        assertThat(browser.element("#changes-table td.sig.worse").getCssValue("background-color"))
            .isNotEqualTo("rgba(0, 0, 0, 0)");
        assertThat(browser.elements("#changes-table td[data-verdict=better]")).isEmpty();
        assertThat(browser.element("#changes-table tbody td.sig").getText()).contains("worse");
        assertThat(errors()).isEmpty();
        screenshot("changes.png");

        browser.element("#changes-next").click();
        browser.await("window.perfwatch.changes.commit === '" + sha(REGRESSION + 1) + "'");
        assertThat(browser.url()).contains("commit=" + sha(REGRESSION + 1));
        browser.element("body").sendKeys(Keys.ARROW_LEFT);
        browser.await("window.perfwatch.changes.commit === '" + sha(REGRESSION) + "'");
        browser.element("body").sendKeys(Keys.ARROW_LEFT);
        browser.await("window.perfwatch.changes.commit === '" + sha(REGRESSION - 1) + "'");
        assertThat(browser.elements("#changes-table td.sig.worse[data-column=trend]"))
            .as("before the regression nothing moved against the trend").isEmpty();
    }

    @Test
    void codespeedChangesLinkWhenOpenedShowsThatExecutablesEnvironmentAtTheRevision() {
        browser.open(server.url() + "/changes/?rev=" + sha(REGRESSION) + "&exe=3&env=Hetzner&tre=5");
        browser.await("window.perfwatch?.changes?.state === 'ready' && window.perfwatch.changes.commit === '"
                + sha(REGRESSION) + "'");

        assertThat(browser.url()).contains("/#/changes?project=web").contains("hostClass=4-core")
            .contains("jvm=21.0.1").contains("commit=" + sha(REGRESSION)).contains("trend=5");
        assertThat(new Select(browser.element("#changes-environment")).getFirstSelectedOption().getText())
            .isEqualTo("4-core · JDK 21.0.1");
        assertThat(browser.element("#notice").getText()).contains("Codespeed");
        assertThat(errors()).isEmpty();
    }

    @Test
    void baselineWhenNamedByTagOrByCodespeedRevisionIsThatCommit() {
        long revision = seeds.get("/api/v1/codespeed/revisions?project=web&tag=nightly-10").get(0).get("id").asLong();
        browser.open(server.url() + "/#/?exe=3&ben=writeReusingBuffer.128.ASCII&env=2&base=3%2B" + revision);
        browser.await("window.perfwatch?.timeline?.state === 'ready'");
        assertThat(browser.url()).contains("base=" + sha(10));

        browser.open(server.url() + "/#/timeline?project=web&benchmark=" + BENCHMARK);
        browser.await("window.perfwatch?.timeline?.state === 'ready'");
        browser.element("#opt-base").sendKeys("nightly-10", Keys.ENTER);
        browser.await("location.hash.includes('base=" + sha(10) + "')");
        browser.await("window.perfwatch.timeline.baseline['4-core · JDK 17.0.2'] > 0");
        assertThat(errors()).isEmpty();
    }

    @Test
    void alertWhenOnTheTimelineIsAnnotatedAtItsCommit() {
        long series = seeds.series("primary", "4-core", "17.0.2", "128", "ASCII");
        browser.open(server.url() + "/#/timeline?series=" + series);
        browser.await("window.perfwatch?.timeline?.state === 'ready' && window.perfwatch.timeline.annotations.length > 0");

        assertThat(browser.url()).as("a series link becomes the case's view").contains("benchmark=" + BENCHMARK)
            .contains("hostClass=4-core").contains("jvm=17.0.2").doesNotContain("series=");
        @SuppressWarnings("unchecked")
        Map<String, Object> annotation = (Map<String, Object>) browser.script(
                "return window.perfwatch.timeline.annotations.find((a) => a.kind === 'regression')");
        assertThat(annotation.get("sha")).isEqualTo(sha(REGRESSION));
        // the 10% step at 1.5% noise, as first measured (a short level is the median that leans to the level before)
        assertThat((String) annotation.get("label")).containsPattern("regression \\+(9|10|11)(\\.\\d)?%");
        @SuppressWarnings("unchecked")
        Map<String, Number> point = (Map<String, Number>) browser.script(
                "return window.perfwatch.timeline.pixelOf('4-core · JDK 17.0.2', arguments[0])", sha(REGRESSION));
        Number line = (Number) browser.script("""
                const chart = window.perfwatch.timeline.charts.primary;
                const alert = Object.values(chart.options.plugins.annotation.annotations)
                  .find((a) => a.type === 'line' && String(a.label?.content ?? '').includes('regression'));
                return chart.scales.x.getPixelForValue(alert.xMin);""");
        assertThat(line.doubleValue()).as("the alert's line is drawn through the culprit's point")
            .isCloseTo(point.get("x").doubleValue(), within(1.0));
        assertThat(errors()).isEmpty();
    }

    @Test
    void triageWhenTokenPastedChangesTheGroupsStatusAndRecordsItInTheHistory() throws IOException {
        String group = null;
        for (JsonNode one : seeds.get("/api/v1/alert-groups?project=web")) {
            if (one.get("commit").get("sha").asString().equals(sha(REGRESSION))) {
                group = one.get("id").asString();
            }
        }
        browser.open(server.url() + "/#/alerts?project=web");
        await("alerts");
        String card = "#group-" + group;
        assertThat(browser.element(card + " .summary").getText()).contains("regressed");
        assertThat(browser.element(card + "-apply").isEnabled()).as("no token yet").isFalse();
        assertThat(browser.element("#token-keep").getText()).as("one label for the token, as on Requests")
            .isEqualTo("Use token");

        browser.element("#token-input").sendKeys(ServerProcess.ADMIN_TOKEN, Keys.ENTER);
        browser.await("document.getElementById('token-forget') !== null");
        browser.await("window.perfwatch.alerts.state === 'ready' && !document.getElementById('group-" + group
                + "-apply').disabled");
        new Select(browser.element(card + "-status")).selectByValue("acknowledged");
        browser.element(card + "-comment").sendKeys("known: the buffer per call");
        browser.element(card + "-apply").click();
        browser.await("[...document.querySelectorAll('" + card + " tr[data-alert]')]"
                + ".every((row) => row.dataset.status === 'acknowledged')");

        assertThat(seeds.get("/api/v1/alert-groups/" + group).get("alerts").findValuesAsString("status"))
            .containsOnly("acknowledged");
        String alert = browser.element(card + " tr[data-alert]").getAttribute("data-alert");
        browser.element("#history-toggle-" + alert).click();
        browser.await("document.querySelectorAll('#history-list-" + alert + " li').length === 2");
        assertThat(browser.element("#history-list-" + alert).getText()).contains("new → acknowledged")
            .contains("known: the buffer per call");
        assertThat(browser.url()).contains("alert=" + alert);
        assertThat(errors()).isEmpty();
        screenshot("alerts.png");
        browser.script("sessionStorage.clear()");
    }

    @Test
    void alertsWhenEveryGroupIsClosedSaySoAndShowThemOnAClick() throws Exception {
        // Two commits of a project of its own, and an alert group at the second whose one alert is fixed.
        for (int i = 0; i < 2; i++) {
            WebSession.post(server, "/api/v1/runs", """
                    {"id": "%s", "project": "zz-closed-alerts", "branch": "main",
                     "commit": {"sha": "%040x", "message": "Commit %d", "parents": %s},
                     "host": {"name": "closed-01", "hostClass": "closed-4c"},
                     "jmh": [{"benchmark": "org.example.Closed.run", "mode": "thrpt", "threads": 1, "forks": 1,
                              "jdkVersion": "21.0.1", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                              "primaryMetric": {"score": %d, "scoreError": 1, "scoreUnit": "ops/ms",
                                                "rawData": [[%d, %d]]},
                              "secondaryMetrics": {"gc.alloc.rate.norm": {"score": %s, "scoreUnit": "B/op",
                                                                          "rawData": [[%s, %s]]}}}]}"""
                .formatted(java.util.UUID.randomUUID(), 0xc105ed + i, i + 1,
                        i == 0 ? "[]" : "[\"%040x\"]".formatted(0xc105ed), 100 - 10 * i, 100 - 10 * i,
                        100 - 10 * i, i == 0 ? "0.0002" : "64", i == 0 ? "0.0002" : "64", i == 0 ? "0.0002" : "64"));
        }
        try (java.sql.Connection db = java.sql.DriverManager.getConnection(WebSession.current().databaseUrl());
                java.sql.Statement sql = db.createStatement()) {
            sql.executeUpdate("""
                    with bad as (select id, project_id from commit where sha = '%040x'),
                         good as (select id from commit where sha = '%040x'),
                         grp as (insert into alert_group (project_id, first_bad_commit_id, last_good_commit_id, summary)
                                 select bad.project_id, bad.id, good.id, '1 case regressed 10%%' from bad, good
                                 returning id)
                    insert into alert (group_id, series_id, first_bad_commit_id, last_good_commit_id, kind, status,
                                       before_value, before_lower, before_upper, before_points,
                                       after_value, after_lower, after_upper, after_points, magnitude, confidence)
                    select grp.id, s.id, bad.id, good.id, 'regression', 'fixed',
                           case when m.name = 'primary' then 100 else 0.0002 end, 0, 101, 1,
                           case when m.name = 'primary' then 90 else 64 end, 0, 91, 1,
                           case when m.name = 'primary' then -0.1 end, 0.9995
                    from grp, bad, good, series s join metric m on m.id = s.metric_id
                    where s.project_id = bad.project_id and m.name in ('primary', 'gc.alloc.rate.norm')"""
                .formatted(0xc105ee, 0xc105ed));
        }

        browser.open(server.url() + "/#/alerts?project=zz-closed-alerts");
        browser.await("document.getElementById('alerts-show-closed') !== null");
        assertThat(browser.element("#alerts-page .status").getText())
            .startsWith("No open alerts of zz-closed-alerts: its alert group is closed.");
        browser.element("#alerts-show-closed").click();
        browser.await("window.perfwatch.alerts.state === 'ready' && document.querySelector('#alerts-page .card')");
        assertThat(browser.url()).contains("status=all");
        assertThat(browser.element("#alerts-page .card").getText()).contains("1 case regressed 10%");
        List<String> changes = browser.elements("#alerts-page .card tr[data-alert] td:nth-of-type(4)").stream()
            .map(cell -> cell.getText()).toList();
        assertThat(changes).as("a change from none is stated in its unit, never '– worse'")
            .containsExactlyInAnyOrder("-10.0% worse", "+64 B/op worse");
        assertThat(browser.elements("#alerts-page .card tr[data-alert] td:nth-of-type(5)").stream()
            .map(cell -> cell.getText()).toList()).containsOnly("99.9%");
        assertThat(errors()).isEmpty();
    }

    @Test
    void comparisonWhenOpenedFromAPullRequestLinkShowsEachEnvironmentsCasesAndBars() throws IOException {
        browser.open(server.url() + "/comparison?project=web&base=" + sha(REGRESSION - 1) + "&head=" + sha(REGRESSION));
        await("comparison");
        JsonNode answer = seeds.get("/api/v1/comparisons?project=web&base=" + sha(REGRESSION - 1) + "&head="
                + sha(REGRESSION));

        assertThat(browser.url()).contains("/#/comparison?project=web&base=");
        assertThat(browser.elements(".comparison-table")).hasSize(answer.get("hostClasses").size()).hasSize(3);
        for (JsonNode environment : answer.get("hostClasses")) {
            List<String> shown = browser.elements(".comparison-table[data-environment='"
                    + environment.get("environment").asString() + "'] tbody tr").stream()
                .map(row -> row.getAttribute("data-verdict"))
                .toList();
            assertThat(shown).as(environment.get("environment").asString())
                .isEqualTo(environment.get("rows").findValuesAsString("verdict")).hasSize(8);
        }
        assertThat(browser.elements(".comparison-table[data-environment='4-core · JDK 17.0.2'] tr[data-verdict=slower]"))
            .as("the 4-core hosts are 10% slower at the regression").isNotEmpty();
        assertThat(browser.elements(".comparison-table tr[data-verdict=faster]")).isEmpty();
        browser.await("window.perfwatch.comparison.charts === 3");
        assertThat(errors()).isEmpty();
        screenshot("comparison.png");
    }

    @Test
    void requestsWhenAWriteTokenIsKeptShowPurposeAttemptsAndSetAQueuedJobsPriority() {
        browser.open(server.url() + "/#/requests");
        await("requests");
        // The triage test may have kept a token in this tab: start without one.
        browser.script("sessionStorage.removeItem('perfwatch.writeToken')");
        browser.open("about:blank");
        browser.open(server.url() + "/#/requests");
        await("requests");
        String running = "#running-table tr[data-job='" + seeds.runningJob + "']";
        assertThat(browser.element(running).getText()).contains("attempt 1 of").contains("bench-4c-01");
        assertThat(browser.element(running).getText()).containsPattern("(api|nightly|request|confirmation|bisection)");
        assertThat(browser.element("#requests-table tr[data-request='" + seeds.request + "']").getText())
            .doesNotContain(" –");
        assertThat(browser.elements("[data-action]")).as("no job actions without a write token").isEmpty();

        assertThat(browser.element("#token-keep").getText()).as("one label for the token, as on Alerts")
            .isEqualTo("Use token");
        browser.element("#token-input").sendKeys(ServerProcess.ADMIN_TOKEN);
        browser.element("#token-keep").click();
        String queued = "#queued-table tr[data-job='" + seeds.queuedJob + "']";
        browser.await("document.querySelector(\"" + queued + " [data-action=priority]\")");
        browser.element("#priority-" + seeds.queuedJob).clear();
        browser.element("#priority-" + seeds.queuedJob).sendKeys("7");
        browser.element(queued + " [data-action=priority]").click();
        browser.await("document.getElementById('notice').textContent.includes('priority 7')");
        assertThat(seeds.get("/api/v1/jobs/" + seeds.queuedJob).get("priority").asInt()).isEqualTo(7);
        assertThat(browser.elements(running + " [data-action=cancel]")).hasSize(1);
        browser.element("#token-forget").click();
        browser.await("!document.querySelector('[data-action]')");
        assertThat(errors()).isEmpty();
    }

    @Test
    void requestsWhenJobsRunShowsProgressQueueAndTheFailedJobsLog() throws IOException {
        browser.open(server.url() + "/#/requests");
        await("requests");

        String running = "#running-table tr[data-job='" + seeds.runningJob + "']";
        assertThat(browser.element(running + " progress").getAttribute("value")).isEqualTo("42");
        assertThat(browser.element(running).getText()).contains("measurement 3/5").contains("bench-4c-01");
        assertThat(browser.elements("#queued-table tr[data-job='" + seeds.queuedJob + "']")).hasSize(1);
        // Other tests of this browser session fail jobs of their own projects; this one seeded one failed job.
        assertThat(browser.elements("#failed-table tbody tr[data-job='" + seeds.failedJob + "']")).hasSize(1);
        String request = "#requests-table tr[data-request='" + seeds.request + "']";
        assertThat(browser.element(request).getText()).contains("queued");
        browser.element("#log-toggle-" + seeds.failedJob).click();
        browser.await("window.perfwatch.requests.log?.attempts === 1");
        assertThat(browser.element("#failed-table pre.log").getText()).contains("OutOfMemoryError");
        assertThat(errors()).isEmpty();
        screenshot("requests.png");

        browser.element(request + " a").click();
        browser.await("window.perfwatch?.comparison?.state === 'ready'");
        assertThat(browser.element("#comparison-heading").getText()).contains("Benchmark request");
        assertThat(browser.element("#comparison-page").getText()).contains("0 of 4 jobs done");
        assertThat(browser.element("#comparison-all-runs").getAttribute("href"))
            .endsWith("#/comparison?project=web&base=" + sha(REGRESSION - 1) + "&head=" + sha(REGRESSION));
        assertThat(errors()).isEmpty();
    }

    @Test
    void runnersWhenHostsOfAClassDifferWarnsAboutIt() throws IOException {
        browser.open(server.url() + "/#/runners");
        await("runners");

        // Other browser tests add host classes of their own (RunnersPageTest): count the seeded ones.
        assertThat(browser.elements("#runner-classes .card[data-host-class='4-core'] tr[data-runner]")).hasSize(2);
        assertThat(browser.elements("#runner-classes .card[data-host-class='8-core'] tr[data-runner]")).hasSize(1);
        assertThat(browser.element("#runner-classes .card[data-host-class='4-core'] .warnings").getText())
            .contains("CPU model").contains("bench-4c-02");
        assertThat(browser.elements("#runner-classes .card[data-host-class='8-core'] .warnings")).isEmpty();
        assertThat(browser.element("#runner-classes tr[data-runner='bench-4c-01']").getAttribute("data-state"))
            .isEqualTo("busy");
        assertThat(errors()).isEmpty();
        screenshot("runners.png");
    }

    private static void await(String page) {
        browser.await("window.perfwatch?." + page + "?.state === 'ready'");
    }

    private static void screenshot(String name) throws IOException {
        Path file = SCREENSHOTS.resolve(name);
        browser.screenshot(file);
        assertThat(Files.size(file)).as("README images stay small").isLessThan(300_000);
    }

    /** Severe console entries: errors, failed loads. */
    static List<String> errors() {
        return browser.errors();
    }
}
