package dev.perfwatch.series;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code form=columns} must carry the default form's points, value for value (instants to the millisecond), on odd
 * data: a commit without a time, a commit measured twice, a gap, NaN and infinite numbers, a null error and
 * interval, a noisy run, microseconds in a time; and for every range a read can ask (limit, from/to, since, empty).
 */
@ServerTest
class PointColumnsTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void columnsWhenExpandedAreTheDefaultFormsPoints() {
        String project = "columns";
        Api api = Api.at(port);
        upload(api, project, 1, List.of(), "2026-03-01T10:15:30.123456Z", "demo.Columns.read", 1.5);
        ObjectNode withoutTime = Runs.run(UUID.randomUUID(), project, Runs.sha(2), List.of(Runs.sha(1)), null,
                Runs.thrpt("demo.Columns.read", 2.25));
        ObjectNode primary = (ObjectNode) withoutTime.get("jmh").get(0).get("primaryMetric");
        primary.put("scoreError", "NaN");
        primary.putNull("scoreConfidence");
        assertThat(api.postJson("/api/v1/runs", withoutTime.toString()).status()).isEqualTo(201);
        upload(api, project, 3, List.of(Runs.sha(2)), "2026-03-03T00:00:00Z", "demo.Columns.read", 3);
        upload(api, project, 3, List.of(Runs.sha(2)), "2026-03-03T00:00:00Z", "demo.Columns.read", 3.5);
        // commit 4 is measured by another benchmark only: a gap in the series
        upload(api, project, 4, List.of(Runs.sha(3)), "2026-03-04T00:00:00Z", "demo.Columns.other", 1);
        upload(api, project, 5, List.of(Runs.sha(4)), "2026-03-05T00:00:00Z", "demo.Columns.read", 1e-300);
        long series = api.get("/api/v1/series?project=" + project + "&metric=primary&benchmark=demo.Columns.read")
            .json().get(0).get("id").asLong();
        jdbc.sql("""
                update result set score = 'NaN', ci_upper = 'Infinity'
                where series_id = :series
                  and commit_id = (select c.id from commit c join series s on s.project_id = c.project_id
                                   where s.id = :series and c.sha = :sha)
                """).param("series", series).param("sha", Runs.sha(5)).update();
        jdbc.sql("""
                insert into run_noise (run_id, noisy, reason, host_check)
                select run_id, true, 'load 3.1 per core', '{}' from result where series_id = :series
                order by position limit 1
                """).param("series", series).update();
        // authors are written once and named by index: none, a second one, the first one again
        jdbc.sql("""
                update commit set author = case sha when :none then null when :other then 'Bob <bob@example.org>'
                                                    else author end
                where project_id = (select project_id from series where id = :series)
                """).param("none", Runs.sha(2)).param("other", Runs.sha(3)).param("series", series).update();
        String points = "/api/v1/series/" + series + "/points";

        for (String read : List.of("", "?limit=2", "?from=" + Runs.sha(2) + "&to=" + Runs.sha(3),
                "?since=2026-03-02T00:00:00Z", "?from=" + Runs.sha(5) + "&to=" + Runs.sha(1))) {
            JsonNode list = api.get(points + read).json();
            Api.Response columns = api.get(points + read + (read.isEmpty() ? "?" : "&") + "form=columns");
            assertThat(columns.status()).isEqualTo(200);
            assertThat(columns.contentType()).startsWith("application/json");
            assertThat(expand(columns.json())).as(read).isEqualTo(inMillis(list));
        }
        JsonNode all = api.get(points + "?form=columns").json();
        assertThat(all.get("commit")).hasSize(5);
        assertThat(all.get("commits").get("sha")).as("commit 3, measured twice, is listed once").hasSize(4);
        assertThat(all.get("commits").get("time").get(1).isNull()).isTrue();
        assertThat(all.get("authors")).as("two authors over four commits").hasSize(2);
        assertThat(all.get("commits").get("author").get(1).isNull()).isTrue();
        assertThat(all.get("score").get(4).isNull()).as("NaN").isTrue();
        assertThat(all.get("noisy").get(0).asBoolean()).isTrue();
    }

    @Test
    void columnsWhenFormUnknownAnswer400NamingForm() {
        Api api = Api.at(port);
        upload(api, "columns-form", 1, List.of(), "2026-03-01T00:00:00Z", "demo.Columns.form", 1);
        long series = api.get("/api/v1/series?project=columns-form&metric=primary").json().get(0).get("id").asLong();

        Api.Response refused = api.get("/api/v1/series/" + series + "/points?form=rows");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("field").asString()).isEqualTo("form");
    }

    @Test
    void columnsWhenFieldsChosenWriteOnlyThoseWithTheSameValues() {
        Api api = Api.at(port);
        upload(api, "columns-fields", 1, List.of(), "2026-03-01T00:00:00Z", "demo.Columns.fields", 1.25);
        upload(api, "columns-fields", 2, List.of(Runs.sha(1)), "2026-03-02T00:00:00Z", "demo.Columns.fields", 2.5);
        long series = api.get("/api/v1/series?project=columns-fields&metric=primary").json().get(0).get("id")
            .asLong();
        String points = "/api/v1/series/" + series + "/points?form=columns";
        JsonNode all = api.get(points).json();

        JsonNode chosen = api.get(points + "&fields=score,noisy,recordedAt").json();

        assertThat(chosen.propertyNames()).containsExactly("commits", "authors", "commit", "score", "recordedAt",
                "noisy");
        for (String field : List.of("commits", "authors", "commit", "score", "recordedAt", "noisy")) {
            assertThat(chosen.get(field)).as(field).isEqualTo(all.get(field));
        }
        assertThat(api.get(points + "&fields=score,error,ciLower,ciUpper,run,recordedAt,noisy,noiseReason").body())
            .as("every field named is the default").isEqualTo(api.get(points).body());
    }

    @Test
    void columnsWhenFieldsUnknownOrWithoutColumnsAnswer400NamingFields() {
        Api api = Api.at(port);
        upload(api, "columns-no-fields", 1, List.of(), "2026-03-01T00:00:00Z", "demo.Columns.nofields", 1);
        long series = api.get("/api/v1/series?project=columns-no-fields&metric=primary").json().get(0).get("id")
            .asLong();
        String points = "/api/v1/series/" + series + "/points";

        for (String read : List.of("?form=columns&fields=score,sha", "?form=columns&fields=", "?fields=score")) {
            Api.Response refused = api.get(points + read);

            assertThat(refused.status()).as(read).isEqualTo(400);
            assertThat(refused.json().get("field").asString()).as(read).isEqualTo("fields");
        }
    }

    /** The columns turned back into the default form's list, instants as epoch milliseconds. */
    private static JsonNode expand(JsonNode columns) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        JsonNode commits = columns.get("commits");
        ArrayNode points = nodes.arrayNode();
        for (int i = 0; i < columns.get("commit").size(); i++) {
            int c = columns.get("commit").get(i).asInt();
            ObjectNode point = points.addObject();
            ObjectNode commit = point.putObject("commit");
            for (String field : List.of("sha", "time", "author", "message")) {
                commit.set(field, commits.get(field).get(c));
            }
            JsonNode author = commits.get("author").get(c);
            commit.set("author", author.isNull() ? author : columns.get("authors").get(author.asInt()));
            for (String field : List.of("score", "error", "ciLower", "ciUpper", "run", "recordedAt", "noisy",
                    "noiseReason")) {
                point.set(field, columns.get(field).get(i));
            }
        }
        return points;
    }

    private static JsonNode inMillis(JsonNode list) {
        ArrayNode copy = ((ArrayNode) list).deepCopy();
        for (JsonNode point : copy) {
            millis((ObjectNode) point.get("commit"), "time");
            millis((ObjectNode) point, "recordedAt");
        }
        return copy;
    }

    private static void millis(ObjectNode node, String field) {
        if (!node.get(field).isNull()) {
            node.put(field, Instant.parse(node.get(field).asString()).toEpochMilli());
        }
    }

    private static void upload(Api api, String project, int commit, List<String> parents, String time,
            String benchmark, double score) {
        Api.Response response = api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(commit),
                parents, time, Runs.thrpt(benchmark, score)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }
}
