package dev.perfwatch.search;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The search box's API over one run of two benchmarks, one of them with a parameter family. */
@ServerTest
class SearchTest {

    private static final String PROJECT = "search";

    @LocalServerPort
    int port;

    @Autowired
    Catalog catalog;

    @Autowired
    JdbcClient jdbc;

    private static boolean seeded;

    private Api api() {
        Api api = Api.at(port);
        if (!seeded) {
            ArrayNode jmh = Runs.thrpt("org.example.MetricsBenchmark.record", 100);
            for (String cardinality : List.of("1", "10", "1000")) {
                ArrayNode one = Runs.thrpt("org.example.AggregationBenchmark.aggregate", 50);
                ((ObjectNode) one.get(0)).putObject("params").put("cardinality", cardinality)
                    .put("aggregationTemporality", "DELTA");
                jmh.addAll(one);
            }
            ObjectNode run = Runs.run(UUID.randomUUID(), PROJECT, Runs.sha(1), List.of(), "2026-03-01T00:00:00Z", jmh);
            ((ObjectNode) run.get("commit")).put("message", "Aggregate cumulative sums in place\n\nBody.");
            Api.Response response = api.postJson("/api/v1/runs", run.toString());
            assertThat(response.status()).as(response.body()).isEqualTo(201);
            seeded = true;
        }
        return api;
    }

    @Test
    void searchWhenParameterValuesTypedFindsThatCaseFirst() {
        JsonNode hits = api().get("/api/v1/search?project=" + PROJECT + "&q=aggr%201000").json();

        JsonNode first = hits.get(0);
        assertThat(first.get("kind").asString()).isEqualTo("case");
        assertThat(first.get("benchmark").asString()).isEqualTo("org.example.AggregationBenchmark.aggregate");
        assertThat(first.get("case").get("params").get("cardinality").asString()).isEqualTo("1000");
    }

    @Test
    void searchWhenLettersInOrderTypedFindsTheBenchmarkFuzzily() {
        JsonNode hits = api().get("/api/v1/search?project=" + PROJECT + "&q=mtrcbm").json();

        assertThat(hits.get(0).get("kind").asString()).isEqualTo("benchmark");
        assertThat(hits.get(0).get("benchmark").asString()).isEqualTo("org.example.MetricsBenchmark.record");
    }

    @Test
    void searchWhenShaPrefixOrMessageWordsTypedFindsTheCommit() {
        Api api = api();
        JsonNode bySha = api.get("/api/v1/search?project=" + PROJECT + "&q=" + Runs.sha(1).substring(0, 8)).json();
        JsonNode byMessage = api.get("/api/v1/search?project=" + PROJECT + "&q=cumulative%20place").json();

        assertThat(values(bySha, "sha")).contains(Runs.sha(1));
        assertThat(values(byMessage, "subject")).contains("Aggregate cumulative sums in place");
    }

    @Test
    void searchWhenInputBadAnswers400NamingTheFieldOr404() {
        Api api = api();

        assertThat(api.get("/api/v1/search?q=a&limit=0").json().get("field").asString()).isEqualTo("limit");
        assertThat(api.get("/api/v1/search?q=" + "a".repeat(201)).json().get("field").asString()).isEqualTo("q");
        assertThat(api.get("/api/v1/search?q=a&project=nope").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/search?q=%20").json().size()).as("nothing typed, nothing found").isZero();
    }

    @Test
    void searchWhenNewCasesArriveAfterASearchFindsThemAtOnce() {
        Api api = api();
        String project = "search-later";
        ObjectNode first = Runs.run(UUID.randomUUID(), project, Runs.sha(10), List.of(), "2026-03-01T00:00:00Z",
                Runs.thrpt("org.example.LaterBenchmark.first", 10));
        assertThat(api.postJson("/api/v1/runs", first.toString()).status()).isEqualTo(201);
        assertThat(values(api.get("/api/v1/search?project=" + project + "&q=lsec").json(), "benchmark")).isEmpty();

        ObjectNode second = Runs.run(UUID.randomUUID(), project, Runs.sha(11), List.of(Runs.sha(10)),
                "2026-03-02T00:00:00Z", Runs.thrpt("org.example.LaterBenchmark.second", 10));
        assertThat(api.postJson("/api/v1/runs", second.toString()).status()).isEqualTo(201);
        JsonNode hits = api.get("/api/v1/search?project=" + project + "&q=lsec").json();

        assertThat(values(hits, "kind")).contains("case");
        assertThat(values(hits, "benchmark")).containsOnly("org.example.LaterBenchmark.second");
    }

    @Test
    void catalogWhenARunAddsCasesToASearchedProjectIsBroughtUpToDateWithoutASearch() {
        Api api = api();
        String project = "search-refresh";
        ObjectNode first = Runs.run(UUID.randomUUID(), project, Runs.sha(20), List.of(), "2026-03-01T00:00:00Z",
                Runs.thrpt("org.example.RefreshBenchmark.first", 10));
        assertThat(api.postJson("/api/v1/runs", first.toString()).status()).isEqualTo(201);
        assertThat(api.get("/api/v1/search?project=" + project + "&q=refresh").status()).isEqualTo(200);
        long id = jdbc.sql("select id from project where name = :name").param("name", project).query(Long.class)
            .single();
        assertThat(catalog.kept(id)).as("the search kept the project's copy").isPresent();

        ObjectNode second = Runs.run(UUID.randomUUID(), project, Runs.sha(21), List.of(Runs.sha(20)),
                "2026-03-02T00:00:00Z", Runs.thrpt("org.example.RefreshBenchmark.second", 10));
        assertThat(api.postJson("/api/v1/runs", second.toString()).status()).isEqualTo(201);

        // No search in between: the run's commit alone must bring the copy up to date (on its own thread).
        await().atMost(Duration.ofSeconds(30)).until(() -> catalog.kept(id).orElseThrow().cases().size() == 2);
        assertThat(catalog.kept(id).orElseThrow().cases()).extracting(Catalog.Entry::benchmark)
            .containsExactly("org.example.RefreshBenchmark.first", "org.example.RefreshBenchmark.second");
    }

    private static List<String> values(JsonNode hits, String field) {
        List<String> values = new java.util.ArrayList<>();
        hits.forEach(hit -> {
            if (hit.has(field)) {
                values.add(hit.get(field).asString());
            }
        });
        return values;
    }
}
