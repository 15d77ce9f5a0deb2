package dev.perfwatch.requests;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waits for a condition by polling it until a deadline; the failure message shows what was seen last. */
final class Poll {

    private Poll() {
    }

    static <T> T until(String what, Supplier<T> probe, Predicate<T> done) {
        Duration timeout = Duration.ofSeconds(20);
        Instant deadline = Instant.now().plus(timeout);
        T last = null;
        while (Instant.now().isBefore(deadline)) {
            last = probe.get();
            if (done.test(last)) {
                return last;
            }
            LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
        }
        throw new AssertionError("timed out after " + timeout + " waiting for " + what + "; last seen: " + last);
    }
}
