package dev.perfwatch.pipeline;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a run counts as late (its series detected again over their whole history): only when a detection has already
 * seen past its commit, not when later results are merely stored and still queued, which an import's backlog makes
 * of every run.
 */
@ServerTest
class LateRunTest {

    @LocalServerPort
    int port;

    @Autowired
    SeriesPoints points;

    @Autowired
    PipelineWorker worker;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionTemplate transaction;

    @Test
    void lateWhenALaterCommitWasDetectedNotWhenItIsQueued() {
        String project = "late-" + UUID.randomUUID();
        post(project, 1, null);
        post(project, 2, 1);
        // Commit 3's first parent is commit 1: it is placed between 1 and 2, so run 2 is at a later commit.
        UUID between = post(project, 3, 1);

        assertThat(late(between)).as("run 2 is stored at a later commit but not detected yet").isEmpty();

        worker.work(project);
        UUID another = post(project, 4, 1);

        assertThat(late(another)).as("run 2 was detected before this run arrived").hasSize(2);
        assertThat(jdbc.sql("""
                select count(*) from series s join project p on p.id = s.project_id
                where p.name = :project and s.detected_position = (select max(position) from result r
                                                                   where r.series_id = s.id)
                """).param("project", project).query(Long.class).single())
            .as("each detected series remembers the newest commit a detection saw").isEqualTo(2);
    }

    private List<Long> late(UUID run) {
        long[] series = jdbc.sql("select series_id from result where run_id = :run order by series_id")
            .param("run", run)
            .query(Long.class)
            .list()
            .stream()
            .mapToLong(Long::longValue)
            .toArray();
        var mine = jdbc.sql("""
                select r.branch_id, x.position from run r join result x on x.run_id = r.id where r.id = :run limit 1
                """)
            .param("run", run)
            .query((rs, n) -> new Object[] { rs.getLong(1), rs.getBigDecimal(2) })
            .single();
        return transaction.execute(status -> {
            SeriesPoints.Locked locked = points.lock(series, run, (Long) mine[0], (java.math.BigDecimal) mine[1]);
            return java.util.Arrays.stream(series).filter(id -> locked.late(id, (java.math.BigDecimal) mine[1]))
                .boxed()
                .toList();
        });
    }

    private UUID post(String project, int commit, Integer parent) {
        UUID id = UUID.randomUUID();
        Api.Response response = Api.at(port).postJson("/api/v1/runs", Runs.run(id, project, Runs.sha(commit),
                parent == null ? List.of() : List.of(Runs.sha(parent)), null, Runs.thrpt("late.Bench.run", 100))
            .toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return id;
    }
}
