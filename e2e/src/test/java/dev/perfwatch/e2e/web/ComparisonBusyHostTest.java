package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo on a busy machine: every run was marked noisy by the runner's host checks, the timeline and the Changes
 * page said "not judged", and the Comparison page of the same commits said "-55% slower" with no word about the
 * host. The page now says how many of an environment's runs ran on a busy host, and why. Two commits of a project
 * of its own, the head's run marked noisy through SQL as the server's host check files it (run_noise).
 */
class ComparisonBusyHostTest extends InWebSession {

    static final String PROJECT = "busy-compare";

    @BeforeAll
    static void seed() throws IOException, InterruptedException, SQLException {
        WebSession.post(server, "/api/v1/runs", run(0, 100));
        WebSession.post(server, "/api/v1/runs", run(1, 45));
        try (Connection db = DriverManager.getConnection(WebSession.current().databaseUrl());
                PreparedStatement insert = db.prepareStatement("""
                        insert into run_noise (run_id, noisy, reason, host_check)
                        values (?, true, 'other processes took 1.9 of 2 cores before the job', '{}')""")) {
            insert.setObject(1, runId(1));
            assertThat(insert.executeUpdate()).isEqualTo(1);
        }
    }

    @Test
    void comparisonWhenARunWasOnABusyHostSaysSoAboveTheVerdicts() {
        browser.open(server.url() + "/#/comparison?project=" + PROJECT + "&base=" + sha(0) + "&head=" + sha(1));
        browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.comparison-table')");

        assertThat(browser.element(".host-class .busy-host").getText()).isEqualTo("Busy host: 1 of 2 runs here ran "
                + "while the runner reported its host busy (other processes took 1.9 of 2 cores before the job). "
                + "Detection leaves such runs out, so the throughput verdicts below rest on a loaded host: read them "
                + "as unjudged. The allocation per operation does not depend on the load.");
    }

    /** A -55% bar with 10% of room past it ended the axis at ±60.x, labelled as ticks (the demo's read ±104.2). */
    @Test
    @SuppressWarnings("unchecked")
    void comparisonChartWhenDrawnEndsItsAxisOnRoundTicks() {
        browser.open(server.url() + "/#/comparison?project=" + PROJECT + "&base=" + sha(0) + "&head=" + sha(1));
        browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.bars canvas')");

        Map<String, Object> axis = (Map<String, Object>) browser.script("""
                const x = Chart.getChart(document.querySelector('.bars canvas')).scales.x;
                return { min: x.min, max: x.max, ticks: x.ticks.map((t) => t.value) };""");
        double max = ((Number) axis.get("max")).doubleValue();
        List<Number> ticks = (List<Number>) axis.get("ticks");
        assertThat(((Number) axis.get("min")).doubleValue()).isEqualTo(-max);
        assertThat(max).as("past the -55%% bar, at a round end").isGreaterThan(55).isLessThanOrEqualTo(100);
        assertThat(ticks).as("the ends are ticks, one step apart as all the others: %s", ticks).hasSizeGreaterThan(2);
        double step = ticks.get(1).doubleValue() - ticks.get(0).doubleValue();
        assertThat(ticks).allSatisfy(tick -> assertThat(Math.abs(tick.doubleValue() / step
                - Math.rint(tick.doubleValue() / step))).as("%s on the step %s", tick, step).isLessThan(1e-9));
        assertThat(ticks.get(0).doubleValue()).isEqualTo(-max);
        assertThat(ticks.get(ticks.size() - 1).doubleValue()).isEqualTo(max);
    }

    @Test
    void comparisonWhenNoRunWasOnABusyHostSaysNothingOfIt() {
        browser.open(server.url() + "/#/comparison?project=web&base=" + SuiteHistory.sha(SuiteHistory.REGRESSION - 1)
                + "&head=" + SuiteHistory.sha(SuiteHistory.REGRESSION));
        browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.comparison-table')");

        assertThat(browser.elements(".busy-host")).isEmpty();
    }

    static String sha(int commit) {
        return UUID.nameUUIDFromBytes((PROJECT + commit).getBytes(StandardCharsets.UTF_8)).toString().replace("-", "")
                + String.format("%08x", commit);
    }

    static UUID runId(int commit) {
        return UUID.nameUUIDFromBytes((PROJECT + "-run-" + commit).getBytes(StandardCharsets.UTF_8));
    }

    private static String run(int commit, int score) {
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-11-2%dT12:00:00Z", "parents": [%s], "message": "commit %d"},
                 "host": {"name": "demo-vm", "hostClass": "local", "cores": 2, "os": "Linux"},
                 "jmh": [{"benchmark": "demo.StringSerializerBenchmark.serialize", "mode": "thrpt", "threads": 1,
                          "forks": 2, "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM",
                          "vmVersion": "17.0.15+6", "params": {"length": "256"},
                          "primaryMetric": {"score": %d, "scoreError": 3.0, "scoreConfidence": [%d, %d],
                                            "scoreUnit": "ops/ms",
                                            "rawData": [[%d, %d, %d], [%d, %d, %d]]}}]}"""
            .formatted(runId(commit), PROJECT, sha(commit), commit + 1, commit == 0 ? "" : "\"" + sha(0) + "\"",
                    commit, score, score - 3, score + 3, score - 1, score, score + 1, score + 1, score, score - 1);
    }
}
