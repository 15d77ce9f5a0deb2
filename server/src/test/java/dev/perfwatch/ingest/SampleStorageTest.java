package dev.perfwatch.ingest;

import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Samples are stored as float8[] (V14): the binary COPY writes them, samples_json renders what readers parsed
 * before, and samples_from_json converted the rows stored as jsonb.
 */
@ServerTest
class SampleStorageTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void samplesWhenForksUnevenOrNonFiniteReadBackAsJsonWithNulls() {
        ObjectNode element = (ObjectNode) Runs.thrpt("demo.Samples.uneven", 10).get(0).deepCopy();
        ArrayNode raw = ((ObjectNode) element.get("primaryMetric")).putArray("rawData");
        raw.addArray().add(1.5).add("NaN").add(2.25);
        raw.addArray().add(1e-300);
        ObjectNode run = Runs.run(UUID.randomUUID(), "samples-uneven", Runs.sha(1), java.util.List.of(), null,
                Runs.json.createArrayNode().add(element));

        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        String samples = jdbc.sql("""
                select samples_json(r.samples)
                from result r join series s on s.id = r.series_id join project p on p.id = s.project_id
                join metric m on m.id = s.metric_id
                where p.name = 'samples-uneven' and m.name = 'primary'
                """).query(String.class).single();
        assertThat(samples).isEqualTo("[[1.5,null,2.25],[1e-300,null,null]]");
    }

    @Test
    void samplesFromJsonWhenConvertingOldRowsKeepsValuesAndPadsWithNulls() {
        assertThat(render("[[1.5, null, 3], [2]]")).isEqualTo("[[1.5,null,3],[2,null,null]]");
        assertThat(render("[[100.25, 99.75]]")).isEqualTo("[[100.25,99.75]]");
        assertThat(render("[]")).isEqualTo("[]");
        assertThat(render("[[]]")).isEqualTo("[]");
    }

    private String render(String json) {
        return jdbc.sql("select samples_json(samples_from_json(cast(:json as jsonb)))")
            .param("json", json)
            .query(String.class)
            .single();
    }
}
