package dev.perfwatch.suites.serialization.allocation;

import java.lang.management.ManagementFactory;

/**
 * Bytes the current thread allocates while running an action, from HotSpot's per-thread counter: the same
 * quantity -prof gc reports per operation, checked once so a benchmark's premise cannot silently go stale.
 */
public final class Allocations {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private Allocations() {
    }

    /** Runs {@code action} once to load what it needs, then returns what a second run allocates. */
    public static long allocatedBy(ThrowingRunnable action) throws Exception {
        action.run();
        long threadId = Thread.currentThread().getId();
        long before = THREADS.getThreadAllocatedBytes(threadId);
        action.run();
        return THREADS.getThreadAllocatedBytes(threadId) - before;
    }

    /** An action that may throw, as benchmark methods do. */
    @FunctionalInterface
    public interface ThrowingRunnable {
        void run() throws Exception;
    }
}
