package dev.perfwatch.ingest;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** Series ids kept in process are those of committed series, and a run of known series stores under them. */
@ServerTest
class SeriesIdsTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    IngestService ingest;

    @Autowired
    SeriesIds seriesIds;

    @Autowired
    TransactionTemplate transaction;

    @Autowired
    JsonMapper json;

    @Test
    void uploadWhenTheFirstRunOfItsSeriesRolledBackCreatesThemAgain() {
        // The project, branch and commit exist and stay: only the series are made by the run rolled back.
        Api.Response other = Api.at(port).postJson("/api/v1/runs", Runs.run("ids-rollback", Runs.sha(1),
                Runs.thrpt("demo.Ids.other", 1000)).toString());
        assertThat(other.status()).isEqualTo(201);
        int before = seriesOf("ids-rollback");
        ObjectNode first = Runs.run(UUID.randomUUID(), "ids-rollback", Runs.sha(1), List.of(), null,
                Runs.jmhFile("jmh-1.37-gc-thrpt-params.json"));
        transaction.executeWithoutResult(status -> {
            ingest.ingest(json.treeToValue(first, RunUpload.class), "rolled-back");
            status.setRollbackOnly();
        });
        assertThat(seriesOf("ids-rollback")).isEqualTo(before);

        ObjectNode again = first.deepCopy().put("id", UUID.randomUUID().toString());
        Api.Response response = Api.at(port).postJson("/api/v1/runs", again.toString());

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        int results = response.json().get("results").asInt();
        assertThat(results).isPositive();
        assertThat(seriesOf("ids-rollback")).isEqualTo(before + results);
        assertThat(jdbc.sql("""
                select count(*) from result r join series s on s.id = r.series_id
                where r.run_id = cast(:run as uuid)
                """).param("run", again.get("id").asString()).query(Integer.class).single())
            .as("results under existing series").isEqualTo(results);
    }

    @Test
    void uploadWhenItsSeriesExistStoresUnderTheSameSeries() {
        Api api = Api.at(port);
        ObjectNode first = Runs.run("ids-known", Runs.sha(1), Runs.jmhFile("jmh-1.37-gc-thrpt-params.json"));
        assertThat(api.postJson("/api/v1/runs", first.toString()).status()).isEqualTo(201);
        int kept = seriesIds.size();
        int series = seriesOf("ids-known");

        ObjectNode second = Runs.run(UUID.randomUUID(), "ids-known", Runs.sha(2), List.of(Runs.sha(1)), null,
                Runs.jmhFile("jmh-1.37-gc-thrpt-params.json"));
        assertThat(api.postJson("/api/v1/runs", second.toString()).status()).isEqualTo(201);

        assertThat(seriesIds.size()).isEqualTo(kept);
        assertThat(seriesOf("ids-known")).isEqualTo(series);
        assertThat(jdbc.sql("""
                select count(distinct r.series_id) from result r join series s on s.id = r.series_id
                join project p on p.id = s.project_id
                where p.name = 'ids-known' and r.run_id = cast(:run as uuid)
                """).param("run", second.get("id").asString()).query(Integer.class).single()).isEqualTo(series);
    }

    private int seriesOf(String project) {
        return jdbc.sql("select count(*) from series s join project p on p.id = s.project_id where p.name = :p")
            .param("p", project)
            .query(Integer.class)
            .single();
    }
}
