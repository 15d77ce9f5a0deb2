package dev.perfwatch.changepoints;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
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
 * The change-point list's order and limit across commits, with each filter: the list picks the newest commits with a
 * matching change point first and then their change points, so a filter applied to one step and not the other
 * returns too few rows or the wrong ones. Newest first means by the commit's time (unknown last), then the commit,
 * then the change point.
 */
@ServerTest
class ChangePointListTest {

    private static final String PROJECT = "cp-list";

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    Api api;

    Seeds seeds;

    long a;

    long b;

    long c;

    /** Change points in the order the list must give them, newest first. */
    final List<Long> newestFirst = new ArrayList<>();

    @BeforeEach
    void setUp() {
        api = Api.at(port);
        seeds = new Seeds(api, jdbc, PROJECT);
        if (jdbc.sql("select count(*) from project where name = :p").param("p", PROJECT).query(Long.class).single() == 0) {
            Map<String, Double> scores = Map.of("16", 100.0, "64", 50.0, "256", 20.0);
            seeds.run(1, "4-core", scores, 64, "2026-01-01T00:00:00Z");
            seeds.run(2, "4-core", scores, 64, "2026-01-02T00:00:00Z");
            seeds.run(3, "4-core", scores, 64, "2026-01-03T00:00:00Z");
            seeds.run(4, "4-core", scores, 64, null);
        }
        a = seeds.series("16", "primary", "4-core");
        b = seeds.series("64", "primary", "4-core");
        c = seeds.series("256", "primary", "4-core");
        jdbc.sql("delete from suspect where series_id in (:series)").param("series", List.of(a, b, c)).update();
        // inserted oldest commit first, so that the suspect ids do not already give the order by commit
        long a4 = suspect(a, 4, "historical");
        long a2 = suspect(a, 2, "alerted");
        long b2 = suspect(b, 2, "historical");
        long c2 = suspect(c, 2, "dismissed");
        long a3 = suspect(a, 3, "historical");
        long b3 = suspect(b, 3, "alerted");
        newestFirst.addAll(List.of(b3, a3, c2, b2, a2, a4));
    }

    @Test
    void newestCommitFirstThenNewestChangePointWithUnknownTimesLast() {
        assertThat(ids("")).containsExactlyElementsOf(newestFirst);
    }

    @Test
    void aLimitCutsAcrossCommitsInThatOrder() {
        assertThat(ids("&limit=2")).containsExactlyElementsOf(newestFirst.subList(0, 2));
        assertThat(ids("&limit=4")).containsExactlyElementsOf(newestFirst.subList(0, 4));
        assertThat(ids("&limit=1")).containsExactlyElementsOf(newestFirst.subList(0, 1));
    }

    @Test
    void eachFilterChoosesTheCommitsAndTheirChangePoints() {
        // the newest commit, 3, holds change points of other series and statuses only: a filter left out of the
        // step that picks the commits would pick it and return nothing
        assertThat(ids("&series=" + c + "&limit=1")).containsExactly(newestFirst.get(2));
        assertThat(ids("&status=dismissed&limit=1")).containsExactly(newestFirst.get(2));
        assertThat(ids("&series=" + a + "&limit=2")).containsExactly(newestFirst.get(1), newestFirst.get(4));
        assertThat(ids("&series=" + a)).containsExactly(newestFirst.get(1), newestFirst.get(4), newestFirst.get(5));
        assertThat(ids("&status=alerted")).containsExactly(newestFirst.get(0), newestFirst.get(4));
        assertThat(ids("&status=historical&limit=2")).containsExactly(newestFirst.get(1), newestFirst.get(3));
        assertThat(ids("&status=dismissed&series=" + a)).isEmpty();
        assertThat(ids("&since=2026-01-02T12:00:00Z")).containsExactlyElementsOf(newestFirst.subList(0, 2));
    }

    @Test
    void perCommitKeepsTheNewestOfEachCommitSoThatOlderCommitsReachTheList() {
        // commit 3 holds b3 and a3, commit 2 c2, b2 and a2, commit 4 (time unknown, last) a4
        assertThat(ids("&perCommit=1")).containsExactly(newestFirst.get(0), newestFirst.get(2), newestFirst.get(5));
        assertThat(ids("&perCommit=2&limit=3")).containsExactlyElementsOf(newestFirst.subList(0, 3));
        assertThat(ids("&perCommit=1&status=historical")).containsExactly(newestFirst.get(1), newestFirst.get(3),
                newestFirst.get(5));
        assertThat(ids("&perCommit=1000&limit=4")).containsExactlyElementsOf(newestFirst.subList(0, 4));
        for (String bad : List.of("0", "1001", "x")) {
            Api.Response response = api.get("/api/v1/change-points?project=" + PROJECT + "&perCommit=" + bad);
            assertThat(response.status()).as(bad).isEqualTo(400);
            assertThat(response.body()).as(bad).contains("perCommit");
        }
    }

    private List<Long> ids(String query) {
        Api.Response response = api.get("/api/v1/change-points?project=" + PROJECT + query);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<Long> ids = new ArrayList<>();
        for (JsonNode point : response.json()) {
            ids.add(point.get("id").asLong());
        }
        return ids;
    }

    private long suspect(long series, int commit, String status) {
        return jdbc.sql("""
                insert into suspect (series_id, first_bad_commit_id, last_good_commit_id, direction, magnitude,
                                     confidence, before_value, before_lower, before_upper, before_points,
                                     after_value, after_lower, after_upper, after_points, status)
                values (:series, :bad, :good, 'regression', -0.1, 0.99, 100, 99, 101, 10, 90, 89, 91, 3, :status)
                returning id
                """)
            .param("series", series)
            .param("bad", seeds.commit(commit))
            .param("good", seeds.commit(commit - 1))
            .param("status", status)
            .query(Long.class)
            .single();
    }
}
