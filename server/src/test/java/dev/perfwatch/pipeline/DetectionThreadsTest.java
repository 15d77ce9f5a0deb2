package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The answers in the inputs' order whichever thread computed them; the work shared; a failure thrown to the caller. */
class DetectionThreadsTest {

    @Test
    void answersInTheInputsOrderFromSeveralThreads() throws Exception {
        DetectionThreads threads = new DetectionThreads(3);
        try {
            List<Integer> inputs = IntStream.range(0, 500).boxed().toList();
            Set<String> names = ConcurrentHashMap.newKeySet();
            // Each thread's first item waits until all three threads have taken one: the work is shared by the helpers
            // and the caller. (Waiting for two let the two helpers finish all 500 items before the caller, which had
            // handed them out, took one: on a quiet machine the test then failed.)
            CountDownLatch shared = new CountDownLatch(3);
            List<Integer> squares = threads.map(inputs, i -> {
                if (names.add(Thread.currentThread().getName())) {
                    shared.countDown();
                }
                try {
                    shared.await(10, TimeUnit.SECONDS);
                }
                catch (InterruptedException ex) {
                    throw new IllegalStateException(ex);
                }
                return i * i;
            });
            assertThat(squares).isEqualTo(inputs.stream().map(i -> i * i).toList());
            assertThat(names).hasSize(3).contains(Thread.currentThread().getName());
        }
        finally {
            threads.stop();
        }
    }

    @Test
    void oneThreadIsTheCallerAlone() {
        DetectionThreads threads = new DetectionThreads(1);
        Set<String> names = ConcurrentHashMap.newKeySet();
        assertThat(threads.map(List.of(1, 2, 3, 4, 5), i -> {
            names.add(Thread.currentThread().getName());
            return -i;
        })).containsExactly(-1, -2, -3, -4, -5);
        assertThat(names).containsExactly(Thread.currentThread().getName());
    }

    @Test
    void aFailureIsThrownToTheCallerAfterTheRestEnded() {
        DetectionThreads threads = new DetectionThreads(2);
        try {
            List<Integer> inputs = IntStream.range(0, 50).boxed().toList();
            assertThatThrownBy(() -> threads.map(inputs, i -> {
                if (i == 17 || i == 33) {
                    throw new IllegalArgumentException("item " + i);
                }
                return i;
            })).isInstanceOf(IllegalArgumentException.class).hasMessage("item 17");
            assertThat(threads.map(inputs, i -> i + 1)).hasSize(50).startsWith(1, 2);
        }
        finally {
            threads.stop();
        }
    }
}
