package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

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

    private final AtomicBoolean working = new AtomicBoolean();

    private final AtomicBoolean again = new AtomicBoolean();

    PipelineWorker(PipelineStore store, ConfirmationStore confirmationStore, RunAnalysis analysis, Confirmations confirmations,
            PipelineProperties properties, TransactionTemplate transaction) {
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
            while (detect(null) == BATCH) {
                settle(null);
            }
            settle(null);
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
        return detect(project) + settle(project);
    }

    /** Detects on up to {@link #BATCH} due runs; returns how many were taken. */
    private int detect(String project) {
        int done = 0;
        for (Next next = Next.MORE; next != Next.NONE && done < BATCH; ) {
            next = detectNext(project);
            if (next != Next.NONE) {
                done++;
            }
            if (next == Next.LAST) {
                break;
            }
        }
        return done;
    }

    /**
     * What a take found: no due run; a run, the last one due as it was taken; a run and more due. After the last one
     * the worker does not ask again: asking found nothing in nearly every pass of an import (one run per pass, each
     * pass woken by its run), an empty take per run. A run stored meanwhile wakes the worker after its commit.
     */
    private enum Next {
        NONE, LAST, MORE
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

    /** Whether there was a due run (detected or failed, and then due again later), and whether more were due. */
    private Next detectNext(String project) {
        AtomicReference<PipelineStore.RunRow> taken = new AtomicReference<>();
        try {
            return transaction.execute(status -> {
                Optional<PipelineStore.RunRow> run = store.takeTask(project);
                run.ifPresent(row -> {
                    taken.set(row);
                    analysis.analyse(row);
                });
                return run.isEmpty() ? Next.NONE : run.get().more() ? Next.MORE : Next.LAST;
            });
        }
        catch (RuntimeException ex) {
            if (taken.get() == null) {
                throw ex;
            }
            log.warn("Detection after run {} failed, to be tried again: {}", taken.get().id(), ex.toString());
            store.failTask(taken.get().id(), ex.toString());
            return taken.get().more() ? Next.MORE : Next.LAST;
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
