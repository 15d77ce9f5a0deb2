package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Kotlin multiplatform suite names one benchmark per platform: OptimumCode/json-schema-validator's
 * github-action-benchmark history has "jvm.CommonAvgTimeBench.validate", "linuxX64.CommonAvgTimeBench.validate" and
 * three more. Shortened to their last two parts, the timeline's Benchmark picker listed five
 * "CommonAvgTimeBench.validate (1)", and the comparison five rows of the same name. Names listed together now keep
 * as many parts as tell them apart.
 */
class BenchmarkNamesTest extends InWebSession {

    static final String PROJECT = "multiplatform";

    static final List<String> BENCHMARKS = List.of("jvm.CommonAvgTimeBench.validate",
            "linuxX64.CommonAvgTimeBench.validate", "jvm.CommonAvgTimeBench.validateFlag",
            "org.example.json.ParserBenchmark.parse");

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        WebSession.post(server, "/api/v1/runs", run(0, 100));
        WebSession.post(server, "/api/v1/runs", run(1, 80));
    }

    @Test
    @SuppressWarnings("unchecked")
    void timelinePickerWhenTwoBenchmarksShareTheirLastTwoPartsNamesThemApart() {
        browser.open(server.url() + "/#/timeline?project=" + PROJECT);
        browser.await("window.perfwatch?.timeline?.state === 'ready' && document.getElementById('pick-benchmark')");

        List<String> options = (List<String>) browser.script(
                "return [...document.getElementById('pick-benchmark').options].map((o) => o.textContent)");
        assertThat(options).containsExactlyInAnyOrder("jvm.CommonAvgTimeBench.validate (1)",
                "linuxX64.CommonAvgTimeBench.validate (1)", "CommonAvgTimeBench.validateFlag (1)",
                "ParserBenchmark.parse (1)");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void comparisonWhenTwoBenchmarksShareTheirLastTwoPartsNamesThemApart() {
        browser.open(server.url() + "/#/comparison?project=" + PROJECT + "&base=" + sha(0) + "&head=" + sha(1));
        browser.await("window.perfwatch?.comparison?.state === 'ready' && document.querySelector('.bars canvas')"
                + " && Chart.getChart(document.querySelector('.bars canvas'))");

        List<String> rows = (List<String>) browser.script("return [...document.querySelectorAll("
                + "'.comparison-table tbody th')].map((th) => th.textContent.replace(/\\u200b/g, ''))");
        List<String> labels = (List<String>) browser.script(
                "return Chart.getChart(document.querySelector('.bars canvas')).data.labels");
        assertThat(rows).containsExactlyInAnyOrder("jvm.CommonAvgTimeBench.validate",
                "linuxX64.CommonAvgTimeBench.validate", "CommonAvgTimeBench.validateFlag", "ParserBenchmark.parse");
        assertThat(labels).doesNotHaveDuplicates().contains("linuxX64.CommonAvgTimeBench.validate");
        assertThat(browser.errors()).isEmpty();
    }

    static String sha(int commit) {
        return UUID.nameUUIDFromBytes((PROJECT + commit).getBytes(StandardCharsets.UTF_8)).toString().replace("-", "")
                + String.format("%08x", commit);
    }

    private static String run(int commit, int score) {
        StringBuilder jmh = new StringBuilder();
        for (String benchmark : BENCHMARKS) {
            if (!jmh.isEmpty()) {
                jmh.append(',');
            }
            jmh.append("""
                    {"benchmark": "%s", "mode": "avgt", "threads": 1, "forks": 2,
                     "jdkVersion": "21.0.1", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12",
                     "primaryMetric": {"score": %d, "scoreError": 1, "scoreUnit": "us/op",
                                       "rawData": [[%d, %d], [%d, %d]]}}""".formatted(benchmark, score, score,
                    score + 1, score - 1, score));
        }
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-03-0%dT10:00:00Z", "message": "Commit %d", "parents": [%s]},
                 "host": {"name": "bench-1", "hostClass": "4-core"},
                 "jmh": [%s]}""".formatted(UUID.nameUUIDFromBytes((PROJECT + "-run-" + commit).getBytes()), PROJECT,
                sha(commit), commit + 1, commit, commit == 0 ? "" : "\"" + sha(commit - 1) + "\"", jmh);
    }
}
