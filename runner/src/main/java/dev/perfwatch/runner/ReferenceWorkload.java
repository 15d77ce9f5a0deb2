package dev.perfwatch.runner;

import java.util.Arrays;

/**
 * The fixed yardstick a runner measures its host with before and after every job (docs/runner.md, "Host checks"):
 * the same deterministic work each time, so its time moves only when the host does. Half of each repetition chases
 * pointers through a 16 MB permutation (memory latency, cache contention from neighbours), half mixes integers in
 * registers (the core's speed and how much of it this process gets). It runs in a JVM of its own, started pinned
 * with taskset like the benchmark JVM, so it measures the CPUs the job gets.
 *
 * <p>Output of {@code main}: one line, the repetitions' times in ns separated by spaces.
 */
final class ReferenceWorkload {

    /** Repetitions timed, after {@link #WARMUPS} untimed ones that let the JIT compile the loops. */
    static final int REPETITIONS = 7;

    static final int WARMUPS = 2;

    /** 2 Mi ints: 8 MB, larger than the cache a core has to itself on most runner hosts, so the chase misses it. */
    private static final int SLOTS = 1 << 21;

    /** Steps per repetition: 10-15 ms in all on a core of its own (2-core test VM, AMD EPYC). */
    private static final int STEPS = 1 << 17;

    private static final int MIXES = 1 << 22;

    private final int[] next;

    ReferenceWorkload() {
        next = permutation(SLOTS, 0x5eed_1234L);
    }

    public static void main(String[] args) {
        ReferenceWorkload workload = new ReferenceWorkload();
        Times times = workload.measure(WARMUPS, REPETITIONS);
        // The halves first, the whole last: readers of older runners take the last line.
        System.out.println(line("chase ", times.chase()));
        System.out.println(line("mix ", times.mix()));
        System.out.println(line("", times.total()));
    }

    private static String line(String label, long[] times) {
        StringBuilder line = new StringBuilder(label);
        for (int i = 0; i < times.length; i++) {
            line.append(i == 0 ? "" : " ").append(times[i]);
        }
        return line.toString();
    }

    /**
     * The timed repetitions in ns: whole, and their two halves, so that a check that moved says whether the memory
     * (a neighbour in the shared cache) or the core (another process on it) did.
     */
    record Times(long[] total, long[] chase, long[] mix) {
    }

    Times measure(int warmups, int repetitions) {
        long sink = 0;
        for (int i = 0; i < warmups; i++) {
            sink += once();
        }
        long[] total = new long[repetitions];
        long[] chase = new long[repetitions];
        long[] mix = new long[repetitions];
        for (int i = 0; i < repetitions; i++) {
            long start = System.nanoTime();
            int slot = chase();
            long middle = System.nanoTime();
            sink += mix(slot);
            long end = System.nanoTime();
            total[i] = end - start;
            chase[i] = middle - start;
            mix[i] = end - middle;
        }
        if (sink == 42) {
            // Never true in practice; using the result keeps the JIT from removing the work.
            System.err.print("");
        }
        return new Times(total, chase, mix);
    }

    /** One repetition; its result depends on every step, and is the same on every run. */
    long once() {
        return mix(chase());
    }

    private int chase() {
        int slot = 0;
        for (int i = 0; i < STEPS; i++) {
            slot = next[slot];
        }
        return slot;
    }

    private static long mix(long seed) {
        long mix = seed;
        for (int i = 0; i < MIXES; i++) {
            mix = mix * 6364136223846793005L + 1442695040888963407L;
            mix ^= mix >>> 29;
        }
        return mix;
    }

    /** Sattolo's algorithm: one cycle through every slot, so the chase never settles into a short, cached loop. */
    static int[] permutation(int size, long seed) {
        int[] next = new int[size];
        for (int i = 0; i < size; i++) {
            next[i] = i;
        }
        long state = seed;
        for (int i = size - 1; i > 0; i--) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            int j = (int) ((state >>> 33) % i);
            int swap = next[i];
            next[i] = next[j];
            next[j] = swap;
        }
        return next;
    }

    /** The robust figure of a check: the median repetition. */
    static long median(long[] times) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** The spread of a check: the median absolute deviation over the median, scale-free. */
    static double spread(long[] times) {
        long median = median(times);
        long[] deviations = new long[times.length];
        for (int i = 0; i < times.length; i++) {
            deviations[i] = Math.abs(times[i] - median);
        }
        return median == 0 ? 0 : (double) median(deviations) / median;
    }
}
