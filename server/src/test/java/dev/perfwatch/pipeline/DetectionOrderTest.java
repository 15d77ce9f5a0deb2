package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The detection queue serves a branch's waiting runs in commit order, not in the order they arrived: a run detected
 * after a later commit's is late and re-detects its series over their whole history, which two uploaders storing
 * neighbouring commits made of every other run of a backlog. The branch of the oldest waiting run goes first, so a
 * burst on one branch does not hold another's runs back.
 */
@ServerTest
class DetectionOrderTest {

    @LocalServerPort
    int port;

    @Autowired
    PipelineStore store;

    @Autowired
    PipelineWorker worker;

    @Autowired
    TransactionTemplate transaction;

    @Test
    void aBranchsRunsAreTakenInCommitOrderWhateverOrderTheyArrivedIn() {
        String project = "order-" + UUID.randomUUID();
        UUID first = post(project, "main", 1, null);
        UUID third = post(project, "main", 2, 1);
        // Commit 3's first parent is commit 1: it is placed between 1 and 2, and arrives last.
        UUID second = post(project, "main", 3, 1);

        assertThat(taken(project, 3)).containsExactly(first, second, third);

        worker.work(project);
        assertThat(taken(project, 1)).as("every task was taken once").isEmpty();
    }

    @Test
    void theBranchOfTheOldestWaitingRunGoesFirst() {
        String project = "order-" + UUID.randomUUID();
        UUID feature = post(project, "feature", 10, null);
        // Commit 2 names commit 1 as its parent before commit 1 arrives: commit 1 is placed before it.
        UUID later = post(project, "main", 2, 1);
        UUID earlier = post(project, "main", 1, null);

        assertThat(taken(project, 3)).containsExactly(feature, earlier, later);
    }

    /** The runs the next {@code count} takes would detect, in order; the tasks stay queued (rolled back). */
    private List<UUID> taken(String project, int count) {
        return transaction.execute(status -> {
            List<UUID> runs = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Optional<PipelineStore.Taken> run = store.takeTask(project);
                run.ifPresent(r -> runs.add(r.run().id()));
            }
            status.setRollbackOnly();
            return runs;
        });
    }

    private UUID post(String project, String branch, int commit, Integer parent) {
        UUID id = UUID.randomUUID();
        var run = Runs.run(id, project, Runs.sha(commit), parent == null ? List.of() : List.of(Runs.sha(parent)), null,
                Runs.thrpt("order.Bench.run", 100));
        run.put("branch", branch);
        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return id;
    }
}
