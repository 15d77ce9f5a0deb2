package dev.perfwatch.database;


import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** What operators rely on: migrations applied from empty, health, Prometheus metrics and the OpenAPI description. */
@ServerTest
class OperationsTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void startWhenDatabaseEmptyAppliesEveryMigration() {
        Integer failed = jdbc.sql("select count(*) from flyway_schema_history where not success")
            .query(Integer.class)
            .single();
        Integer applied = jdbc.sql("select count(*) from flyway_schema_history where version is not null")
            .query(Integer.class)
            .single();

        assertThat(failed).isZero();
        assertThat(applied).isGreaterThanOrEqualTo(1);
        assertThat(jdbc.sql("select count(*) from result").query(Integer.class).single()).isNotNull();
    }

    @Test
    void prometheusWhenRunIngestedCountsRunsAndResults() {
        Api api = Api.at(port);
        api.postJson("/api/v1/runs", Runs.run("metrics", Runs.sha(50), Runs.thrpt("demo.Bench.m", 3)).toString());

        Api.Response metrics = api.get("/actuator/prometheus");

        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).contains("perfwatch_ingest_runs_total", "perfwatch_ingest_results_total",
                "perfwatch_ingest_duration_seconds", "perfwatch_ingest_body_size_bytes");
    }

    @Test
    void openApiWhenRequestedDescribesTheIngestAndReadApi() {
        Api.Response docs = Api.at(port).get("/v3/api-docs");

        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.json().get("paths").propertyNames()).contains("/api/v1/runs", "/api/v1/runs/jmh",
                "/api/v1/series/{id}/points", "/api/v1/projects");
        JsonNode form = docs.json().get("paths").get("/api/v1/series/{id}/points").get("get").get("parameters")
            .valueStream().filter(p -> p.get("name").asString().equals("form")).findFirst().orElseThrow();
        assertThat(form.get("schema").get("enum").get(0).asString()).isEqualTo("columns");
        assertThat(form.get("description").asString()).contains("one array per field");
    }

    @Test
    void healthWhenUpAnswersUp() {
        assertThat(Api.at(port).get("/actuator/health").json().get("status").asString()).isEqualTo("UP");
    }
}
