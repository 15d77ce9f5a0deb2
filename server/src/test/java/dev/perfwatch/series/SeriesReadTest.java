package dev.perfwatch.series;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

@ServerTest
class SeriesReadTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    JsonMapper json;

    @Autowired
    SeriesQueries queries;

    /**
     * A nightly benchmarked commits 1 and 4; a bisection later filled in 2 and 3, and a commit with a misleading
     * time (a rebased one, 5, dated before everything) came last: the points follow the first-parent chain.
     */
    @Test
    void pointsWhenCommitsArriveOutOfOrderFollowTheFirstParentChain() {
        String project = "order";
        Api api = Api.at(port);
        upload(api, project, 1, List.of(), "2026-01-01T00:00:00Z", 100);
        upload(api, project, 4, List.of(Runs.sha(3)), "2026-01-04T00:00:00Z", 400);
        upload(api, project, 2, List.of(Runs.sha(1)), "2026-01-02T00:00:00Z", 200);
        upload(api, project, 3, List.of(Runs.sha(2)), "2026-01-03T00:00:00Z", 300);
        upload(api, project, 5, List.of(Runs.sha(4)), "2025-06-01T00:00:00Z", 500);

        long series = primarySeries(api, project);
        JsonNode points = api.get("/api/v1/series/" + series + "/points").json();

        List<Double> scores = new ArrayList<>();
        points.forEach(point -> scores.add(point.get("score").asDouble()));
        assertThat(scores).containsExactly(100.0, 200.0, 300.0, 400.0, 500.0);
        assertThat(points.get(0).get("commit").get("sha").asString()).isEqualTo(Runs.sha(1));
        assertThat(points.get(0).get("commit").get("message").asString())
            .as("the subject line only").isEqualTo("Commit " + Runs.sha(1).substring(0, 7));
        assertThat(points.get(0).get("error").asDouble()).isEqualTo(1.0);
        assertThat(points.get(0).get("ciLower").asDouble()).isEqualTo(99.0);
        assertThat(points.get(0).get("run").asString()).isNotBlank();
    }

    @Test
    void pointsWhenNoParentsKnownFollowCommitTime() {
        String project = "by-time";
        Api api = Api.at(port);
        upload(api, project, 12, List.of(), "2026-02-03T00:00:00Z", 3);
        upload(api, project, 10, List.of(), "2026-02-01T00:00:00Z", 1);
        upload(api, project, 11, List.of(), "2026-02-02T00:00:00Z", 2);

        JsonNode points = api.get("/api/v1/series/" + primarySeries(api, project) + "/points").json();

        assertThat(points.findValuesAsString("sha")).containsExactly(Runs.sha(10), Runs.sha(11), Runs.sha(12));
    }

    @Test
    void pointsWhenLimitedReturnTheNewestInOrder() {
        String project = "limited";
        Api api = Api.at(port);
        for (int i = 1; i <= 5; i++) {
            upload(api, project, 20 + i, i == 1 ? List.of() : List.of(Runs.sha(20 + i - 1)), null, i);
        }

        JsonNode points = api.get("/api/v1/series/" + primarySeries(api, project) + "/points?limit=2").json();

        assertThat(points.findValuesAsString("sha")).containsExactly(Runs.sha(24), Runs.sha(25));
    }

    @Test
    void pointsWhenCsvAcceptedAnswersCsvWithQuotedMessages() {
        String project = "csv";
        Api api = Api.at(port);
        upload(api, project, 30, List.of(), "2026-03-01T00:00:00Z", 42.5);

        Api.Response csv = api.get("/api/v1/series/" + primarySeries(api, project) + "/points", "text/csv");

        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        String[] lines = csv.body().split("\n");
        assertThat(lines[0]).isEqualTo("sha,time,author,message,score,error,ci_lower,ci_upper,run");
        assertThat(lines[1]).startsWith(Runs.sha(30) + ",2026-03-01T00:00:00Z,Ada <ada@example.org>,Commit ")
            .contains(",42.5,0.425,");
    }

    @Test
    void seriesWhenFilteredByMetricAndHostClassListsOnlyThose() {
        String project = "filtered";
        Api api = Api.at(port);
        upload(api, project, 40, List.of(), null, 7);

        JsonNode all = api.get("/api/v1/series?project=" + project).json();
        JsonNode alloc = api.get("/api/v1/series?project=" + project + "&metric=gc.alloc.rate.norm").json();
        JsonNode other = api.get("/api/v1/series?project=" + project + "&hostClass=8-core").json();

        assertThat(all).hasSize(2);
        assertThat(alloc).hasSize(1);
        assertThat(alloc.get(0).get("metric").get("unit").asString()).isEqualTo("B/op");
        assertThat(alloc.get(0).get("metric").get("direction").asString()).isEqualTo("lower");
        assertThat(alloc.get(0).get("environment").get("hostClass").asString()).isEqualTo("4-core");
        assertThat(alloc.get(0).get("environment").get("jvmArgs").get(0).asString()).isEqualTo("-Xmx1g");
        assertThat(alloc.get(0).get("case").get("mode").asString()).isEqualTo("thrpt");
        assertThat(other).isEmpty();
        assertThat(api.get("/api/v1/benchmarks?project=" + project).json().get(0).get("name").asString())
            .isEqualTo("demo.Bench.write");
        assertThat(api.get("/api/v1/projects").body()).contains("\"name\":\"filtered\"");
    }

    /**
     * The points are written straight from the result set (PointsJson); they must stay what the records wrote,
     * byte for byte: nulls, a commit without time, non-finite numbers, a noisy run, quotes in a message.
     */
    @Test
    void pointsWhenStreamedAreWhatTheRecordsWrite() {
        String project = "streamed";
        Api api = Api.at(port);
        upload(api, project, 31, List.of(), "2026-03-01T10:15:30.123456Z", 1.5);
        ObjectNode withoutTime = Runs.run(UUID.randomUUID(), project, Runs.sha(32), List.of(Runs.sha(31)), null,
                Runs.thrpt("demo.Bench.write", 2.25));
        ((ObjectNode) withoutTime.get("commit")).put("message", "Say \"hi\" \\ \u00e9\n\nbody");
        ObjectNode primary = (ObjectNode) withoutTime.get("jmh").get(0).get("primaryMetric");
        primary.put("scoreError", "NaN");
        primary.putNull("scoreConfidence");
        assertThat(api.postJson("/api/v1/runs", withoutTime.toString()).status()).isEqualTo(201);
        upload(api, project, 33, List.of(Runs.sha(32)), "2026-03-03T00:00:00Z", 1e-300);
        long series = primarySeries(api, project);
        jdbc.sql("""
                insert into run_noise (run_id, noisy, reason, host_check)
                select run_id, true, 'load 3.1 per core', '{}' from result where series_id = :series
                order by position limit 1
                """).param("series", series).update();
        // as a result stored before V16 kept it: no copy of its run's time
        jdbc.sql("update result set recorded_at = null where series_id = :series and commit_id = "
                + "(select id from commit where sha = :sha)").param("series", series).param("sha", Runs.sha(33)).update();
        List<String> runTimes = jdbc.sql("""
                select run.created_at from result r join run on run.id = r.run_id
                where r.series_id = :series order by r.position
                """).param("series", series).query(java.sql.Timestamp.class).list()
            .stream().map(time -> time.toInstant().toString()).toList();

        Api.Response streamed = api.get("/api/v1/series/" + series + "/points");

        assertThat(streamed.contentType()).startsWith("application/json");
        String records = json.writeValueAsString(queries.points(series, 10_000, null, PointRange.Positions.ALL));
        assertThat(streamed.body()).isEqualTo(records);
        JsonNode points = streamed.json();
        assertThat(points).hasSize(3);
        List<String> recordedAt = new ArrayList<>();
        points.forEach(point -> recordedAt.add(point.get("recordedAt").asString()));
        assertThat(recordedAt).as("the run's time, copied or looked up").isEqualTo(runTimes);
        assertThat(points.get(0).get("noisy").asBoolean()).isTrue();
        assertThat(points.get(1).get("commit").get("time").isNull()).isTrue();
        assertThat(points.get(1).get("error").isNull()).isTrue();
        assertThat(points.get(1).get("commit").get("message").asString()).isEqualTo("Say \"hi\" \\ \u00e9");
        assertThat(api.get("/api/v1/series/" + series + "/points?from=" + Runs.sha(33) + "&to=" + Runs.sha(31))
            .body()).isEqualTo("[]");
    }

    @Test
    void readsWhenProjectOrSeriesUnknownAnswer404() {
        Api api = Api.at(port);

        assertThat(api.get("/api/v1/series?project=nope").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/benchmarks?project=nope").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/series/987654321/points").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/series/987654321/points?form=columns").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/series/987654321/points", "text/csv").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/series/987654321/points?to=" + Runs.sha(1)).status()).isEqualTo(404);
        assertThat(api.get("/api/v1/series/1/points?limit=0").json().get("field").asString()).isEqualTo("limit");
    }

    private static void upload(Api api, String project, int commit, List<String> parents, String time,
            double score) {
        Api.Response response = api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(commit),
                parents, time, Runs.thrpt("demo.Bench.write", score)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    private static long primarySeries(Api api, String project) {
        JsonNode series = api.get("/api/v1/series?project=" + project + "&metric=primary").json();
        assertThat(series).hasSize(1);
        return series.get(0).get("id").asLong();
    }
}
