package dev.perfwatch.e2e.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import static dev.perfwatch.e2e.web.SuiteHistory.BENCHMARK;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The detector's change points where people scan for changes (issue #11.1): a mark per status on suite-grid tiles,
 * with direction and amount on hover and a line in the tile's chart, and on the Changes page a column at the shown
 * commit and the environment's newest ones. Two change points are stored through SQL on a series the detector
 * leaves alone (the 8-core throughput, which SuiteHistory never changes): the detector files its own the same way,
 * and change points have no public write API.
 */
class ChangePointMarksTest extends InWebSession {

    static final int HISTORICAL_AT = 6;

    static final int UNCONFIRMED_AT = 12;

    /** A historical regression three commits after the historical improvement: two directions of one status. */
    static final int HISTORICAL_REGRESSION_AT = 9;

    static long series;

    /** The allocation of the same case and environment, with a change point at UNCONFIRMED_AT too. */
    static long allocation;

    static long caseId;

    @BeforeAll
    static void seed() throws SQLException {
        PageSeeds seeds = new PageSeeds(server);
        series = seeds.series("primary", "8-core", "17.0.2", "16", "ASCII");
        caseId = seeds.get("/api/v1/series/" + series).get("case").get("id").asLong();
        allocation = seeds.series("gc.alloc.rate.norm", "8-core", "17.0.2", "16", "ASCII");
        try (Connection db = DriverManager.getConnection(WebSession.current().databaseUrl())) {
            suspect(db, series, HISTORICAL_AT, "improvement", 0.06, "historical");
            suspect(db, series, HISTORICAL_REGRESSION_AT, "regression", -0.05, "historical");
            suspect(db, series, UNCONFIRMED_AT, "regression", -0.08, "unconfirmed");
            suspect(db, allocation, UNCONFIRMED_AT, "regression", 0.2, "unconfirmed");
        }
    }

    /**
     * On the date axis, a mark whose commit no loaded point has is drawn at its commit's time only within the loaded
     * points' times: at "last 200" an older change point was pinned to the chart's left edge, reading as a change at
     * the first point shown. The overview (whole history) still draws a mark between its buckets' points.
     */
    @Test
    @SuppressWarnings("unchecked")
    void xOfWhenACommitIsNotLoadedPlacesItOnlyWithinTheLoadedTimes() {
        browser.open(server.url() + "/");
        browser.await("window.Chart"); // view.js reads Chart.js's globals as it loads
        List<Object> xs = (List<Object>) browser.executeAsync("""
                Promise.all([import('/js/timeline/view.js'), import('/js/timeline/data.js')])
                  .then(([views, data]) => {
                    const point = (sha, time) => ({ commit: { sha: sha.repeat(40), time } });
                    const page = { axis: data.xAxis('date', [[point('b', '2026-03-01T00:00:00Z'),
                      point('c', '2026-03-05T00:00:00Z')]]) };
                    const xOf = (sha, time) => views.view.xOf.call(page, sha.repeat(40), time) ?? 'none';
                    browserDone([xOf('a', '2026-01-01T00:00:00Z'), xOf('d', '2026-03-03T00:00:00Z'),
                      xOf('e', '2026-04-01T00:00:00Z'), xOf('c', null)]);
                  }).catch((error) => browserDone([String(error)]));""");

        assertThat(xs).containsExactly("none", Instant.parse("2026-03-03T00:00:00Z").toEpochMilli(), "none",
                Instant.parse("2026-03-05T00:00:00Z").toEpochMilli());
    }

    /**
     * safetensors' imported history (pytest, 498 entries): among grey historical steps that held, the one change the
     * tracker had closed as transient (+66%, back within a few runs) was drawn in the improvement's green, the most
     * salient mark on the chart. What did not hold, or is no longer found, is grey like what notifies nobody; a change
     * that stands keeps its direction's colour.
     */
    @Test
    @SuppressWarnings("unchecked")
    void timelineWhenAChangeDidNotHoldDrawsItGreyNotInItsDirectionsColour() {
        browser.open(server.url() + "/favicon.svg");
        List<String> colours = (List<String>) browser.executeAsync("""
                import('/js/timeline/annotations.js').then((a) => {
                  const statuses = ['alerted', 'unconfirmed', 'historical', 'transient', 'withdrawn'];
                  const marks = statuses.map((status, i) => a.markOfChangePoint({ status, direction: 'improvement',
                    magnitude: 0.66, before: 2, after: 3.3, unit: 'iter/sec',
                    commit: { sha: String(i).repeat(40), time: '2026-03-0' + (i + 1) + 'T00:00:00Z' } }));
                  const annotations = a.chartAnnotations(marks, (sha) => Number(sha[0]), 'primary');
                  browserDone(marks.map((mark, i) => annotations['mark' + i].borderColor));
                }).catch((error) => browserDone([String(error)]));""");

        assertThat(colours).hasSize(5);
        assertThat(colours.subList(0, 2)).as("alerted and unconfirmed improvements stand: their direction's colour")
            .doesNotContain("#888");
        assertThat(colours.subList(2, 5)).as("historical, transient, withdrawn").containsOnly("#888");
    }

    private static void suspect(Connection db, long series, int commit, String direction, double magnitude,
            String status) throws SQLException {
        try (PreparedStatement insert = db.prepareStatement("""
                insert into suspect (series_id, first_bad_commit_id, last_good_commit_id, direction, magnitude,
                                     confidence, before_value, before_lower, before_upper, before_points,
                                     after_value, after_lower, after_upper, after_points, status)
                select ?, bad.id, good.id, ?, ?, 0.97, 100, 99, 101, 10, 100 * (1 + ?), 99 * (1 + ?), 101 * (1 + ?),
                       5, ?
                from commit bad, commit good
                where bad.sha = ? and good.sha = ?
                on conflict (series_id, first_bad_commit_id)
                    do update set status = excluded.status, direction = excluded.direction,
                                  magnitude = excluded.magnitude""")) {
            insert.setLong(1, series);
            insert.setString(2, direction);
            insert.setDouble(3, magnitude);
            insert.setDouble(4, magnitude);
            insert.setDouble(5, magnitude);
            insert.setDouble(6, magnitude);
            insert.setString(7, status);
            insert.setString(8, sha(commit));
            insert.setString(9, sha(commit - 1));
            assertThat(insert.executeUpdate()).isEqualTo(1);
        }
    }

    @Test
    void gridWhenATilesSeriesHasChangePointsMarksEachStatusWithItsAmountAndDrawsTheirLines() {
        browser.size(1280, 960);
        browser.open(server.url() + "/#/grid?project=web&hostClass=8-core&jvm=17.0.2&benchmark="
                + URLEncoder.encode(BENCHMARK, StandardCharsets.UTF_8));
        String tile = ".tile[data-case='" + caseId + "']";
        browser.await("document.querySelector(\"" + tile + "\")?.dataset.state === 'ready'");

        // The historical improvement and regression are two marks, each in its direction's colour, not "▼ ×2".
        assertThat(browser.elements(tile + " .cp-mark")).extracting(mark -> mark.getDomAttribute("data-status")
                + " " + mark.getDomAttribute("data-tone") + " " + mark.getText())
            .containsExactly("unconfirmed worse ▼ unconfirmed", "historical worse ▼ historical",
                    "historical better ▲ historical");
        WebElement unconfirmed = browser.element(tile + " .cp-mark.cp-unconfirmed");
        assertThat(unconfirmed.getText()).contains("unconfirmed");
        assertThat(unconfirmed.getDomAttribute("class")).contains("cp-worse");
        assertThat(unconfirmed.getDomAttribute("title")).contains("regression -8.0%").contains(sha(UNCONFIRMED_AT)
            .substring(0, 8)).contains("8-core");
        assertThat(browser.element(tile + " .cp-mark.cp-historical.cp-better").getDomAttribute("title"))
            .contains("improvement +6.0%").contains("notifies nobody").doesNotContain("regression");
        assertThat(browser.script("return Object.keys(Chart.getChart(document.querySelector(\"" + tile
                + " canvas\")).options.plugins.annotation.annotations).length")).isEqualTo(3L);
        // Its lines: the historical steps grey as on the timeline (they notify nobody), the unconfirmed regression in
        // its direction's colour.
        assertThat(browser.script("return Object.values(Chart.getChart(document.querySelector(\"" + tile
                + " canvas\")).options.plugins.annotation.annotations).map((a) => a.borderColor).sort()"))
            .isEqualTo(List.of("#777", "#777", "#D55E00"));
        assertThat(browser.elements(".tile .cp-mark")).as("no other tile of the 8-core JDK 17 series has one")
            .hasSize(3);
        // The marks take a line: the marked tile's chart sat that much lower than its row's, and the row's tiles
        // ended at different heights. Each row's charts end on one line.
        @SuppressWarnings("unchecked")
        List<List<Number>> rows = (List<List<Number>>) browser.script("""
                const rows = new Map();
                for (const tile of document.querySelectorAll('.tile')) {
                  const top = Math.round(tile.getBoundingClientRect().top);
                  const marked = tile.querySelector('.cp-mark') ? 1 : 0;
                  rows.set(top, [...(rows.get(top) ?? []),
                    [marked, Math.round(tile.querySelector('.tile-chart').getBoundingClientRect().bottom)]]);
                }
                return [...rows.values()].filter((row) => row.some(([m]) => m) && row.some(([m]) => !m))
                  .map((row) => row.map(([, bottom]) => bottom));""");
        assertThat(rows).as("the marked tile shares its row with unmarked ones").isNotEmpty();
        assertThat(rows).allSatisfy(bottoms -> assertThat(bottoms.stream().map(Number::longValue).distinct())
            .as("chart bottoms of one row: %s", bottoms).hasSize(1));
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void changesWhenTheCommitHasAChangePointShowsItInItsRowAndListsTheEnvironmentsNewest() {
        browser.size(1280, 960);
        browser.open(server.url() + "/#/changes?project=web&hostClass=8-core&jvm=17.0.2&commit="
                + sha(UNCONFIRMED_AT));
        browser.await("window.perfwatch?.changes?.state === 'ready' && window.perfwatch.changes.changePoints");

        WebElement row = browser.element("#changes-table tr[data-series='" + series + "']");
        WebElement mark = row.findElement(By.cssSelector("td.cp a.cp-mark"));
        assertThat(mark.getText()).isEqualTo("▼ unconfirmed -8.0%");
        assertThat(mark.getDomAttribute("href")).contains("series=" + series).contains("commit=" + sha(UNCONFIRMED_AT));
        assertThat(browser.elements("#changes-table td.cp a.cp-mark")).as("only that row's series changed here")
            .hasSize(1);
        assertThat(browser.elements("#change-points-table tbody tr"))
            .extracting(listed -> listed.getDomAttribute("data-status")).containsSubsequence("unconfirmed",
                    "historical");
        assertThat(browser.elements("#change-points-table tr[data-series='" + series + "'][data-status='historical']"))
            .anySatisfy(listed -> assertThat(listed.getText()).contains("improvement +6.0%")
                .contains(sha(HISTORICAL_AT).substring(0, 7)));
        // The allocation changed here too: under the default metric the page says so and leads there.
        WebElement elsewhere = browser.element("#changes-elsewhere");
        assertThat(elsewhere.getText()).contains("1 regression in Allocation (B/op)");
        elsewhere.findElement(By.cssSelector("button[data-metric='gc.alloc.rate.norm']")).click();
        browser.await("location.hash.includes('metric=gc.alloc.rate.norm')"
                + " && window.perfwatch.changes.state === 'ready'"
                + " && document.querySelector('#changes-table td.cp a.cp-mark')");
        assertThat(browser.element("#changes-table tr[data-series='" + allocation + "'] td.cp a.cp-mark").getText())
            .startsWith("▼ unconfirmed");
        assertThat(browser.element("#changes-elsewhere").getText()).contains("1 regression in Primary score");
        // From a blank page: after a hash change the allocation view is 'ready' until the new one replaces it.
        browser.open("about:blank");
        browser.open(server.url() + "/#/changes?project=web&hostClass=8-core&jvm=17.0.2&commit="
                + sha(UNCONFIRMED_AT));
        browser.await("window.perfwatch?.changes?.state === 'ready' && window.perfwatch.changes.changePoints");
        mark = browser.element("#changes-table tr[data-series='" + series + "'] td.cp a.cp-mark");

        mark.click();
        browser.await("window.perfwatch?.timeline?.state === 'ready'");
        assertThat(browser.url()).contains("case=" + caseId).contains("commit=" + sha(UNCONFIRMED_AT));
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void changesWhenMostChangePointsGiveOneReasonSayItOnce() {
        browser.open(server.url() + "/favicon.svg");
        List<Object> shared = (List<Object>) browser.executeAsync("""
                import('/js/changes/change-points.js').then((points) => {
                  const deep = 'found deep in the history (an import or a backfill): shown, notifies nobody';
                  const many = Array.from({ length: 18 }, () => ({ reason: deep }));
                  browserDone([points.sharedReason(many), points.sharedReason([{ reason: deep }, { reason: 'other' },
                    { reason: 'third' }]), points.sharedReason([...many, { reason: 'p = 0.001' }])]);
                });""");
        assertThat(shared).containsExactly(
                "found deep in the history (an import or a backfill): shown, notifies nobody", null,
                "found deep in the history (an import or a backfill): shown, notifies nobody");
    }

    /**
     * A mode change is stored as direction mode-change, status dismissed, by the detector's mode rule: on an import
     * (no runner, no re-run) the timeline's legend and the tooltips said "dismissed by re-runs" of a +52% step of
     * benchmark-action/github-action-benchmark's own history. A suspect the re-runs dismissed keeps its words.
     */
    @Test
    @SuppressWarnings("unchecked")
    void whenAChangePointIsAModeChangeItsWordsSayModeChangeNotReRuns() {
        browser.open(server.url() + "/favicon.svg");
        List<Object> words = (List<Object>) browser.executeAsync("""
                Promise.all([import('/js/timeline/annotations.js'), import('/js/change-points.js')])
                  .then(([annotations, points]) => {
                    const point = (direction) => ({ commit: { sha: 'a'.repeat(40) }, direction, status: 'dismissed',
                      magnitude: 0.52, before: 50, after: 76, unit: 'ops/s', metric: 'primary', alertGroup: null });
                    const legend = (direction) => annotations.chartAnnotations(
                      [annotations.markOfChangePoint(point(direction))], () => 1, 'primary').legend.content.join();
                    browserDone([legend('mode-change'), points.statusWord(point('mode-change')),
                      legend('regression'), points.statusWord(point('regression'))]);
                  }).catch((error) => browserDone([String(error)]));""");
        assertThat(words).hasSize(4);
        assertThat(words.get(0)).asString().contains("mode change").doesNotContain("re-runs");
        assertThat(words.get(1)).asString().contains("mode change").doesNotContain("re-runs");
        assertThat(words.get(2)).asString().contains("dismissed by re-runs");
        assertThat(words.get(3)).asString().isEqualTo("dismissed by re-runs");
    }
}
