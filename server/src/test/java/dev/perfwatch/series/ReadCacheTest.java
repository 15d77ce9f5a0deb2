package dev.perfwatch.series;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ReadCache}: a repeated read of an unchanged series is answered from memory, and every change a read shows
 * (a new run, a late run placed between two commits, a re-run of a commit, a noisy run, a commit given its time by a
 * later upload, a result stored by SQL as another server instance's ingest would) is in the very next read. Each
 * read after a change is compared with the same read made again with the cache emptied, so a stale answer fails
 * the test; {@link #readWhenRepeatedIsAnsweredFromMemory} shows the answers compared really were held. Nothing in ingest
 * tells the cache anything: what invalidates it is only what it reads from PostgreSQL, as on a second instance.
 */
@ServerTest
class ReadCacheTest {

    private static final HttpClient client = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ReadCache cache;

    private Api api;

    @Test
    void readWhenRepeatedIsAnsweredFromMemory() {
        api = Api.at(port);
        String project = "held";
        upload(project, 1, List.of(), "2026-04-01T00:00:00Z", 1.5);
        upload(project, 2, List.of(Runs.sha(1)), "2026-04-02T00:00:00Z", 2.5);
        long series = series(project);
        String timeline = timeline(series);
        String overview = "/api/v1/series/" + series + "/points?buckets=1";
        cache.clear();
        String read = api.get(timeline).body();
        JsonNode buckets = api.get(overview).json();
        assertThat(cache.held()).isPositive();

        // a change the version does not see, on purpose (results are never updated): only a held answer misses it
        jdbc.sql("update result set score = 9.5 where series_id = :series").param("series", series).update();
        // packs (V30) rest on the same rule: a feature that updates results deletes their packs, as here
        jdbc.sql("delete from result_pack where series_id = :series").param("series", series).update();

        assertThat(api.get(timeline).body()).as("held").isEqualTo(read);
        assertThat(api.get(overview).json()).as("held").isEqualTo(buckets);
        cache.clear();
        assertThat(api.get(timeline).json().get("score").get(1).asDouble()).isEqualTo(9.5);
        assertThat(api.get(overview).json().get("buckets").get(0).get("max").asDouble()).isEqualTo(9.5);
    }

    @Test
    void readWhenTheSeriesChangedHasTheChange() throws Exception {
        api = Api.at(port);
        String project = "fresh";
        upload(project, 1, List.of(), "2026-04-01T00:00:00Z", 1);
        upload(project, 2, List.of(Runs.sha(1)), "2026-04-02T00:00:00Z", 2);
        // commit 4 names commit 3, not stored yet
        upload(project, 4, List.of(Runs.sha(3)), "2026-04-04T00:00:00Z", 4);
        long series = series(project);
        String timeline = timeline(series);
        List<String> reads = List.of(timeline, "/api/v1/series/" + series + "/points?form=columns",
                "/api/v1/series/" + series + "/points?form=columns&limit=2",
                "/api/v1/series/" + series + "/points?form=columns&from=" + Runs.sha(2),
                "/api/v1/series/" + series + "/points?buckets=2", "/api/v1/series/" + series + "/points?buckets=100");
        warm(reads);
        assertThat(api.get(timeline).json().get("score")).hasSize(3);

        upload(project, 5, List.of(Runs.sha(4)), "2026-04-05T00:00:00Z", 5);
        assertFresh(reads);
        assertThat(scores(timeline)).as("a new run").containsExactly(1.0, 2.0, 4.0, 5.0);
        assertThat(api.get("/api/v1/series/" + series + "/points?buckets=2").json().get("total").asLong())
            .isEqualTo(4);

        upload(project, 3, List.of(Runs.sha(2)), "2026-04-03T00:00:00Z", 3);
        assertFresh(reads);
        assertThat(scores(timeline)).as("a late run, between 2 and 4").containsExactly(1.0, 2.0, 3.0, 4.0, 5.0);

        upload(project, 2, List.of(Runs.sha(1)), "2026-04-02T00:00:00Z", 2.25);
        assertFresh(reads);
        // two runs of a commit are in the order of their ids
        assertThat(scores(timeline)).as("a re-run of commit 2").containsExactlyInAnyOrder(1.0, 2.0, 2.25, 3.0, 4.0,
                5.0);

        ObjectNode noisy = Runs.run(UUID.randomUUID(), project, Runs.sha(6), List.of(Runs.sha(5)),
                "2026-04-06T00:00:00Z", Runs.thrpt("demo.Held.read", 6));
        ObjectNode hostCheck = noisy.putObject("metadata").putObject("hostCheck");
        hostCheck.put("workload", "reference-1");
        hostCheck.set("before", reference(40_000_000));
        hostCheck.set("after", reference(60_000_000));
        assertThat(api.postJson("/api/v1/runs", noisy.toString()).status()).isEqualTo(201);
        assertFresh(reads);
        JsonNode marked = api.get(timeline).json();
        assertThat(marked.get("noisy").get(6).asBoolean()).as("a noisy run").isTrue();
        assertThat(marked.get("noiseReason").get(6).asString()).contains("after the job than before");

        // another instance's ingest, as PostgreSQL sees it: a result stored by SQL
        jdbc.sql("""
                with copied as (insert into run (id, project_id, branch_id, commit_id, host_id, host_class,
                                                 body_sha256, result_count)
                                select gen_random_uuid(), r.project_id, r.branch_id, r.commit_id, r.host_id,
                                       r.host_class, 'sql', 1
                                from run r join result x on x.run_id = r.id
                                where x.series_id = :series and x.score = 5
                                returning id)
                insert into result (run_id, series_id, commit_id, position, score, samples)
                select copied.id, x.series_id, x.commit_id, x.position, 7, x.samples
                from copied, result x
                where x.series_id = :series and x.score = 5
                """).param("series", series).update();
        assertFresh(reads);
        assertThat(scores(timeline)).as("a result stored by SQL").hasSize(8).contains(7.0);

        HttpResponse<String> first = get(timeline, "\"none\"");
        String tag = first.headers().firstValue("ETag").orElseThrow();
        assertThat(get(timeline, tag).statusCode()).as("unchanged, held").isEqualTo(304);
        upload(project, 7, List.of(Runs.sha(6)), "2026-04-07T00:00:00Z", 8);
        HttpResponse<String> changed = get(timeline, tag);
        assertThat(changed.statusCode()).as("a new run, the old tag").isEqualTo(200);
        assertThat(changed.body()).contains("8.0");
    }

    @Test
    void readWhenACommitWasGivenItsTimeLaterHasTheTime() {
        api = Api.at(port);
        String project = "timeless";
        upload(project, 1, List.of(), "2026-04-01T00:00:00Z", 1);
        upload(project, 2, List.of(Runs.sha(1)), null, 2);
        long series = series(project);
        List<String> reads = List.of(timeline(series), "/api/v1/series/" + series + "/points?buckets=1",
                "/api/v1/series/" + series + "/points?buckets=100");
        warm(reads);
        assertThat(api.get(timeline(series)).json().get("commits").get("time").get(1).isNull()).isTrue();

        // another benchmark's run of commit 2 gives it a time: the series' own results are unchanged
        Api.Response response = api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(2),
                List.of(Runs.sha(1)), "2026-04-02T00:00:00Z", Runs.thrpt("demo.Held.other", 1)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);

        assertFresh(reads);
        assertThat(api.get(timeline(series)).json().get("commits").get("time").get(1).asLong())
            .isEqualTo(java.time.Instant.parse("2026-04-02T00:00:00Z").toEpochMilli());
        assertThat(api.get("/api/v1/series/" + series + "/points?buckets=1").json().get("buckets").get(0)
            .get("last").get("time").asString()).isEqualTo("2026-04-02T00:00:00Z");
    }

    /** Each read twice, so that the second is the held one. */
    private void warm(List<String> reads) {
        for (String read : reads) {
            api.get(read);
            api.get(read);
        }
    }

    /** Each read as served now equals the same read with nothing held; then held again for the next change. */
    private void assertFresh(List<String> reads) {
        for (String read : reads) {
            String served = api.get(read).body();
            cache.clear();
            assertThat(served).as(read).isEqualTo(api.get(read).body());
        }
        warm(reads);
    }

    private List<Double> scores(String timeline) {
        return api.get(timeline).json().get("score").valueStream().map(JsonNode::asDouble).toList();
    }

    private static String timeline(long series) {
        return "/api/v1/series/" + series + "/points?form=columns&fields=score,error,recordedAt,noisy,noiseReason";
    }

    private long series(String project) {
        return api.get("/api/v1/series?project=" + project + "&metric=primary&benchmark=demo.Held.read").json().get(0)
            .get("id").asLong();
    }

    private HttpResponse<String> get(String path, String ifNoneMatch) throws Exception {
        return client.send(HttpRequest.newBuilder(api.uri(path)).header("If-None-Match", ifNoneMatch).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private void upload(String project, int commit, List<String> parents, String time, double score) {
        Api.Response response = api.postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project, Runs.sha(commit),
                parents, time, Runs.thrpt("demo.Held.read", score)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    private static ObjectNode reference(long medianNanos) {
        ObjectNode check = Runs.json.createObjectNode();
        check.put("medianNanos", medianNanos);
        check.put("spread", 0.01);
        check.put("loadAverage", 0.4);
        check.put("cores", 4);
        check.put("busyCpus", 0.0);
        return check;
    }
}
