package dev.perfwatch.alerts;

import java.lang.reflect.Method;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An imported history as its users meet it (docs/import.md): a github-action-benchmark-like file of 40 commits on a
 * host class no runner serves, two months of old commits with a step deep in them, and the newest commits (of the
 * last two days) with a regression. Through the ingest API and the detection pipeline to the alert API, the feed
 * and the outbox: the old step alerts nobody, the newest regression is alerted once, and its summary says that it
 * rests on the detector's word (nothing could re-run it).
 */
@ServerTest
class ImportedHistoryAlertTest {

    private static final String HOST_CLASS = "github-actions-import";

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApplicationContext context;

    @Test
    void importWhenItsNewestCommitsRegressAlertsThemOnceAndSaysNothingReRanThem() throws Exception {
        String project = "alert-import";
        Seeds seeds = new Seeds(Api.at(port), jdbc, project);
        Instant start = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(60, ChronoUnit.DAYS);
        for (int n = 1; n <= 40; n++) {
            // 1000 until commit 12, 600 (historical, 45 days ago) until 37, then 480 at the newest commits.
            double level = n < 13 ? 1000 : n < 38 ? 600 : 480;
            Map<String, Double> scores = new LinkedHashMap<>();
            for (String length : List.of("16", "128", "1024")) {
                scores.put(length, level * Integer.parseInt(length) / 16.0 * (1 + 0.003 * Math.sin(n * 1.7)));
            }
            String time = n >= 38 ? Instant.now().minus(41 - n, ChronoUnit.HOURS).toString()
                    : start.plus(n, ChronoUnit.DAYS).toString();
            seeds.run(n, HOST_CLASS, scores, 0.0003, time);
        }
        work(project);
        work(project);

        JsonNode alerts = Api.at(port).get("/api/v1/alerts?project=" + project).json();
        assertThat(alerts).as(alerts.toString()).hasSize(3);
        assertThat(alerts).allSatisfy(alert -> assertThat(alert.get("commit").get("sha").asString())
            .isEqualTo(seeds.sha(38)));
        JsonNode groups = Api.at(port).get("/api/v1/alert-groups?project=" + project).json();
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0).get("summary").asString()).isEqualTo("3 cases regressed 20% on " + HOST_CLASS
                + "; gc.alloc.rate.norm unchanged; the detector's word only, not re-run (no runner serves host class "
                + HOST_CLASS + ")");
        assertThat(jdbc.sql("select count(*) from notification n join alert_group g on g.id = n.group_id "
                + "join project p on p.id = g.project_id where p.name = :project")
            .param("project", project).query(Long.class).single()).as("one announcement, in the feed").isEqualTo(1);
        String feed = Api.at(port).get("/api/v1/alerts/feed.atom?project=" + project, "application/atom+xml").body();
        assertThat(feed).contains("word only, not re-run (no runner serves host class " + HOST_CLASS + ")");
    }

    /** The detection pipeline's pass for the project, as PipelineWorker.work does it (package-private there). */
    private void work(String project) throws Exception {
        Object worker = context.getBean("pipelineWorker");
        Method work = org.springframework.util.ReflectionUtils.findMethod(worker.getClass(), "work", String.class);
        work.setAccessible(true);
        work.invoke(worker, project);
    }
}
