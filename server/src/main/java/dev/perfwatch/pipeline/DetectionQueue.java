package dev.perfwatch.pipeline;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.perfwatch.ingest.RunIngested;

/**
 * Queues every stored run for detection inside the run's own transaction: one insert, whatever the number of its
 * results, so the run and its detection task commit together or not at all, and no crash loses one.
 */
@Component
class DetectionQueue {

    private final PipelineStore store;

    DetectionQueue(PipelineStore store) {
        this.store = store;
    }

    @EventListener
    void runIngested(RunIngested run) {
        store.enqueue(run.run(), run.branch(), run.commit());
    }
}
