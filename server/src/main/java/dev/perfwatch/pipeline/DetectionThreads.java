package dev.perfwatch.pipeline;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import jakarta.annotation.PreDestroy;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The threads a run's detection analyses its series on ({@code perfwatch.pipeline.detection-threads}): the detector's
 * analysis of one series needs nothing of another's, and it is most of a 500-result run's detection. The calling
 * thread works too, beside at most {@code threads - 1} helpers; everything with side effects (the database, the
 * confirmations) stays in the caller, in its transaction and in the order it would have had.
 */
@Component
class DetectionThreads {

    /** Fewer items than this are analysed in the caller alone: waking a helper would cost more than it saves. */
    private static final int FEWEST = 4;

    private final int threads;

    /** Null with one thread. */
    private final ExecutorService helpers;

    @Autowired
    DetectionThreads(PipelineProperties properties) {
        this(properties.detectionThreads());
    }

    DetectionThreads(int threads) {
        this.threads = threads;
        AtomicInteger count = new AtomicInteger();
        this.helpers = threads <= 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, "detection-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    int threads() {
        return threads;
    }

    /**
     * {@code work} applied to every input, the answers in the inputs' order. {@code work} must be free of side effects
     * and of shared mutable state. A failure is thrown here, the first input's that failed, after every item ended.
     */
    <T, R> List<R> map(List<T> inputs, Function<T, R> work) {
        int n = inputs.size();
        if (helpers == null || n < FEWEST) {
            return inputs.stream().map(work).toList();
        }
        Object[] answers = new Object[n];
        Throwable[] failures = new Throwable[n];
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(n);
        // Items are taken one by one rather than in fixed shares: series differ in length, and a helper may start late.
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                try {
                    answers[i] = work.apply(inputs.get(i));
                }
                catch (Throwable ex) {
                    failures[i] = ex;
                }
                finally {
                    done.countDown();
                }
            }
        };
        for (int k = 0; k < Math.min(threads - 1, n - 1); k++) {
            try {
                helpers.execute(worker);
            }
            catch (RejectedExecutionException ex) {
                // shutting down: the caller does the rest
                break;
            }
        }
        worker.run();
        try {
            // Only items a helper took are left: a helper that starts after the last one finds nothing to do.
            done.await();
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the detection threads analysed a run", ex);
        }
        for (Throwable failure : failures) {
            if (failure instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (failure instanceof Error error) {
                throw error;
            }
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
        }
        @SuppressWarnings("unchecked")
        List<R> list = (List<R>) Arrays.asList(answers);
        return java.util.Collections.unmodifiableList(list);
    }

    @PreDestroy
    void stop() {
        if (helpers != null) {
            helpers.shutdownNow();
        }
    }
}
