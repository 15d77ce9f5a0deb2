package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A new project's first night on the suite grid (a newcomer's trial: 52 cases uploaded through the API): every tile
 * was an empty chart under its value, since a line needs two results and the score line drew no points. A tile with
 * one result draws it as a dot. One run of two cases, uploaded as a user does.
 */
class FirstNightGridTest extends InWebSession {

    static final String PROJECT = "first-night";

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        WebSession.post(server, "/api/v1/runs", """
                {"id": "5f0c4c3e-7a1b-4c55-9e57-1d2f3a4b5c6d", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-11-20T02:00:00Z", "parents": [], "message": "First night"},
                 "host": {"name": "night-01", "hostClass": "night-4c", "cores": 4, "os": "Linux"},
                 "jmh": [%s, %s]}""".formatted(PROJECT, "f1257".repeat(8), element("parse", 100), element("write", 40)));
    }

    private static String element(String method, int score) {
        return """
                {"benchmark": "org.example.Night.%s", "mode": "thrpt", "threads": 1, "forks": 1,
                 "jdkVersion": "17.0.2", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.2+8",
                 "primaryMetric": {"score": %d, "scoreError": 1.0, "scoreConfidence": [%d, %d],
                                   "scoreUnit": "ops/ms", "rawData": [[%d, %d, %d]]}}"""
            .formatted(method, score, score - 1, score + 1, score, score, score);
    }

    @Test
    @SuppressWarnings("unchecked")
    void gridWhenACaseHasOneResultDrawsItAsADotInsideTheChart() {
        browser.size(1280, 960);
        browser.open(server.url() + "/#/grid?project=" + PROJECT);
        browser.await("window.perfwatch?.grid?.state === 'ready'");

        List<Map<String, Object>> dots = (List<Map<String, Object>>) browser.script("""
                return [...document.querySelectorAll('.tile canvas')].map((canvas) => {
                  const chart = Chart.getChart(canvas);
                  const index = chart.data.datasets.findIndex((d) => d.role === 'score');
                  const point = chart.getDatasetMeta(index).data[0];
                  const area = chart.chartArea;
                  return { radius: point.options.radius,
                    inside: point.x >= area.left && point.x <= area.right && point.y >= area.top
                      && point.y <= area.bottom };
                });""");
        assertThat(dots).hasSize(2).allSatisfy(dot -> {
            assertThat(((Number) dot.get("radius")).doubleValue()).as("the lone result is drawn").isPositive();
            assertThat(dot.get("inside")).isEqualTo(true);
        });
        assertThat(browser.errors()).isEmpty();
    }
}
