package dev.perfwatch.pipeline;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

import dev.perfwatch.database.DatabaseProperties;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.SchemaOwner;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Detection reads a run's own results whatever PostgreSQL believes of the run's size. Its estimate is the average
 * run's; on ScaleBenchmark's database (runs of 50,000 results beside runs of 500) it joined every series of the
 * database to a 500-result run's and took 330–560 ms per detection. Here PostgreSQL is made to believe the same (the
 * run's statistics as if there were two runs, in a transaction rolled back): the run's read must still find the
 * run's results by the run, and read no table whole (series, cases and results are the database's size).
 */
@ServerTest
class RunResultsPlanTest {

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Autowired
    DatabaseProperties database;

    @Test
    void ownWhenRunsLookHugeReadsOnlyTheRunsResults() throws Exception {
        Api api = Api.at(port);
        // Many series with several results each beside the run, so that a run believed to hold thousands of results
        // makes joining every series look cheaper than looking each one up.
        ArrayNode wide = Runs.json.createArrayNode();
        for (int i = 0; i < 1200; i++) {
            wide.addAll(Runs.thrpt("plan.Wide.case" + i, 1000 + i));
        }
        for (int commit = 1; commit <= 8; commit++) {
            assertThat(api.postJson("/api/v1/runs", Runs.run("plan-wide", Runs.sha(commit), wide).toString())
                .status()).isEqualTo(201);
        }
        ArrayNode narrow = Runs.json.createArrayNode();
        narrow.addAll(Runs.thrpt("plan.Narrow.a", 10));
        narrow.addAll(Runs.thrpt("plan.Narrow.b", 20));
        UUID run = UUID.randomUUID();
        assertThat(api.postJson("/api/v1/runs",
                Runs.run(run, "plan-narrow", Runs.sha(1), List.of(), null, narrow).toString()).status())
            .isEqualTo(201);

        JsonNode plan;
        try (Connection owner = SchemaOwner.connect(database, dataSource)) {
            owner.setAutoCommit(false);
            try (Statement statement = owner.createStatement()) {
                // As if runs were two: most results in runs of thousands (one kept as the most common value).
                statement.execute("alter table result alter column run_id set statistics 1");
                statement.execute("alter table result alter column run_id set (n_distinct = 2)");
                statement.execute("analyze result");
            }
            String json = JdbcClient.create(new SingleConnectionDataSource(owner, true))
                .sql("explain (analyze, buffers, format json) " + SeriesPoints.OWN)
                .param("run", run)
                .query(String.class)
                .single();
            owner.rollback();
            plan = Runs.json.readTree(json).get(0).get("Plan");
        }

        // Its two throughput results and their allocation, and no table of the database read whole.
        assertThat(plan.get("Actual Rows").asInt()).as(plan.toString()).isEqualTo(4);
        assertThat(scans(plan)).as(plan.toString())
            .doesNotContain("Seq Scan on series", "Seq Scan on benchmark_case", "Seq Scan on result");
    }

    /**
     * The two other statements of every detection that name a run's series by id (its points where the cache has
     * none, and the noise update) look each series up by its key when the database holds many more series than the
     * run: on ScaleBenchmark's 51,501 series both hashed the whole series table (72 and 139 ms per detection at load
     * 11). Here the table holds 60,000 more series, analysed, in a transaction rolled back.
     */
    @Test
    void detectionWhenSeriesAreManyLooksUpTheRunsSeriesByKey() throws Exception {
        Api api = Api.at(port);
        ArrayNode results = Runs.json.createArrayNode();
        for (int i = 0; i < 250; i++) {
            results.addAll(Runs.thrpt("plan.Many.case" + i, 1000 + i));
        }
        UUID run = UUID.randomUUID();
        for (int commit = 1; commit <= 3; commit++) {
            assertThat(api.postJson("/api/v1/runs", Runs.run(commit == 3 ? run : UUID.randomUUID(), "plan-many",
                    Runs.sha(commit), commit == 1 ? List.of() : List.of(Runs.sha(commit - 1)), null, results)
                .toString()).status()).isEqualTo(201);
        }

        try (Connection owner = SchemaOwner.connect(database, dataSource)) {
            owner.setAutoCommit(false);
            try (Statement statement = owner.createStatement()) {
                statement.execute("""
                        insert into environment (host_class)
                        select 'plan-many-' || g from generate_series(1, 60000) g""");
                statement.execute("""
                        insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                        select s.project_id, s.branch_id, s.case_id, s.metric_id, e.id
                        from (select * from series s where s.id = (select min(series_id) from result
                                                                   where run_id = '%s')) s
                        cross join environment e
                        where e.host_class like 'plan-many-%%'""".formatted(run));
                statement.execute("analyze series");
                statement.execute("analyze environment");
                // and runs as ScaleBenchmark's: most results in a few runs of thousands (as in the test above)
                statement.execute("alter table result alter column run_id set statistics 1");
                statement.execute("alter table result alter column run_id set (n_distinct = 2)");
                statement.execute("analyze result");
            }
            JdbcClient jdbc = JdbcClient.create(new SingleConnectionDataSource(owner, true));
            List<long[]> own = jdbc.sql("select series_id, position from result where run_id = :run order by 1")
                .param("run", run)
                .query((rs, n) -> new long[] { rs.getLong(1), rs.getLong(2) })
                .list();
            assertThat(own).hasSizeGreaterThanOrEqualTo(250);
            long[] series = own.stream().mapToLong(r -> r[0]).toArray();
            String[] positions = own.stream().map(r -> Long.toString(r[1])).toArray(String[]::new);
            Boolean[] everyRun = own.stream().map(r -> false).toArray(Boolean[]::new);
            JsonNode points = plan(jdbc.sql("explain (format json) " + PipelineStore.RECENT_POINTS)
                .param("run", run)
                .param("series", series)
                .param("positions", positions)
                .param("everyRun", everyRun)
                .param("limit", PipelineStore.POINTS));
            double[] zero = new double[series.length];
            Boolean[] inUnit = own.stream().map(r -> false).toArray(Boolean[]::new);
            JsonNode noise = plan(jdbc.sql("explain (format json) " + PipelineStore.NOISE)
                .param("position", java.math.BigDecimal.valueOf(own.get(0)[1]))
                .param("series", series)
                .param("noise", zero)
                .param("mdc", zero)
                .param("inUnit", inUnit)
                .param("notes", new String[series.length])
                .param("uneventful", false));
            owner.rollback();

            assertThat(scans(points)).as(points.toString()).doesNotContain("Seq Scan on series", "Seq Scan on result")
                .doesNotContain("Seq Scan on metric");
            assertThat(scans(noise)).as(noise.toString()).doesNotContain("Seq Scan on series");
        }
    }

    private static JsonNode plan(JdbcClient.StatementSpec statement) {
        return Runs.json.readTree(statement.query(String.class).single()).get(0).get("Plan");
    }

    /** Every scan of the plan as "Node Type on Relation". */
    private static List<String> scans(JsonNode node) {
        List<String> scans = new java.util.ArrayList<>();
        if (node.has("Relation Name")) {
            scans.add(node.get("Node Type").asString() + " on " + node.get("Relation Name").asString());
        }
        for (JsonNode child : node.path("Plans")) {
            scans.addAll(scans(child));
        }
        return scans;
    }
}
