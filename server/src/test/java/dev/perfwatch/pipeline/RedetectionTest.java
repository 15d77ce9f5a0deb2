package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.alerts.Seeds;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run that arrives late (a commit placed before runs already detected) moves a change an alert was raised for:
 * re-detection after a late run no longer finds it at the alerted commit. The old alert must not stay open.
 */
@ServerTest
class RedetectionTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PipelineWorker worker;

    /**
     * 1000 for commits 1-12, 900 from commit 13 on; commit 13's run arrives after 14-20 were detected (its commit is
     * placed between 12 and 14 by its parent). Alerted at 14 first; then withdrawn there and moved to 13.
     */
    @Test
    void lateRunThatMovesAnAlertedChangeWithdrawsTheOldAlertAndAlertsTheNewCommit() {
        String project = "redetect-move";
        String host = "redetect-host";
        Api api = Api.at(port);
        Seeds seeds = new Seeds(api, jdbc, project);
        for (int n = 1; n <= 20; n++) {
            if (n != 13) {
                seeds.run(n, host, Map.of("16", level(n)), 96.0);
                worker.work(project);
            }
        }
        JsonNode first = api.get("/api/v1/alerts?project=" + project).json();
        assertThat(first).as("alerted on the detector's word at the first commit seen at 900").hasSize(1);
        assertThat(first.get(0).get("commit").get("sha").asString()).isEqualTo(seeds.sha(14));

        seeds.run(13, host, Map.of("16", level(13)), 96.0);
        worker.work(project);

        List<String> points = new ArrayList<>();
        for (JsonNode point : api.get("/api/v1/change-points?project=" + project + "").json()) {
            if (point.get("metric").asString().equals("primary")) {
                points.add(point.get("status").asString() + "@" + commit(seeds, point));
            }
        }
        assertThat(points).containsExactlyInAnyOrder("withdrawn@14", "unconfirmed@13");
        JsonNode withdrawn = api.get("/api/v1/change-points?project=" + project + "&status=withdrawn").json().get(0);
        assertThat(withdrawn.get("reason").asString()).as("after the verdict it was alerted on")
            .endsWith("; withdrawn: re-detection after a late run places this change 1 commit earlier");
        JsonNode old = api.get("/api/v1/alerts/" + first.get(0).get("id").asLong()).json();
        assertThat(old.get("status").asString()).as("closed, not left open").isEqualTo("invalid");
        JsonNode oldGroup = api.get("/api/v1/alert-groups/" + old.get("group").asLong()).json();
        assertThat(oldGroup.get("summary").asString()).contains("; withdrawn: re-detection after a late run");
        JsonNode open = api.get("/api/v1/alerts?project=" + project + "&status=new").json();
        assertThat(open).as("the alert moved to the commit the history now names").hasSize(1);
        assertThat(open.get(0).get("commit").get("sha").asString()).isEqualTo(seeds.sha(13));
        assertThat(jdbc.sql("select count(*) from job where project = :project").param("project", project)
            .query(Long.class).single()).as("nobody serves the host class").isZero();
    }

    private static double level(int n) {
        return (n < 13 ? 1000 : 900) * (1 + 0.002 * Math.sin(n * 1.7));
    }

    private static int commit(Seeds seeds, JsonNode point) {
        for (int n = 1; n <= 20; n++) {
            if (seeds.sha(n).equals(point.get("commit").get("sha").asString())) {
                return n;
            }
        }
        return 0;
    }
}
