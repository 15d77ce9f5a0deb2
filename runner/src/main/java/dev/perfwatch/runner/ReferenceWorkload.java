package dev.perfwatch.runner;

import java.util.Arrays;

/**
 * The fixed yardstick a runner measures its host with before and after every job (docs/runner.md, "Host checks"):
 * the same deterministic work each time, so its time moves only when the host does. Each timed repetition chases
 * pointers through a 512 KB permutation (the core's own caches: another process on the core evicts them) and mixes
 * integers in registers (the core's speed and how much of it this process gets). It runs in a JVM of its own,
 * started pinned with taskset like the benchmark JVM, so it measures the CPUs the job gets.
 *
 * <p>Version 2 ({@link HostCheck#WORKLOAD}): version 1 chased through 8 MB, which lives in the last-level cache the
 * whole machine shares (on a cloud VM, with other tenants nobody here can see). On the 2-core test VM that half swung
 * 1.5-16 ms between checks seconds apart with nothing else running in the VM, while the register half stayed within
 * 5.6-5.9 ms, so the yardstick marked quiet runs noisy (docs/runner.md, "Why reference-2"). The shared-cache chase
 * is still timed and reported ({@code memory}), but it is not part of the judged time.
 *
 * <p>Output of {@code main}: the halves, the shared-cache chase, and last the repetitions' whole times in ns
 * separated by spaces (readers of older runners take the last line).
 */
final class ReferenceWorkload {

    /** Repetitions timed, after the untimed warm-up that lets the JIT compile the loops. */
    static final int REPETITIONS = 15;

    /** Warm-up repetitions at least and at most: warming stops once a repetition is no faster than the one before. */
    static final int MIN_WARMUPS = 3;

    static final int MAX_WARMUPS = 30;

    /** 128 Ki ints: 512 KB, inside the private L2 of current server cores, so no other core's traffic reaches it. */
    private static final int CORE_SLOTS = 1 << 17;

    private static final int CORE_STEPS = 1 << 19;

    /** 2 Mi ints: 8 MB, beyond the private caches: the shared cache and memory (reported, not judged). */
    private static final int MEMORY_SLOTS = 1 << 21;

    private static final int MEMORY_STEPS = 1 << 16;

    private static final int MIXES = 1 << 22;

    private final int[] core;

    private final int[] memory;

    ReferenceWorkload() {
        core = permutation(CORE_SLOTS, 0x5eed_1234L);
        memory = permutation(MEMORY_SLOTS, 0x5eed_5678L);
    }

    public static void main(String[] args) {
        ReferenceWorkload workload = new ReferenceWorkload();
        Times times = workload.measure(REPETITIONS);
        System.out.println(line("chase ", times.chase()));
        System.out.println(line("mix ", times.mix()));
        System.out.println(line("memory ", times.memory()));
        System.out.println(line("warmups ", new long[] { times.warmups() }));
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
     * The timed repetitions in ns: whole (chase and mix), and their two halves, so that a check that moved says
     * whether the core's caches or its cycles did; the shared-cache chase apart; how many warm-ups it took.
     */
    record Times(long[] total, long[] chase, long[] mix, long[] memory, int warmups) {
    }

    Times measure(int repetitions) {
        long sink = 0;
        int warmups = 0;
        long previous = Long.MAX_VALUE;
        // Warm until compiled: a fixed count left the first timed repetitions in interpreted or C1 code on a slow
        // start; a repetition no faster than the one before (by 2%) means the loops run their final code.
        while (warmups < MAX_WARMUPS) {
            long start = System.nanoTime();
            sink += once();
            long took = System.nanoTime() - start;
            warmups++;
            if (warmups >= MIN_WARMUPS && took > previous * 0.98) {
                break;
            }
            previous = Math.min(previous, took);
        }
        long[] total = new long[repetitions];
        long[] chase = new long[repetitions];
        long[] mix = new long[repetitions];
        long[] memory = new long[repetitions];
        for (int i = 0; i < repetitions; i++) {
            long start = System.nanoTime();
            int slot = chase(core, CORE_STEPS);
            long middle = System.nanoTime();
            sink += mix(slot);
            long end = System.nanoTime();
            sink += chase(this.memory, MEMORY_STEPS);
            long after = System.nanoTime();
            total[i] = end - start;
            chase[i] = middle - start;
            mix[i] = end - middle;
            memory[i] = after - end;
        }
        if (sink == 42) {
            // Never true in practice; using the result keeps the JIT from removing the work.
            System.err.print("");
        }
        return new Times(total, chase, mix, memory, warmups);
    }

    /** One repetition of the judged work; its result depends on every step, and is the same on every run. */
    long once() {
        return mix(chase(core, CORE_STEPS)) + chase(memory, MEMORY_STEPS);
    }

    private static int chase(int[] next, int steps) {
        int slot = 0;
        for (int i = 0; i < steps; i++) {
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
