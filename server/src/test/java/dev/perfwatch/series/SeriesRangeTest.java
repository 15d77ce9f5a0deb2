package dev.perfwatch.series;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** Range reads (from/to as commits or times) and the min/max overview of a long history. */
@ServerTest
class SeriesRangeTest {

    /** Commits 1..30 in a first-parent chain, one a day from 2026-01-01, scoring 1..30 except commit 14 at 100. */
    private static final int COMMITS = 30;

    @LocalServerPort
    int port;

    @Autowired
    javax.sql.DataSource dataSource;

    @Test
    void overviewWhenHistoryLongerThanBucketsGivesMinMaxPerBucketWithItsCommits() {
        Api api = Api.at(port);
        long series = history(api);

        JsonNode overview = api.get("/api/v1/series/" + series + "/points?buckets=10").json();

        assertThat(overview.get("total").asLong()).isEqualTo(COMMITS);
        assertThat(overview.get("bucketed").asBoolean()).isTrue();
        assertThat(overview.get("points")).isEmpty();
        JsonNode buckets = overview.get("buckets");
        assertThat(buckets).hasSize(10);
        List<Long> counts = new ArrayList<>();
        buckets.forEach(bucket -> counts.add(bucket.get("count").asLong()));
        assertThat(counts).containsOnly(3L);
        JsonNode fifth = buckets.get(4);
        assertThat(fifth.get("first").get("sha").asString()).isEqualTo(Runs.sha(BASE + 13));
        assertThat(fifth.get("last").get("sha").asString()).isEqualTo(Runs.sha(BASE + 15));
        assertThat(fifth.get("first").get("time").asString()).isEqualTo("2026-01-13T00:00:00Z");
        assertThat(fifth.get("min").asDouble()).isEqualTo(13.0);
        assertThat(fifth.get("max").asDouble()).as("the spike at commit 14 survives the overview").isEqualTo(100.0);
        assertThat(fifth.get("mean").asDouble()).isCloseTo((13 + 100 + 15) / 3.0,
                org.assertj.core.data.Offset.offset(1e-9));
    }

    /**
     * A commit measured twice makes the positions no longer one per point: buckets must still split the points
     * evenly by rank (31 points in 10 buckets: 4, then 3 each), not by position.
     */
    @Test
    void overviewWhenACommitHasTwoResultsBucketsByRankNotPosition() {
        Api api = Api.at(port);
        long series = upload(api, "ranges-repeat", 2000);
        Api.Response again = api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), "ranges-repeat",
                Runs.sha(2000 + 3), List.of(Runs.sha(2000 + 2)), "2026-01-03T00:00:00Z",
                Runs.thrpt("demo.Range.read", 3)).toString());
        assertThat(again.status()).as(again.body()).isEqualTo(201);

        JsonNode overview = api.get("/api/v1/series/" + series + "/points?buckets=10").json();

        assertThat(overview.get("total").asLong()).isEqualTo(COMMITS + 1);
        List<Long> counts = new ArrayList<>();
        overview.get("buckets").forEach(bucket -> counts.add(bucket.get("count").asLong()));
        assertThat(counts).containsExactly(4L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L);
        assertThat(overview.get("buckets").get(0).get("last").get("sha").asString()).isEqualTo(Runs.sha(2000 + 3));
        assertThat(overview.get("buckets").get(9).get("last").get("sha").asString())
            .isEqualTo(Runs.sha(2000 + COMMITS));
    }

    @Test
    void overviewWhenZoomedToFewerPointsThanBucketsGivesThePoints() {
        Api api = Api.at(port);
        long series = history(api);

        JsonNode zoom = api.get("/api/v1/series/" + series + "/points?buckets=10&from=" + Runs.sha(BASE + 13)
                + "&to=" + Runs.sha(BASE + 15)).json();

        assertThat(zoom.get("bucketed").asBoolean()).isFalse();
        assertThat(zoom.get("total").asLong()).isEqualTo(3);
        assertThat(zoom.get("buckets")).isEmpty();
        assertThat(zoom.get("points").findValuesAsString("sha"))
            .containsExactly(Runs.sha(BASE + 13), Runs.sha(BASE + 14), Runs.sha(BASE + 15));
        assertThat(zoom.get("points").get(1).get("score").asDouble()).isEqualTo(100.0);
    }

    @Test
    void pointsWhenRangeGivenAsCommitsOrTimesReturnOnlyThatRangeNewestFirstByLimit() {
        Api api = Api.at(port);
        long series = history(api);
        String points = "/api/v1/series/" + series + "/points";

        JsonNode byCommit = api.get(points + "?from=" + Runs.sha(BASE + 5) + "&to=" + Runs.sha(BASE + 9)).json();
        JsonNode byTime = api.get(points + "?from=2026-01-05T00:00:00Z&to=2026-01-09T12:00:00Z").json();
        JsonNode limited = api.get(points + "?from=" + Runs.sha(BASE + 5) + "&to=" + Runs.sha(BASE + 9) + "&limit=2")
            .json();
        JsonNode openEnded = api.get(points + "?from=2026-01-28T00:00:00Z").json();
        JsonNode beforeEverything = api.get(points + "?to=2025-01-01T00:00:00Z").json();

        List<String> five = List.of(Runs.sha(BASE + 5), Runs.sha(BASE + 6), Runs.sha(BASE + 7), Runs.sha(BASE + 8),
                Runs.sha(BASE + 9));
        assertThat(byCommit.findValuesAsString("sha")).containsExactlyElementsOf(five);
        assertThat(byTime.findValuesAsString("sha")).containsExactlyElementsOf(five);
        assertThat(limited.findValuesAsString("sha")).containsExactly(Runs.sha(BASE + 8), Runs.sha(BASE + 9));
        assertThat(openEnded.findValuesAsString("sha")).containsExactly(Runs.sha(BASE + 28), Runs.sha(BASE + 29),
                Runs.sha(BASE + 30));
        assertThat(beforeEverything).isEmpty();
    }

    @Test
    void pointsWhenRangeUnreadableAnswer400NamingTheField() {
        Api api = Api.at(port);
        long series = history(api);
        String points = "/api/v1/series/" + series + "/points";

        Api.Response notATime = api.get(points + "?from=yesterday");
        Api.Response unknownCommit = api.get(points + "?to=" + "abcdef0");
        Api.Response tooManyBuckets = api.get(points + "?buckets=0");

        assertThat(notATime.status()).isEqualTo(400);
        assertThat(notATime.json().get("field").asString()).isEqualTo("from");
        assertThat(unknownCommit.status()).isEqualTo(400);
        assertThat(unknownCommit.json().get("field").asString()).isEqualTo("to");
        assertThat(tooManyBuckets.json().get("field").asString()).isEqualTo("buckets");
    }

    /** The read walks the (series_id, position) index for the range instead of sorting the whole series. */
    @Test
    void rangeReadPlanIsAnIndexScanWithoutASortOfTheSeries() throws java.sql.SQLException {
        long series = history(Api.at(port));

        StringBuilder plan = new StringBuilder();
        try (java.sql.Connection connection = dataSource.getConnection();
                java.sql.Statement statement = connection.createStatement()) {
            // A 30-point table is cheaper to scan than to index; the question is the shape, not the choice.
            statement.execute("set enable_seqscan = off");
            statement.execute("set enable_bitmapscan = off");
            try (java.sql.ResultSet rs = statement.executeQuery("""
                    explain select commit_id from result
                    where series_id = %d
                      and position >= coalesce(cast(3 as numeric), '-Infinity')
                      and position <= coalesce(cast(null as numeric), 'Infinity')
                    order by position desc limit 5
                    """.formatted(series))) {
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
            }
            statement.execute("reset all");
        }

        assertThat(plan).contains("Index").contains("result_series_position").doesNotContain("Sort");
    }

    private static final int BASE = 1000;

    private static Long series;

    /** The history is made once and only read by every test. */
    private synchronized long history(Api api) {
        if (series == null) {
            series = upload(api, "ranges", BASE);
        }
        return series;
    }

    private static long upload(Api api, String project, int base) {
        for (int i = 1; i <= COMMITS; i++) {
            double score = i == 14 ? 100 : i;
            Api.Response response = api.postJson("/api/v1/runs",
                    Runs.run(UUID.randomUUID(), project, Runs.sha(base + i),
                            i == 1 ? List.of() : List.of(Runs.sha(base + i - 1)),
                            String.format("2026-01-%02dT00:00:00Z", i), Runs.thrpt("demo.Range.read", score))
                        .toString());
            assertThat(response.status()).as(response.body()).isEqualTo(201);
        }
        JsonNode series = api.get("/api/v1/series?project=" + project + "&metric=primary").json();
        return series.get(0).get("id").asLong();
    }
}
