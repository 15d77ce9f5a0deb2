package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.database.GenericPlans;

/**
 * Every server instance polls for work: runs to detect on, and confirmations whose round has ended. Each piece of
 * work is taken with FOR UPDATE SKIP LOCKED and done in the transaction that holds the lock, so two instances never
 * do the same piece, and a crash rolls back to the row still waiting: nothing is done twice, nothing skipped.
 */
@Component
class PipelineWorker {

    private static final Logger log = LoggerFactory.getLogger(PipelineWorker.class);

    /** Pieces of work of one kind per poll, so that one poll cannot run forever behind a flood of runs. */
    private static final int BATCH = 500;

    private final PipelineStore store;

    private final ConfirmationStore confirmationStore;

    private final RunAnalysis analysis;

    private final Confirmations confirmations;

    private final PipelineProperties properties;

    private final TransactionTemplate transaction;

    private final GenericPlans genericPlans;

    private final AtomicBoolean working = new AtomicBoolean();

    private final AtomicBoolean again = new AtomicBoolean();

    PipelineWorker(PipelineStore store, ConfirmationStore confirmationStore, RunAnalysis analysis, Confirmations confirmations,
            PipelineProperties properties, TransactionTemplate transaction, GenericPlans genericPlans) {
        this.genericPlans = genericPlans;
        this.store = store;
        this.confirmationStore = confirmationStore;
        this.analysis = analysis;
        this.confirmations = confirmations;
        this.properties = properties;
        this.transaction = transaction;
    }

    @Scheduled(fixedDelayString = "${perfwatch.pipeline.poll-interval:5s}",
            initialDelayString = "${perfwatch.pipeline.poll-interval:5s}")
    void poll() {
        if (!properties.enabled()) {
            return;
        }
        // One pass at a time per instance: the timer and the wake-up used to work side by side, which on a burst
        // detected neighbouring runs of one series at once, each then "late" to the other (a replay of the whole
        // history). A call while a pass runs asks that pass to go round once more, so no run waits for the timer.
        again.set(true);
        while (again.get() && working.compareAndSet(false, true)) {
            try {
                while (again.getAndSet(false)) {
                    pass();
                }
            }
            finally {
                working.set(false);
            }
        }
    }

    private void pass() {
        try {
            // A full batch of runs means more may be waiting: go on at once rather than at the next poll, or a
            // burst beyond one batch (an import) would wait for the timer after every batch of it.
            Detected detected;
            while ((detected = detect(null)).runs() == BATCH) {
                settle(null);
            }
            if (detected.settle()) {
                settle(null);
            }
        }
        catch (RuntimeException ex) {
            // The database may be restarting; the next poll tries again.
            log.warn("The detection pipeline failed: {}", ex.toString());
        }
    }

    /**
     * Detects on the due runs, then decides the confirmations whose round has ended; {@code project} narrows both
     * to one project (null: all). Returns how many pieces of work were done.
     */
    int work(String project) {
        return detect(project).runs() + settle(project);
    }

    /**
     * Runs detected, and whether confirmations may wait to be decided: unless the last take said that none was
     * running, the pass decides them after its runs. An import's pass (one run, woken by its run's commit) looked
     * for a confirmation to decide after every run, a statement and a transaction each.
     */
    private record Detected(int runs, boolean settle) {
    }

    /** Detects on up to {@link #BATCH} due runs. */
    private Detected detect(String project) {
        int done = 0;
        Optional<PipelineStore.Taken> last = Optional.empty();
        while (done < BATCH) {
            Optional<PipelineStore.Taken> taken = detectNext(project);
            if (taken.isEmpty()) {
                return new Detected(done, true);
            }
            done++;
            last = taken;
            // After the last due run the worker does not ask again: asking found nothing in nearly every pass of an
            // import, an empty take per run. A run stored meanwhile wakes the worker after its commit.
            if (!taken.get().more()) {
                break;
            }
        }
        return new Detected(done, last.map(PipelineStore.Taken::confirming).orElse(true));
    }

    /** Decides up to {@link #BATCH} confirmations whose round has ended; returns how many were taken. */
    private int settle(String project) {
        int done = 0;
        // A confirmation that fails to be decided is skipped for the rest of this poll, so it cannot hold up others.
        List<Long> failed = new java.util.ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            Optional<Boolean> settled = settleNext(project, failed);
            if (settled.isEmpty()) {
                break;
            }
            done++;
        }
        return done;
    }

    /** The due run taken, if there was one (detected, or failed and then due again later). */
    private Optional<PipelineStore.Taken> detectNext(String project) {
        AtomicReference<PipelineStore.Taken> taken = new AtomicReference<>();
        try {
            return transaction.execute(status -> {
                // A detection's statements have fixed shapes: planned once per connection, not at every run.
                genericPlans.forThisTransaction();
                Optional<PipelineStore.Taken> task = store.takeTask(project);
                task.ifPresent(row -> {
                    taken.set(row);
                    analysis.analyse(row.run());
                });
                return task;
            });
        }
        catch (RuntimeException ex) {
            if (taken.get() == null) {
                throw ex;
            }
            UUID run = taken.get().run().id();
            log.warn("Detection after run {} failed, to be tried again: {}", run, ex.toString());
            store.failTask(run, ex.toString());
            return Optional.of(taken.get());
        }
    }

    /**
     * Decides the next confirmation whose round has ended: present (whether it ended or went on to another round)
     * when there was one, empty when none waits. A failure adds it to {@code failed}; the next poll tries again.
     */
    private Optional<Boolean> settleNext(String project, List<Long> failed) {
        AtomicReference<Long> taken = new AtomicReference<>();
        try {
            return transaction.execute(status -> {
                List<ConfirmationStore.ConfirmationRow> rows = confirmationStore.lockSettleable(project, failed);
                if (rows.isEmpty()) {
                    return Optional.<Boolean>empty();
                }
                taken.set(rows.get(0).id());
                return Optional.of(confirmations.settle(rows.get(0)));
            });
        }
        catch (RuntimeException ex) {
            if (taken.get() == null) {
                throw ex;
            }
            log.warn("Deciding confirmation {} failed, to be tried again: {}", taken.get(), ex.toString());
            failed.add(taken.get());
            return Optional.of(false);
        }
    }
}
