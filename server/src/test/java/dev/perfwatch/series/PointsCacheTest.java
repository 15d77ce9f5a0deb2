package dev.perfwatch.series;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The points read takes its commits from {@link CommitCache} instead of joining {@code commit} per point; it must
 * answer what the join answered (the statement before the cache is kept here as the reference) on odd histories: a
 * bisection's commits arriving after their successors, a commit measured twice, a commit the series skipped, a
 * commit first stored without a time and given one by a later upload.
 */
@ServerTest
class PointsCacheTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    JsonMapper json;

    @Test
    void pointsWhenCommitsCachedAreWhatTheJoinReads() {
        String project = "cached";
        Api api = Api.at(port);
        upload(api, project, 1, List.of(), "2026-02-01T00:00:00Z", "demo.Cache.read", 10);
        upload(api, project, 4, List.of(Runs.sha(3)), "2026-02-04T00:00:00Z", "demo.Cache.read", 40);
        upload(api, project, 2, List.of(Runs.sha(1)), "2026-02-02T00:00:00Z", "demo.Cache.read", 20);
        upload(api, project, 3, List.of(Runs.sha(2)), "2026-02-03T00:00:00Z", "demo.Cache.read", 30);
        upload(api, project, 3, List.of(Runs.sha(2)), "2026-02-03T00:00:00Z", "demo.Cache.read", 31);
        // commit 5 is measured by another benchmark only: a gap in the series
        upload(api, project, 5, List.of(Runs.sha(4)), "2026-02-05T00:00:00Z", "demo.Cache.other", 1);
        upload(api, project, 6, List.of(Runs.sha(5)), null, "demo.Cache.read", 60);
        long series = api.get("/api/v1/series?project=" + project + "&metric=primary&benchmark=demo.Cache.read")
            .json().get(0).get("id").asLong();
        String points = "/api/v1/series/" + series + "/points";

        for (int read = 0; read < 2; read++) {
            // the second round reads every complete commit from the cache
            assertThat(api.get(points).body()).isEqualTo(reference(series, 10_000, null, null, null));
            assertThat(api.get(points + "?limit=3").body()).isEqualTo(reference(series, 3, null, null, null));
            assertThat(api.get(points + "?from=" + Runs.sha(2) + "&to=" + Runs.sha(4)).body())
                .isEqualTo(reference(series, 10_000, null, Runs.sha(2), Runs.sha(4)));
            assertThat(api.get(points + "?since=2026-02-03T00:00:00Z").body())
                .isEqualTo(reference(series, 10_000, Instant.parse("2026-02-03T00:00:00Z"), null, null));
        }
        assertThat(api.get(points).json()).hasSize(6);
        assertThat(api.get(points).json().get(5).get("commit").get("time").isNull()).isTrue();

        // commit 6 was read without a time, so it was not kept; an upload now gives it one
        upload(api, project, 6, List.of(Runs.sha(5)), "2026-02-06T00:00:00Z", "demo.Cache.read", 61);

        assertThat(api.get(points).body()).isEqualTo(reference(series, 10_000, null, null, null));
        assertThat(api.get(points).json().get(6).get("commit").get("time").asString())
            .isEqualTo("2026-02-06T00:00:00Z");
    }

    /** The points statement before the commit cache, written by databind. */
    private String reference(long series, int limit, Instant since, String from, String to) {
        return json.writeValueAsString(JoinedPoints.read(jdbc, series, limit, since, from, to));
    }

    private static void upload(Api api, String project, int commit, List<String> parents, String time,
            String benchmark, double score) {
        Api.Response response = api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(commit),
                parents, time, Runs.thrpt(benchmark, score)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }
}
