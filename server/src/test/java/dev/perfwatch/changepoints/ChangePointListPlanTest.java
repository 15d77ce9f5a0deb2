package dev.perfwatch.changepoints;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import tools.jackson.databind.JsonNode;

import dev.perfwatch.alerts.Seeds;
import dev.perfwatch.database.DatabaseProperties;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.SchemaOwner;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The change-point list reads the newest commits of a project until it has its change points, not every commit of
 * the project: on ScaleBenchmark's bulk project (1,000 commits with about 50 change points each) it probed all 1,000
 * commits and sorted them to return the change points of the newest 2, which made it the one figure more than 20%
 * slower on 50 million results than on an empty database. Here a project holds 3,000 commits with 3 change points
 * each, analysed, in a transaction rolled back; the newest 100 change points are those of its newest 34 commits.
 */
@ServerTest
class ChangePointListPlanTest {

    private static final int LIMIT = 100;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    DatabaseProperties database;

    @Test
    void theNewestChangePointsReadOnlyTheNewestCommits() throws Exception {
        Seeds seeds = new Seeds(Api.at(port), jdbc, "cp-plan");
        seeds.run(1, "4-core", Map.of("16", 100.0, "64", 50.0, "256", 20.0), 64, "2020-01-01T00:00:00Z");
        long project = jdbc.sql("select id from project where name = 'cp-plan'").query(Long.class).single();

        try (Connection owner = SchemaOwner.connect(database, dataSource)) {
            owner.setAutoCommit(false);
            try (Statement statement = owner.createStatement()) {
                statement.execute("""
                        insert into commit (project_id, sha, time, author, message, parents)
                        select %1$d, 'a' || lpad(to_hex(g), 39, '0'),
                               case when g %% 1000 = 0 then null
                                    else timestamptz '2020-01-02' + g * interval '10 minutes' end,
                               'Plan <plan@example.org>', 'Plan commit ' || g, '{}'
                        from generate_series(1, 3000) g""".formatted(project));
                statement.execute("""
                        insert into suspect (series_id, first_bad_commit_id, last_good_commit_id, direction,
                                             magnitude, confidence, before_value, before_lower, before_upper,
                                             before_points, after_value, after_lower, after_upper, after_points,
                                             status)
                        select s.id, c.id, c.id, 'regression', -0.1, 0.99, 100, 99, 101, 10, 90, 89, 91, 3,
                               'historical'
                        from commit c join series s on s.project_id = c.project_id
                        where c.project_id = %1$d and c.author like 'Plan%%'""".formatted(project));
                statement.execute("analyze commit");
                statement.execute("analyze suspect");
            }
            JdbcClient owned = JdbcClient.create(new SingleConnectionDataSource(owner, true));
            int series = owned.sql("select count(*) from series where project_id = :p").param("p", project)
                .query(Integer.class).single();
            assertThat(series).isGreaterThanOrEqualTo(3);
            JsonNode custom = explain(owned, project);
            owned.sql("set local plan_cache_mode = force_generic_plan").update();
            JsonNode generic = explain(owned, project);
            owner.rollback();

            for (JsonNode plan : List.of(custom, generic)) {
                assertThat(plan.get("Actual Rows").asInt()).as(plan.toString()).isEqualTo(LIMIT);
                // the newest ceil(100 / series) commits with their change points, and the 100 labelled: not the
                // 3,000 commits of the project
                assertThat(rowsRead(plan, "commit")).as(plan.toString()).isLessThanOrEqualTo(3 * LIMIT);
                assertThat(rowsRead(plan, "suspect")).as(plan.toString()).isLessThanOrEqualTo(4 * LIMIT);
            }
        }
    }

    /**
     * Where change points are few, the walk gives up after its window and the list is read without it: a
     * 3,000-commit project whose one change point is at its oldest commit.
     */
    @Test
    void aChangePointBehindEveryWalkedCommitIsStillListed() throws Exception {
        Seeds seeds = new Seeds(Api.at(port), jdbc, "cp-sparse");
        seeds.run(1, "4-core", Map.of("16", 100.0), 64, "2020-01-01T00:00:00Z");
        long project = jdbc.sql("select id from project where name = 'cp-sparse'").query(Long.class).single();
        long series = seeds.series("16", "primary", "4-core");
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select :project, 'b' || lpad(to_hex(g), 39, '0'),
                       timestamptz '2020-01-02' + g * interval '10 minutes',
                       'Sparse <sparse@example.org>', 'Sparse commit ' || g, '{}'
                from generate_series(1, 3000) g""").param("project", project).update();
        long id = jdbc.sql("""
                insert into suspect (series_id, first_bad_commit_id, last_good_commit_id, direction, magnitude,
                                     confidence, before_value, before_lower, before_upper, before_points,
                                     after_value, after_lower, after_upper, after_points, status)
                values (:series, :bad, :bad, 'regression', -0.1, 0.99, 100, 99, 101, 10, 90, 89, 91, 3, 'historical')
                returning id""").param("series", series).param("bad", seeds.commit(1)).query(Long.class).single();

        for (String query : List.of("", "&limit=1", "&perCommit=1&limit=5", "&series=" + series)) {
            JsonNode list = Api.at(port).get("/api/v1/change-points?project=cp-sparse" + query).json();
            assertThat(list).as(query).hasSize(1);
            assertThat(list.get(0).get("id").asLong()).as(query).isEqualTo(id);
        }
        String walk = ChangePointQueries.statement(false, false, false, true);
        String json = jdbc.sql("explain (analyze, format json) " + walk)
            .param("project", project)
            .param("limit", 1)
            .param("perCommit", 1)
            .param("window", ChangePointQueries.WINDOW)
            .query(String.class)
            .single();
        JsonNode plan = Runs.json.readTree(json).get(0).get("Plan");
        // the walk reads its window of 10 commits and finds nothing there
        assertThat(plan.get("Actual Rows").asInt()).as(plan.toString()).isZero();
        assertThat(rowsRead(plan, "commit")).as(plan.toString()).isLessThanOrEqualTo(ChangePointQueries.WINDOW);
    }

    private static JsonNode explain(JdbcClient jdbc, long project) {
        String json = jdbc.sql("explain (analyze, format json) " + ChangePointQueries.statement(false, false, false, true))
            .param("project", project)
            .param("limit", LIMIT)
            .param("perCommit", LIMIT)
            .param("window", ChangePointQueries.WINDOW * LIMIT)
            .query(String.class)
            .single();
        return Runs.json.readTree(json).get(0).get("Plan");
    }

    /** Rows the plan's scans of a table returned, over all their loops. */
    private static long rowsRead(JsonNode node, String table) {
        long rows = table.equals(node.path("Relation Name").asString(""))
                ? node.get("Actual Rows").asLong() * node.get("Actual Loops").asLong() : 0;
        for (JsonNode child : node.path("Plans")) {
            rows += rowsRead(child, table);
        }
        return rows;
    }
}
