package dev.perfwatch.e2e.runner;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waits for a condition by polling it until a deadline; the failure message shows what was seen last. */
final class Poll {

    private Poll() {
    }

    static <T> T until(String what, Duration timeout, Supplier<T> probe, Predicate<T> done) {
        Instant deadline = Instant.now().plus(timeout);
        T last = null;
        while (Instant.now().isBefore(deadline)) {
            try {
                last = probe.get();
                if (done.test(last)) {
                    return last;
                }
            }
            catch (RuntimeException ex) {
                // the server may be restarting: keep asking until the deadline
            }
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
        }
        throw new AssertionError("timed out after " + timeout + " waiting for " + what + "; last seen: " + last);
    }
}
