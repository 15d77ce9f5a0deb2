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
 * A detection that found nothing commits without waiting for the disk (its loss on a crash only brings its task
 * back); one that changed more than the series' noise, here a late run's re-detection, commits durably.
 */
@ServerTest
class DetectionCommitTest {

    @LocalServerPort
    int port;

    @Autowired
    PipelineWorker worker;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionTemplate transaction;

    @Test
    void detectionWhenUneventfulCommitsAsynchronouslyAndWhenItReplaysDurably() {
        String project = "commit-" + UUID.randomUUID();
        post(project, 1, null);
        post(project, 2, 1);
        worker.work(project);
        post(project, 3, 2);

        assertThat(commitMode(project)).as("nothing found: not waiting for the disk").isEqualTo("off");

        // Commit 4's first parent is commit 2: it lands before commit 3, which was detected.
        post(project, 4, 2);

        assertThat(commitMode(project)).as("a late run re-detects its series: durable").isEqualTo("on");
        assertThat(jdbc.sql("show synchronous_commit").query(String.class).single()).isEqualTo("on");
    }

    /** The worker's transaction joins this one, so the setting it made for its commit is visible before the commit. */
    private String commitMode(String project) {
        return transaction.execute(status -> {
            assertThat(worker.work(project)).isEqualTo(1);
            return jdbc.sql("show synchronous_commit").query(String.class).single();
        });
    }

    private void post(String project, int commit, Integer parent) {
        Api.Response response = Api.at(port).postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project,
                Runs.sha(commit), parent == null ? List.of() : List.of(Runs.sha(parent)), null,
                Runs.thrpt("commit.Bench.run", 100)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }
}
