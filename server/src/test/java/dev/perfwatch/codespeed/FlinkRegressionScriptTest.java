package dev.perfwatch.codespeed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Flink's nightly regression_report_v2.py against perfwatch, step by step as the script does it: the latest
 * revision of each executable scraped from {@code reports}, the benchmark names from {@code changes/table/}, then
 * each benchmark's history from {@code timeline/json/}, unpacked as five-tuples.
 */
@ServerTest
class FlinkRegressionScriptTest {

    /** The script's ENVIRONMENT = 2, here an id of our own so that other tests' environments cannot hold it. */
    static final long ENVIRONMENT = 6002;

    @LocalServerPort
    int port;

    @Test
    void regressionScriptWhenTwoNightliesStoredFindsTheLatestRevisionItsBenchmarksAndTheirHistory() {
        CodespeedClient codespeed = new CodespeedClient(port);
        codespeed.createEnvironment(ENVIRONMENT, "Flink Nightly Host", "flink-nightly");
        String csv = """
                "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%%)","Unit"
                "org.apache.flink.benchmark.RemoteBenchmark.remoteRebalance","thrpt",1,30,%s,1.5,"ops/ms"
                "org.apache.flink.benchmark.SortingBenchmark.sortedTwoInput","thrpt",1,30,%s,2.5,"ops/ms"
                """;
        for (String[] nightly : new String[][] { { "1a2b3c4d5e6-aaaaaaa-1647231150", "2022-03-14 02:00:00", "100",
                "200" }, { "7f8e9d0c1b2-aaaaaaa-1647317550", "2022-03-15 02:00:00", "90", "201" } }) {
            Api.Response response = codespeed.postJson(FlinkUploader.results(csv.formatted(nightly[2], nightly[3]),
                    nightly[0], "master", "Flink Nightly Host", "flink-nightly", "Flink", nightly[1]));
            assertThat(response.status()).as(response.body()).isEqualTo(202);
        }

        Map<String, String> revisions = loadExecutableAndRevisions(codespeed);
        String exe = revisions.entrySet()
            .stream()
            .filter(entry -> entry.getValue().equals("7f8e9d0c1b2-aaaaaaa-1647317550"))
            .map(Map.Entry::getKey)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no report of the latest nightly in " + revisions));
        List<String> benchmarks = loadBenchmarkNames(codespeed, exe, revisions.get(exe));

        assertThat(benchmarks).containsExactly("remoteRebalance", "sortedTwoInput");
        JsonNode timelines = codespeed.get("/timeline/json/", Map.of("exe", exe, "ben", "remoteRebalance", "env",
                ENVIRONMENT, "revs", 33)).json().get("timelines").get(0);
        List<Double> scores = new ArrayList<>();
        for (JsonNode point : timelines.get("branches").get("master").get(exe)) {
            assertThat(point).hasSize(5);
            scores.add(point.get(1).asDouble());
        }
        assertThat(scores).containsExactly(90.0, 100.0);
        assertThat(timelines.get("lessisbetter").asString()).isEqualTo(" (more is better)");
    }

    /** regression_report.py's loadExecutableAndRevisions: the first rev per exe, from links in the reports page. */
    private static Map<String, String> loadExecutableAndRevisions(CodespeedClient codespeed) {
        Api.Response response = codespeed.get("/reports", Map.of());
        assertThat(response.status()).isEqualTo(200);
        Map<String, String> revisions = new LinkedHashMap<>();
        Pattern pair = Pattern.compile("([a-z]+)=([a-z0-9\\-]+)");
        for (String line : response.body().split("\n")) {
            Map<String, String> reports = new LinkedHashMap<>();
            Matcher matcher = pair.matcher(line);
            while (matcher.find()) {
                reports.put(matcher.group(1), matcher.group(2));
            }
            if (reports.containsKey("exe") && reports.containsKey("rev")) {
                revisions.putIfAbsent(reports.get("exe"), reports.get("rev"));
            }
        }
        return revisions;
    }

    /** regression_report.py's loadBenchmarkNames for one executable: rows {@code <td title="">name</td>}. */
    private static List<String> loadBenchmarkNames(CodespeedClient codespeed, String exe, String rev) {
        Api.Response response = codespeed.get("/changes/table/", Map.of("tre", "10", "rev", rev, "exe", exe, "env",
                ENVIRONMENT));
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<String> benchmarks = new ArrayList<>();
        for (String line : response.body().split("\n")) {
            if (line.contains("<td title=\"\">")) {
                Matcher name = Pattern.compile(">([^<]+)<").matcher(line);
                assertThat(name.find()).isTrue();
                benchmarks.add(name.group(1));
            }
        }
        return benchmarks;
    }

    @Test
    void changesTableWhenRevisionUnknownAnswers404() {
        Api.Response response = new CodespeedClient(port).get("/changes/table/", Map.of("tre", "10", "rev", "nope",
                "exe", "1", "env", "1"));

        assertThat(response.status()).isEqualTo(404);
    }
}
