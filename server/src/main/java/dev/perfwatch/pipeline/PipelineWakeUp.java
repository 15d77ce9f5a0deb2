package dev.perfwatch.pipeline;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.annotation.PreDestroy;

import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

import dev.perfwatch.ingest.RunIngested;
import dev.perfwatch.system.BackgroundThread;

/**
 * Wakes this instance's worker as soon as a run's transaction commits, so detection starts at once rather than at
 * the next poll: the poll stays only as the fallback for runs stored by another instance or left by a failure.
 * Wake-ups coalesce: a burst of a thousand imported runs is one pass over the queue, not a thousand threads.
 */
@Component
class PipelineWakeUp {

    private final PipelineWorker worker;

    private final PipelineProperties properties;

    private final AtomicBoolean pending = new AtomicBoolean();

    private final ExecutorService thread = BackgroundThread.single("pipeline-wake-up");

    PipelineWakeUp(PipelineWorker worker, PipelineProperties properties) {
        this.worker = worker;
        this.properties = properties;
    }

    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT, fallbackExecution = true)
    void runIngested(RunIngested run) {
        if (properties.enabled() && pending.compareAndSet(false, true)) {
            thread.execute(() -> {
                pending.set(false);
                worker.poll();
            });
        }
    }

    @PreDestroy
    void stop() {
        thread.shutdownNow();
    }
}
