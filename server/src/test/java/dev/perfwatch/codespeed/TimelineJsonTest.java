package dev.perfwatch.codespeed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /timeline/json/} against golden files. The environment, executables and benchmarks are created first with
 * fixed ids (5001, 5011-5012, 5021-5022), as an import does, so that the ids in the JSON are stable.
 */
@ServerTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TimelineJsonTest {

    static final String PROJECT = "golden-timeline";

    static final String SHA = "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678";

    static final String FLINK_REVISION = "b8e7fc387dd-ffcdbb4-1709258400";

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    CodespeedClient codespeed;

    @BeforeAll
    void storeHistory() {
        codespeed = new CodespeedClient(port);
        assertThat(codespeed.createEnvironment(5001, "Golden Env", "golden-4-core").get("id").asLong()).isEqualTo(5001);
        assertThat(codespeed.createExecutable(5011, PROJECT, "Flink", "master").get("id").asLong()).isEqualTo(5011);
        assertThat(codespeed.createExecutable(5012, PROJECT, "Flink Java17", "master").get("id").asLong())
            .isEqualTo(5012);
        codespeed.createBenchmark("""
                {"id": 5021, "name": "goldenThroughput", "description": "Records per millisecond",
                 "units": "ops/ms", "unitsTitle": "Time", "lessisbetter": false}""");
        codespeed.createBenchmark("""
                {"id": 5022, "name": "goldenMedian", "units": "ms", "lessisbetter": true, "dataType": "M"}""");

        List<Map<String, Object>> results = new ArrayList<>();
        results.add(result("Flink", SHA, "2024-03-01 02:00:00", "goldenThroughput", 100.5, "1.5"));
        results.add(result("Flink", FLINK_REVISION, "2024-03-02 02:00:00.250000", "goldenThroughput", 102.25, ""));
        results.get(1).put("tag", "release-1.19");
        results.add(result("Flink", "c0ffee0", "2024-03-03 02:00:00", "goldenThroughput", 99.0, "0.75"));
        results.add(result("Flink Java17", SHA, "2024-03-01 02:00:00", "goldenThroughput", 110.0, "2.0"));
        results.add(result("Flink Java17", "c0ffee0", "2024-03-03 02:00:00", "goldenThroughput", 111.5, "2.5"));
        results.add(median(SHA, "2024-03-01 02:00:00", 10.0, 9.5, 11.0, 9.8, 10.2));
        results.add(result("Flink", FLINK_REVISION, "2024-03-02 02:00:00.250000", "goldenMedian", 10.5, ""));
        results.add(median("c0ffee0", "2024-03-03 02:00:00", 9.75, 9.0, 10.5, 9.5, 10.0));
        Map<String, Object> feature = result("Flink", "feed123", "2024-03-04 02:00:00", "goldenThroughput", 90.0, "");
        feature.put("branch", "feature");
        results.add(feature);
        Api.Response response = codespeed.postJson(Runs.json.writeValueAsString(results));
        assertThat(response.status()).as(response.body()).isEqualTo(202);
    }

    private static Map<String, Object> result(String executable, String commitid, String date, String benchmark,
            double value, String stdDev) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("commitid", commitid);
        result.put("branch", "master");
        result.put("project", PROJECT);
        result.put("executable", executable);
        result.put("benchmark", benchmark);
        result.put("environment", "Golden Env");
        result.put("result_value", value);
        result.put("revision_date", date);
        result.put("std_dev", stdDev);
        return result;
    }

    private static Map<String, Object> median(String commitid, String date, double value, double min, double max,
            double q1, double q3) {
        Map<String, Object> result = result("Flink", commitid, date, "goldenMedian", value, "");
        result.put("min", min);
        result.put("max", max);
        result.put("q1", q1);
        result.put("q3", q3);
        return result;
    }

    private Api.Response timeline(Map<String, ?> query) {
        return codespeed.get("/timeline/json/", query);
    }

    @Test
    void timelineWhenNoShapeAskedAnswersCodespeed011Shape() {
        Api.Response response = timeline(Map.of("exe", "5011,5012", "ben", "goldenThroughput", "env", "5001",
                "revs", "10"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.contentType()).startsWith("application/json");
        Golden.assertMatches("timeline-0.11.json", response.body());
    }

    @Test
    void timelineWhenShape013AskedAnswersWithTagsAndDataType() {
        Api.Response response = timeline(Map.of("exe", "5011,5012", "ben", "goldenThroughput", "env", "5001",
                "shape", "0.13"));

        Golden.assertMatches("timeline-0.13.json", response.body());
    }

    @Test
    void timelineWhenMedianBenchmarkInShape013AnswersQuartiles() {
        Api.Response response = timeline(Map.of("exe", "5011", "ben", "goldenMedian", "env", "5001", "shape", "0.13"));

        Golden.assertMatches("timeline-median-0.13.json", response.body());
    }

    @Test
    void timelineWhenNamesAndBaselineGivenKeysPointsByTheNameAndDrawsTheBaseline() {
        long revision = jdbc.sql("select id from codespeed_revision where commitid = :commitid")
            .param("commitid", SHA)
            .query(Long.class)
            .single();

        Api.Response response = timeline(Map.of("exe", "Flink", "ben", "goldenThroughput", "env", "Golden Env",
                "revs", "2", "base", "5012+" + revision));

        Golden.assertMatches("timeline-names-baseline.json", response.body());
    }

    @Test
    void timelineWhenGridAskedAnswersEveryBenchmarkWithData() {
        Api.Response response = timeline(Map.of("exe", "5011", "ben", "grid", "env", "5001"));

        Golden.assertMatches("timeline-grid.json", response.body());
    }

    @Test
    void timelineWhenOtherBranchAskedAnswersItsPoints() {
        JsonNode body = timeline(Map.of("exe", "5011", "ben", "goldenThroughput", "env", "5001", "bran", "feature"))
            .json();

        assertThat(body.get("timelines").get(0).get("branches").get("feature").get("5011").get(0).get(3).asString())
            .isEqualTo("feed123");
    }

    /** What Flink's regression_report_v2.py does with the answer: unpack five-tuples of the default branch. */
    @Test
    void timelineWhenReadAsFlinkRegressionScriptUnpacksScoresAndDirection() {
        String exe = "5011";
        JsonNode timelines = timeline(Map.of("exe", exe, "ben", "goldenThroughput", "env", 5001, "revs", 33))
            .json()
            .get("timelines")
            .get(0);
        JsonNode result = timelines.get("branches").get("master").get(exe);
        boolean lessIsBetter = timelines.get("lessisbetter").asString().equals(" (less is better)");

        List<Double> scores = new ArrayList<>();
        for (JsonNode point : result) {
            assertThat(point.size()).as("(date, score, deviation, commit, branch)").isEqualTo(5);
            scores.add(point.get(1).asDouble());
        }
        assertThat(scores).containsExactly(99.0, 102.25, 100.5);
        assertThat(lessIsBetter).isFalse();
    }

    @Test
    void timelineWhenRevisionStoredAgainShowsTheNewValueOnce() {
        List<Map<String, Object>> first = List.of(result("Flink", "abcdef1", "2024-05-01 00:00:00", "rerunBenchmark",
                1.0, ""));
        first.get(0).put("project", "golden-rerun");
        List<Map<String, Object>> second = List.of(new LinkedHashMap<>(first.get(0)));
        second.get(0).put("result_value", 2.0);
        codespeed.postJson(Runs.json.writeValueAsString(first));
        codespeed.postJson(Runs.json.writeValueAsString(second));
        long executable = jdbc.sql("""
                select x.id from codespeed_executable x join project p on p.id = x.project_id
                where p.name = 'golden-rerun'""").query(Long.class).single();

        JsonNode points = timeline(Map.of("exe", executable, "ben", "rerunBenchmark", "env", "5001")).json()
            .get("timelines").get(0).get("branches").get("master").get(Long.toString(executable));

        assertThat(points).hasSize(1);
        assertThat(points.get(0).get(1).asDouble()).isEqualTo(2.0);
    }

    @Test
    void timelineWhenNoExecutableAnswersCodespeedError() {
        Api.Response response = timeline(Map.of("ben", "goldenThroughput", "env", "5001"));

        assertThat(response.status()).isEqualTo(200);
        Golden.assertMatches("timeline-no-executables.json", response.body());
    }

    @Test
    void timelineWhenNothingStoredForTheSelectionAnswersCodespeedError() {
        Api.Response response = timeline(Map.of("exe", "5012", "ben", "goldenMedian", "env", "5001"));

        assertThat(response.status()).isEqualTo(200);
        Golden.assertMatches("timeline-no-data.json", response.body());
    }

    @Test
    void timelineWhenShowNoneAnswersNoTimelinesAndNoError() {
        JsonNode body = timeline(Map.of("exe", "5011", "ben", "show_none", "env", "5001")).json();

        assertThat(body.get("error").asString()).isEqualTo("None");
        assertThat(body.get("timelines")).isEmpty();
    }

    @Test
    void timelineWhenEnvironmentUnknownAnswers404() {
        assertThat(timeline(Map.of("exe", "5011", "ben", "goldenThroughput", "env", "999999")).status()).isEqualTo(404);
        assertThat(timeline(Map.of("exe", "5011", "ben", "goldenThroughput")).status()).isEqualTo(404);
    }

    @Test
    void timelineWhenBenchmarkUnknownAnswers404() {
        assertThat(timeline(Map.of("exe", "5011", "ben", "noSuchBenchmark", "env", "5001")).status()).isEqualTo(404);
    }

    @Test
    void timelineWhenBenchmarkMissingAnswers400NamingIt() {
        Api.Response response = timeline(Map.of("exe", "5011", "env", "5001"));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo("ben");
    }

    @Test
    void timelineWhenRevisionsNotANumberAnswers400NamingThem() {
        Api.Response response = timeline(Map.of("exe", "5011", "ben", "goldenThroughput", "env", "5001", "revs", "all"));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo("revs");
    }
}
