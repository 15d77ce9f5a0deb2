package dev.perfwatch.e2e.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;

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

    static long series;

    static long caseId;

    @BeforeAll
    static void seed() throws SQLException {
        PageSeeds seeds = new PageSeeds(server);
        series = seeds.series("primary", "8-core", "17.0.2", "16", "ASCII");
        caseId = seeds.get("/api/v1/series/" + series).get("case").get("id").asLong();
        try (Connection db = DriverManager.getConnection(WebSession.current().databaseUrl())) {
            suspect(db, HISTORICAL_AT, "improvement", 0.06, "historical");
            suspect(db, UNCONFIRMED_AT, "regression", -0.08, "unconfirmed");
        }
    }

    private static void suspect(Connection db, int commit, String direction, double magnitude, String status)
            throws SQLException {
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

        assertThat(browser.elements(tile + " .cp-mark")).extracting(mark -> mark.getDomAttribute("data-status"))
            .containsExactly("unconfirmed", "historical");
        WebElement unconfirmed = browser.element(tile + " .cp-mark.cp-unconfirmed");
        assertThat(unconfirmed.getText()).contains("unconfirmed");
        assertThat(unconfirmed.getDomAttribute("class")).contains("cp-worse");
        assertThat(unconfirmed.getDomAttribute("title")).contains("regression -8.0%").contains(sha(UNCONFIRMED_AT)
            .substring(0, 8)).contains("8-core");
        assertThat(browser.element(tile + " .cp-mark.cp-historical").getDomAttribute("title"))
            .contains("improvement +6.0%").contains("notifies nobody");
        assertThat(browser.script("return Object.keys(Chart.getChart(document.querySelector(\"" + tile
                + " canvas\")).options.plugins.annotation.annotations).length")).isEqualTo(2L);
        assertThat(browser.elements(".tile .cp-mark")).as("no other tile of the 8-core JDK 17 series has one")
            .hasSize(2);
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
        assertThat(browser.element("#change-points-table tr[data-series='" + series + "'][data-status='historical']")
            .getText())
            .contains("improvement +6.0%").contains(sha(HISTORICAL_AT).substring(0, 7));

        mark.click();
        browser.await("window.perfwatch?.timeline?.state === 'ready'");
        assertThat(browser.url()).contains("case=" + caseId).contains("commit=" + sha(UNCONFIRMED_AT));
        assertThat(browser.errors()).isEmpty();
    }
}
