package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worker asks the queue once per run: the take says whether another run was due, and after the last one the worker
 * does not ask again. An import (one run per pass) paid an empty take after every run, planned anew each time.
 */
@ServerTest
class WorkerTakesTest {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Test
    void oneTakePerRunAndNoneAfterTheLast() {
        PipelineParts parts = new PipelineParts(context);
        AtomicInteger takes = new AtomicInteger();
        PipelineStore counting = new PipelineStore(parts.jdbc) {
            @Override
            Optional<Taken> takeTask(String project) {
                takes.incrementAndGet();
                return super.takeTask(project);
            }
        };
        PipelineWorker worker = parts.worker(counting, parts.cachedPoints(), new DetectionThreads(1));
        String project = "takes-" + UUID.randomUUID();

        post(project, 1, null);
        assertThat(worker.work(project)).as("runs detected and confirmations decided").isEqualTo(1);
        assertThat(takes).as("takes for one run").hasValue(1);

        post(project, 2, 1);
        post(project, 3, 2);
        post(project, 4, 3);
        takes.set(0);
        assertThat(worker.work(project)).isEqualTo(3);
        assertThat(takes).as("takes for three runs").hasValue(3);
        assertThat(parts.jdbc.sql("""
                select count(*) from detection_task t join run r on r.id = t.run_id join project p on p.id = r.project_id
                where p.name = :project
                """).param("project", project).query(Long.class).single()).as("tasks left").isZero();
        assertThat(parts.detected(project)).as("every series detected up to the newest commit")
            .allSatisfy(line -> assertThat(line).endsWith(Runs.sha(4)));

        takes.set(0);
        assertThat(worker.work(project)).isZero();
        assertThat(takes).as("a worker with nothing due asks once").hasValue(1);
    }

    private void post(String project, int commit, Integer parent) {
        Api.Response response = Api.at(port).postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project,
                Runs.sha(commit), parent == null ? List.of() : List.of(Runs.sha(parent)), null,
                Runs.thrpt("takes.Bench.run", 100 + commit)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }
}
