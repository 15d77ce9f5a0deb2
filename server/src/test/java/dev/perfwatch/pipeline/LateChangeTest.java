package dev.perfwatch.pipeline;

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
import org.springframework.test.context.TestPropertySource;

import dev.perfwatch.alerts.Seeds;
import dev.perfwatch.security.ApiTokens;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A change found after the alert window but within {@code Tracker.CONFIRM_WINDOW} (docs/pipeline.md, "Changes found
 * late"): re-run where a runner serves the host class, historical where none does. An alert window of 1 commit makes
 * every change the detector needs two runs for a late one, the shape the history search gives mode switches it places
 * 5–40 commits back.
 */
@ServerTest
@TestPropertySource(properties = "perfwatch.pipeline.alert-window=1")
class LateChangeTest {

    /** 64 B/op from commit 13 on, after twelve commits of JMH's residue. */
    private static final IntToDoubleFunction BYTES = n -> n >= 13 ? 64 : 0.0003 + 0.0001 * (n % 3);

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

    @Test
    void lateChangeOnAServedHostClassIsConfirmedAndAlertsSayingHowLateItWasFound() {
        String project = "late-served";
        Seeds seeds = new Seeds(api, jdbc, project);
        AllocatingRunner runner = AllocatingRunner.register(api, tokens, project);
        nights(seeds, project);

        JsonNode point = changePoint(project);
        assertThat(point.get("commit").get("sha").asString()).isEqualTo(seeds.sha(13));
        assertThat(point.get("status").asString()).as("re-run, not filed historical").isEqualTo("confirming");
        assertThat(point.get("reason").asString()).isEqualTo("found 1 commit after its commit");
        assertThat(jobs(project)).as("the commit and the one before re-run").isPositive();

        runner.answer(seeds, 15, BYTES);
        worker.work(project);

        point = changePoint(project);
        assertThat(point.get("status").asString()).isEqualTo("alerted");
        assertThat(point.get("reason").asString()).startsWith("found 1 commit after its commit; round ");
        JsonNode alerts = api.get("/api/v1/alerts?project=" + project).json();
        assertThat(alerts).hasSize(1);
        assertThat(alerts.get(0).get("commit").get("sha").asString()).isEqualTo(seeds.sha(13));
        JsonNode group = api.get("/api/v1/alert-groups?project=" + project).json().get(0);
        assertThat(group.get("summary").asString()).as("the culprit is older than the alert, and the summary says so")
            .endsWith("; found 1 commit after the culprit");
    }

    @Test
    void lateChangeWhereNoRunnerServesTheHostClassStaysHistoricalAndQueuesNothing() {
        String project = "late-unserved";
        Seeds seeds = new Seeds(api, jdbc, project);
        nights(seeds, project);

        JsonNode point = changePoint(project);
        assertThat(point.get("commit").get("sha").asString()).isEqualTo(seeds.sha(13));
        assertThat(point.get("status").asString()).as("not an unconfirmed alert on the detector's word")
            .isEqualTo("historical");
        assertThat(point.get("alertGroup").isNull()).isTrue();
        assertThat(jobs(project)).isZero();
        assertThat(api.get("/api/v1/alerts?project=" + project).json()).isEmpty();
    }

    /** One run a night for 15 commits, detected after each. */
    private void nights(Seeds seeds, String hostClass) {
        for (int n = 1; n <= 15; n++) {
            seeds.run(n, hostClass, Map.of("16", 1000.0 + n % 2), BYTES.applyAsDouble(n));
            worker.work(hostClass);
        }
    }

    /** The only change point of the allocation series. */
    private JsonNode changePoint(String project) {
        Api.Response response = api.get("/api/v1/change-points?project=" + project);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<JsonNode> points = new ArrayList<>();
        for (JsonNode point : response.json()) {
            if (point.get("metric").asString().equals("gc.alloc.rate.norm")) {
                points.add(point);
            }
        }
        assertThat(points).as(response.body()).hasSize(1);
        return points.get(0);
    }

    private long jobs(String project) {
        return jdbc.sql("select count(*) from job where project = :project").param("project", project)
            .query(Long.class).single();
    }
}
