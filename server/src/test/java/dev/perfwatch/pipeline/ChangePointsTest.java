package dev.perfwatch.pipeline;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.alerts.Seeds;
import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Change points as users see them through {@code GET /api/v1/change-points}: a new project's first nights (a short
 * history the runners confirm), allocation from none and back to none, and imports that arrive at any pace on a
 * host class no runner serves.
 */
@ServerTest
class ChangePointsTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApiTokens tokens;

    @Autowired
    PipelineWorker worker;

    Api api;

    @BeforeEach
    void setUp() {
        api = Api.at(port);
    }

    /** 0 B/op until commit 4, 64 B/op from it, one run a night, one runner: alerted the night after commit 4. */
    @Test
    void allocationOnANewProjectsFourthCommitAlertsTheNightAfterAndItsFixResolvesIt() {
        String project = "cp-night";
        Seeds seeds = new Seeds(api, jdbc, project);
        AllocatingRunner runner = AllocatingRunner.register(api, tokens, project);
        IntToDoubleFunction bytes = n -> n >= 4 && n < 7 ? 64 : 0.0003 + 0.0001 * (n % 3);
        for (int n = 1; n <= 4; n++) {
            seeds.run(n, project, Map.of("16", 1000.0 + n % 2), bytes.applyAsDouble(n));
            worker.work(project);
        }
        assertThat(jobs(project)).as("one run at a new level is never a change").isZero();

        seeds.run(5, project, Map.of("16", 1000.0), bytes.applyAsDouble(5));
        worker.work(project);
        assertThat(changePoints(project, "")).extracting(c -> c.get("status").asString())
            .containsExactly("confirming");
        runner.answer(seeds, 8, bytes);
        worker.work(project);

        JsonNode alerts = api.get("/api/v1/alerts?project=" + project).json();
        assertThat(alerts).hasSize(1);
        assertThat(alerts.get(0).get("commit").get("sha").asString()).isEqualTo(seeds.sha(4));
        assertThat(alerts.get(0).get("series").get("metric").get("name").asString()).isEqualTo("gc.alloc.rate.norm");
        JsonNode group = api.get("/api/v1/alert-groups?project=" + project).json().get(0);
        assertThat(group.get("summary").asString()).isEqualTo("gc.alloc.rate.norm from none to 64 B/op in 1 case");
        JsonNode point = changePoints(project, "").get(0);
        assertThat(point.get("status").asString()).isEqualTo("alerted");
        assertThat(point.get("commit").get("sha").asString()).isEqualTo(seeds.sha(4));
        assertThat(point.get("metric").asString()).isEqualTo("gc.alloc.rate.norm");
        assertThat(point.get("unit").asString()).isEqualTo("B/op");
        assertThat(point.get("case").asString()).isEqualTo("length=16, mode=thrpt");
        assertThat(point.get("direction").asString()).isEqualTo("regression");
        assertThat(point.get("magnitude").isNull()).as("no percentage of nothing").isTrue();
        assertThat(point.get("before").asDouble()).isZero();
        assertThat(point.get("absoluteChange").asDouble()).isCloseTo(64, within(0.01));
        assertThat(point.get("alertGroup").asLong()).isEqualTo(group.get("id").asLong());
        assertThat(point.get("environment").get("hostClass").asString()).isEqualTo(project);
        JsonNode series = api.get("/api/v1/series/" + point.get("series").asLong()).json();
        assertThat(series.get("noise").asDouble()).as("in B/op, below the step; not 20171 relative to ~0")
            .isLessThan(64);

        for (int n = 6; n <= 8; n++) {
            seeds.run(n, project, Map.of("16", 1000.0), bytes.applyAsDouble(n));
            worker.work(project);
        }
        runner.answer(seeds, 8, bytes);
        worker.work(project);

        JsonNode alert = api.get("/api/v1/alerts/" + alerts.get(0).get("id").asLong()).json();
        assertThat(alert.get("status").asString()).as("the return to none resolves it").isEqualTo("fixed");
        assertThat(alert.get("restoredAt").get("sha").asString()).isEqualTo(seeds.sha(7));
        assertThat(changePoints(project, "")).extracting(c -> c.get("status").asString() + "@"
                + c.get("commit").get("sha").asString())
            .containsExactly("resolved@" + seeds.sha(7), "resolved@" + seeds.sha(4));
        assertThat(changePoints(project, "&status=alerted")).isEmpty();
        JsonNode fix = changePoints(project, "").get(0);
        assertThat(fix.get("reason").asString()).as("the fix's re-runs, in the unit like the regression's")
            .contains("to none").doesNotContain("-100.0%");
        assertThat(fix.get("fixes").get("sha").asString()).as("what the fix fixes, not a bare 'resolved'")
            .isEqualTo(seeds.sha(4));
        assertThat(fix.get("reason").asString()).startsWith("fixes the regression at " + seeds.sha(4).substring(0, 8));
        assertThat(changePoints(project, "").get(1).get("fixes").isNull()).as("the regression fixes nothing").isTrue();
    }

    /**
     * The same first nights on a host class no runner serves (a Codespeed upload, runs measured elsewhere): none
     * until commit 4, 64 B/op from it. Nobody can re-run the commits, and none, none, none then 64, 64 B/op is what
     * re-runs would measure again, so it is alerted unconfirmed the night after commit 4, not three nights later when
     * the screen has five commits before it. A throughput step as short is not: two points are not a level.
     */
    @Test
    void allocationOnANewProjectsFourthCommitWithoutRunnersAlertsUnconfirmedTheNightAfter() {
        String project = "cp-night-unserved";
        Seeds seeds = new Seeds(api, jdbc, project);
        IntToDoubleFunction bytes = n -> n >= 4 ? 64 : 0.0003 + 0.0001 * (n % 3);
        for (int n = 1; n <= 5; n++) {
            seeds.run(n, "cp-unserved-host", Map.of("16", n >= 4 ? 1300.0 : 1000.0 + n % 2), bytes.applyAsDouble(n));
            worker.work(project);
        }

        assertThat(jobs(project)).as("no runner to ask").isZero();
        JsonNode points = changePoints(project, "");
        assertThat(points).as(points.toString()).hasSize(1);
        JsonNode point = points.get(0);
        assertThat(point.get("metric").asString()).isEqualTo("gc.alloc.rate.norm");
        assertThat(point.get("commit").get("sha").asString()).isEqualTo(seeds.sha(4));
        assertThat(point.get("status").asString()).isEqualTo("unconfirmed");
        assertThat(point.get("reason").asString()).contains("no runner serves host class cp-unserved-host");
        JsonNode alerts = api.get("/api/v1/alerts?project=" + project).json();
        assertThat(alerts).hasSize(1);
        assertThat(alerts.get(0).get("commit").get("sha").asString()).isEqualTo(seeds.sha(4));
    }

    /**
     * A throughput step of +30% at a new project's fourth commit on a host class no runner serves. Two nights at the
     * new level are a question only re-runs could answer (nobody can: not stored, not alerted); the third night it
     * stands on the detector's word, alerted unconfirmed at commit 4, its reason saying why and what it rests on.
     * Until 2026-11-29 such a request was dropped every night until the screen found it on a longer history; the
     * screen's later view of it is the same change, not a second alert.
     */
    @Test
    void throughputStepOnANewProjectWithoutRunnersAlertsUnconfirmedOnceItsLevelHeldThreeCommits() {
        String project = "cp-short-unserved";
        Seeds seeds = new Seeds(api, jdbc, project);
        List<Integer> pointsAfter = new ArrayList<>();
        for (int n = 1; n <= 14; n++) {
            double level = n >= 4 ? 1300 : 1000;
            seeds.run(n, "cp-short-host", Map.of("16", level * (1 + 0.003 * Math.sin(n * 1.7))), 96.0);
            worker.work(project);
            pointsAfter.add(changePoints(project, "").size());
        }

        assertThat(pointsAfter).as("nothing on two nights at the new level, then one change point for good")
            .containsExactly(0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        JsonNode point = changePoints(project, "").get(0);
        assertThat(point.get("commit").get("sha").asString()).isEqualTo(seeds.sha(4));
        assertThat(point.get("metric").asString()).isEqualTo("primary");
        assertThat(point.get("status").asString()).isEqualTo("unconfirmed");
        assertThat(point.get("reason").asString())
            .contains("not confirmed: no runner serves host class cp-short-host")
            .contains("short history: 3 commits before it, 3 at the new level");
        JsonNode alerts = api.get("/api/v1/alerts?project=" + project).json();
        assertThat(alerts).as("one alert, not another when the longer history finds the step too").hasSize(1);
        assertThat(alerts.get(0).get("commit").get("sha").asString()).isEqualTo(seeds.sha(4));
        assertThat(api.get("/api/v1/alert-groups?project=" + project).json().get(0).get("summary").asString())
            .contains("the detector's word only, not re-run (no runner serves host class cp-short-host; a short history: "
                    + "fewer than 7 commits since the series began or last changed)");
        assertThat(jobs(project)).as("no runner to ask").isZero();
    }

    /**
     * One history with two steps, imported into two projects on a host class no runner serves: one run at a time
     * with detection after each (a slow importer), and all runs before any detection (a fast one).
     */
    @Test
    void importWhenItArrivesFastOrSlowGivesTheSameChangePointsAndQueuesNoJob() {
        List<String> slow = importHistory("cp-import-slow", true);
        List<String> fast = importHistory("cp-import-fast", false);

        assertThat(fast).isEqualTo(slow);
        assertThat(slow).containsExactly(
                "improvement unconfirmed 29", "regression historical 13");
        assertThat(jobs("cp-import-slow") + jobs("cp-import-fast")).as("nobody serves the host class").isZero();
        JsonNode unconfirmed = changePoints("cp-import-fast", "&status=unconfirmed").get(0);
        assertThat(unconfirmed.get("reason").asString()).contains("no runner serves host class cp-import-host");
        assertThat(unconfirmed.get("alertGroup").isNull()).as("a recent change notifies").isFalse();
        assertThat(changePoints("cp-import-fast", "&status=historical").get(0).get("alertGroup").isNull())
            .as("an old one does not").isTrue();
    }

    /** 1000, then 900 (alerted), back to 1000 (resolves it), then 900 again: a mode the series keeps visiting. */
    @Test
    void switchToALevelVisitedRecentlyIsAModeChangeNotANewRegression() {
        String project = "cp-modes";
        Seeds seeds = new Seeds(api, jdbc, project);
        for (int n = 1; n <= 48; n++) {
            double level = n <= 20 ? 1000 : n <= 30 ? 900 : n <= 40 ? 1000 : 900;
            seeds.run(n, "cp-modes-host", Map.of("16", level * (1 + 0.003 * Math.sin(n * 1.7))), 96.0);
            worker.work(project);
        }

        List<String> points = new ArrayList<>();
        for (JsonNode point : changePoints(project, "")) {
            int commit = 0;
            for (int n = 1; n <= 48; n++) {
                commit = seeds.sha(n).equals(point.get("commit").get("sha").asString()) ? n : commit;
            }
            points.add(point.get("direction").asString() + " " + point.get("status").asString() + " " + commit);
        }
        assertThat(points).containsExactly("mode-change dismissed 41", "improvement resolved 31",
                "regression resolved 21");
        assertThat(changePoints(project, "&status=dismissed").get(0).get("reason").asString())
            .startsWith("mode change: ");
        assertThat(api.get("/api/v1/alerts?project=" + project).json()).as("the first switch only").hasSize(1);
    }

    /**
     * 1000, a spike to 1500 for three runs, then a step to 1500 that holds: stored as a mode change the night it lands,
     * then, once its level has held 21 runs, stored again as a change found late (nobody re-runs this host class:
     * historical, saying why), not left as a mode change.
     */
    @Test
    void modeChangeWhoseLevelHoldsLongerThanAModeStaysIsStoredAsAChange() {
        String project = "cp-mode-held";
        Seeds seeds = new Seeds(api, jdbc, project);
        List<String> statuses = new ArrayList<>();
        for (int n = 1; n <= 53 + 21; n++) {
            double level = n >= 41 && n < 44 || n >= 54 ? 1500 : 1000;
            seeds.run(n, "cp-mode-held-host", Map.of("16", level * (1 + 0.01 * Math.sin(n * 1.7))), 96.0);
            worker.work(project);
            if (n == 53 + 20) {
                statuses.add(status(project, seeds.sha(54)));
            }
        }
        statuses.add(status(project, seeds.sha(54)));

        assertThat(statuses).containsExactly("mode-change dismissed", "improvement historical");
        JsonNode held = changePoints(project, "&status=historical").get(0);
        assertThat(held.get("reason").asString()).startsWith("held: 21 runs at about 1490");
    }

    private String status(String project, String sha) {
        for (JsonNode point : changePoints(project, "")) {
            if (point.get("commit").get("sha").asString().equals(sha)) {
                return point.get("direction").asString() + " " + point.get("status").asString();
            }
        }
        return "none";
    }

    /**
     * 1000, +10% (an improvement, alerted on the detector's word), then back to 1000: the commit that gives the
     * improvement back is a regression and is alerted as one; the improvement's alert is closed saying where it went.
     */
    @Test
    void regressionThatGivesBackAnImprovementIsAlertedNotHiddenAsItsFix() {
        String project = "cp-given-back";
        Seeds seeds = new Seeds(api, jdbc, project);
        for (int n = 1; n <= 44; n++) {
            double level = n > 20 && n <= 32 ? 1100 : 1000;
            seeds.run(n, "cp-given-back-host", Map.of("16", level * (1 + 0.003 * Math.sin(n * 1.7))), 96.0);
            worker.work(project);
        }

        List<String> alerts = new ArrayList<>();
        for (JsonNode alert : api.get("/api/v1/alerts?project=" + project).json()) {
            int commit = 0;
            for (int n = 1; n <= 44; n++) {
                commit = seeds.sha(n).equals(alert.get("commit").get("sha").asString()) ? n : commit;
            }
            alerts.add(alert.get("kind").asString() + " " + alert.get("status").asString() + " " + commit);
        }
        assertThat(alerts).containsExactlyInAnyOrder("improvement fixed 21", "regression new 33");
        long improvement = api.get("/api/v1/alerts?project=" + project + "&kind=improvement").json().get(0).get("id")
            .asLong();
        JsonNode history = api.get("/api/v1/alerts/" + improvement).json().get("history");
        assertThat(history.get(history.size() - 1).get("comment").asString())
            .isEqualTo("improvement given back at " + seeds.sha(33).substring(0, 7));
    }

    /**
     * An imported history (commits 60 to 20 days old, older than the alert age): 1000, three runs at 1130, then 1000
     * again. The blip is filed historical when found (an import notifies nobody), and the runs that follow close it
     * as transient, as they close an alerted one: it does not stand on the timeline for good.
     */
    @Test
    void importedBlipIsClosedAsTransientByTheRunsThatFollow() {
        String project = "cp-import-blip";
        Seeds seeds = new Seeds(api, jdbc, project);
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(60, ChronoUnit.DAYS);
        for (int n = 1; n <= 40; n++) {
            double level = n >= 25 && n <= 27 ? 1130 : 1000;
            seeds.run(n, "cp-import-blip-host", Map.of("16", level * (1 + 0.01 * Math.sin(n * 1.7))), 96.0,
                    start.plus(n, ChronoUnit.DAYS).toString());
            worker.work(project);
        }

        JsonNode points = changePoints(project, "");
        assertThat(points).as(points.toString()).hasSize(1);
        assertThat(points.get(0).get("commit").get("sha").asString()).isEqualTo(seeds.sha(25));
        assertThat(points.get(0).get("status").asString()).isEqualTo("transient");
        assertThat(points.get(0).get("reason").asString()).startsWith("transient: the level did not hold");
    }

    /** 1000, two runs at 940 (alerted on the detector's word), then back at 1000: the runs that follow close it. */
    @Test
    void alertWhoseLevelDidNotHoldIsClosedAsTransientByTheRunsThatFollow() {
        String project = "cp-transient";
        Seeds seeds = new Seeds(api, jdbc, project);
        for (int n = 1; n <= 20; n++) {
            double level = n == 13 || n == 14 ? 940 : 1000;
            seeds.run(n, "cp-transient-host", Map.of("16", level * (1 + 0.002 * Math.sin(n * 1.7))), 96.0);
            worker.work(project);
        }

        JsonNode point = changePoints(project, "").get(0);
        assertThat(point.get("commit").get("sha").asString()).isEqualTo(seeds.sha(13));
        assertThat(point.get("status").asString()).isEqualTo("transient");
        assertThat(point.get("reason").asString()).contains("transient: the level did not hold");
        JsonNode alert = api.get("/api/v1/alerts?project=" + project).json().get(0);
        assertThat(alert.get("status").asString()).as("closed by the runs that followed").isEqualTo("fixed");
        JsonNode group = api.get("/api/v1/alert-groups?project=" + project).json().get(0);
        assertThat(group.get("summary").asString()).contains("transient: the level did not hold");
    }

    @Test
    void changePointsWhenAskedBadlyAnswer400NamingTheFieldOr404() {
        assertThat(api.get("/api/v1/change-points?project=no-such-project").status()).isEqualTo(404);
        Api.Response status = api.get("/api/v1/change-points?project=cp-night&status=open");
        assertThat(status.status()).isEqualTo(400);
        assertThat(status.body()).contains("status");
        Api.Response since = api.get("/api/v1/change-points?project=cp-night&since=yesterday");
        assertThat(since.status()).isEqualTo(400);
        assertThat(since.body()).contains("since");
        assertThat(api.get("/api/v1/change-points").status()).isEqualTo(400);
    }

    /** 30 commits a day apart, the oldest 60 days ago: 1000, 500 from commit 13, 900 from commit 29. */
    private List<String> importHistory(String project, boolean slow) {
        Seeds seeds = new Seeds(api, jdbc, project);
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(60, ChronoUnit.DAYS);
        for (int n = 1; n <= 30; n++) {
            double level = n < 13 ? 1000 : n < 29 ? 500 : 900;
            String time = n == 30 || n == 29 ? Instant.now().minus(30 - n, ChronoUnit.HOURS).toString()
                    : start.plus(n, ChronoUnit.DAYS).toString();
            seeds.run(n, "cp-import-host", Map.of("16", level * (1 + 0.003 * Math.sin(n * 1.7))), 96.0, time);
            if (slow) {
                worker.work(project);
            }
        }
        worker.work(project);
        List<String> out = new ArrayList<>();
        for (JsonNode point : changePoints(project, "")) {
            String sha = point.get("commit").get("sha").asString();
            int commit = 0;
            for (int n = 1; n <= 30; n++) {
                commit = seeds.sha(n).equals(sha) ? n : commit;
            }
            out.add(point.get("direction").asString() + " " + point.get("status").asString() + " " + commit);
        }
        return out;
    }

    private JsonNode changePoints(String project, String query) {
        Api.Response response = api.get("/api/v1/change-points?project=" + project + query);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private long jobs(String project) {
        return jdbc.sql("select count(*) from job where project = :project").param("project", project)
            .query(Long.class).single();
    }
}
