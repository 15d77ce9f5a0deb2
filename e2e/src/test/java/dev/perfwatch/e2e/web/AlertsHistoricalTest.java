package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An imported history notifies nobody: its change points are older than the alert window and filed as
 * {@code historical}. The Alerts page of such a project said only "No alerts … match these filters (of 0 groups)",
 * as if nothing had been found. It now counts them and links to where they are shown. A project of three uploaded
 * commits gets two historical change points through SQL, as the pipeline files them (change points have no write
 * API), and a project without any keeps the plain message.
 */
class AlertsHistoricalTest extends InWebSession {

    static final String PROJECT = "imported-history";

    static final String QUIET = "quiet-history";

    @BeforeAll
    static void seed() throws IOException, InterruptedException, SQLException {
        for (String project : new String[] { PROJECT, QUIET }) {
            for (int commit = 0; commit < 3; commit++) {
                WebSession.post(server, "/api/v1/runs", run(project, commit));
            }
        }
        PageSeeds seeds = new PageSeeds(server);
        long series = seeds.get("/api/v1/series?project=" + PROJECT + "&metric=primary").get(0).get("id").asLong();
        try (Connection db = DriverManager.getConnection(WebSession.current().databaseUrl())) {
            historical(db, series, 1, "regression");
            historical(db, series, 2, "improvement");
        }
    }

    @Test
    void alertsWhenAProjectHasOnlyHistoricalChangePointsCountsThemAndLinksToChanges() {
        browser.open(server.url() + "/#/alerts?project=" + PROJECT);
        browser.await("window.perfwatch?.alerts?.state === 'ready'");

        assertThat(browser.element("#alerts-page").getText()).contains("No alerts of " + PROJECT + ". 2 historical "
                + "change points from its imported or older history (older than the alert window, so they notify "
                + "nobody) — see Changes at the newest, " + sha(PROJECT, 2).substring(0, 8));
        assertThat(browser.element("#alerts-historical").getAttribute("href"))
            .endsWith("#/changes?project=" + PROJECT + "&commit=" + sha(PROJECT, 2) + "&hostClass=importer");

        browser.element("#alerts-historical").click();
        browser.await("window.perfwatch?.changes?.state === 'ready'");
        assertThat(browser.url()).contains("#/changes?project=" + PROJECT + "&commit=" + sha(PROJECT, 2));
    }

    /**
     * A new project's first nights (a newcomer's trial, three uploads through the API): "No alerts of P match these
     * filters (of 0 groups)" read as a wrong filter on an empty page. With no alert group at all it says none is
     * there yet, and where to see whether the results are judged.
     */
    @Test
    void alertsWhenAProjectHasNoChangePointsSaysNoneYetAndWhereToLook() {
        browser.open(server.url() + "/#/alerts?project=" + QUIET);
        browser.await("window.perfwatch?.alerts?.state === 'ready'");

        assertThat(browser.element("#alerts-page").getText()).contains("No alerts of " + QUIET + " yet. A change is"
                + " named once runs on both sides of it are in: each case's timeline says whether its results are"
                + " judged yet.").doesNotContain("historical").doesNotContain("match these filters");
        assertThat(browser.elements("#alerts-historical")).isEmpty();
        assertThat(browser.element("#alerts-timeline").getAttribute("href")).endsWith("#/timeline?project=" + QUIET);
    }

    static String sha(String project, int commit) {
        return UUID.nameUUIDFromBytes((project + commit).getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString()
            .replace("-", "") + String.format("%08x", commit);
    }

    private static String run(String project, int commit) {
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2023-0%d-01T02:00:00Z", "parents": [%s], "message": "import %d"},
                 "host": {"name": "gh-runner", "hostClass": "importer", "cores": 2, "os": "Linux"},
                 "jmh": [{"benchmark": "org.example.Bench.parse", "mode": "thrpt", "threads": 1, "forks": 1,
                          "jdkVersion": "17.0.2", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.2+8",
                          "params": {},
                          "primaryMetric": {"score": %d, "scoreError": 1.0, "scoreConfidence": [%d, %d],
                                            "scoreUnit": "ops/ms", "rawData": [[%d, %d, %d]]}}]}"""
            .formatted(UUID.nameUUIDFromBytes((project + "-run-" + commit).getBytes()).toString(), project,
                    sha(project, commit), commit + 1, commit == 0 ? "" : "\"" + sha(project, commit - 1) + "\"",
                    commit, 100, 99, 101, 100, 100, 100);
    }

    private static void historical(Connection db, long series, int commit, String direction) throws SQLException {
        try (PreparedStatement insert = db.prepareStatement("""
                insert into suspect (series_id, first_bad_commit_id, last_good_commit_id, direction, magnitude,
                                     confidence, before_value, before_lower, before_upper, before_points,
                                     after_value, after_lower, after_upper, after_points, status)
                select ?, bad.id, good.id, ?, 0.2, 0.97, 100, 99, 101, 10, 120, 119, 121, 5, 'historical'
                from commit bad, commit good
                where bad.sha = ? and good.sha = ?""")) {
            insert.setLong(1, series);
            insert.setString(2, direction);
            insert.setString(3, sha(PROJECT, commit));
            insert.setString(4, sha(PROJECT, commit - 1));
            assertThat(insert.executeUpdate()).isEqualTo(1);
        }
    }
}
