package dev.perfwatch.comparison;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether gc.alloc.rate.norm changed, in bytes. The metric needs no statistics when it repeats: a call that
 * allocates one 64-byte buffer reads 64.0 B/op in every fork, and JMH's residue (~0.0003 B/op from the benchmark
 * loop itself) is rounding, not signal. So the rule compares ranges, not means: each side must repeat within
 * {@link #repeatable} and the sides must be apart by at least the threshold; effects are said in the unit, never as
 * a percentage of a level near zero.
 */
final class AllocationChange {

    /** Below this many B/op a level is "none": JMH's per-call residue, not an allocation. */
    static final double NONE = 0.5;

    private AllocationChange() {
    }

    /**
     * @param base the base's values: fork means, or the iterations of its one fork, or its scores
     * @param head the head's values, the same way
     * @param threshold the smallest change that counts, in B/op
     */
    static Comparison.Allocation of(double[] base, double[] head, double threshold) {
        double baseLevel = median(base);
        double headLevel = median(head);
        double change = headLevel - baseLevel;
        String verdict;
        boolean repeatable = repeatable(base) && repeatable(head);
        double largest = Math.max(Math.abs(baseLevel), Math.abs(headLevel));
        boolean apart = Math.abs(change) >= Math.max(threshold, 0.01 * largest)
                && (change > 0 ? min(head) > max(base) : max(head) < min(base));
        if (repeatable && apart) {
            verdict = change > 0 ? "more" : "less";
        }
        else if (repeatable && Math.abs(change) < Math.max(threshold, 0.01 * largest)) {
            verdict = "same";
        }
        else {
            verdict = "unclear";
        }
        return new Comparison.Allocation(baseLevel, headLevel, change, verdict, text(baseLevel, headLevel));
    }

    /**
     * One side only: the other ran without JMH's GC profiler (an imported or older run), so nothing is compared, but
     * what the measured side allocates is said rather than left out.
     *
     * @param values the measured side's values
     * @param atHead whether the measured side is the head
     */
    static Comparison.Allocation oneSided(double[] values, boolean atHead) {
        double level = median(values);
        String amount = Math.abs(level) < NONE ? "none" : bytes(level) + " B/op";
        String text = atHead ? amount + " at head, not measured at base" : amount + " at base, not measured at head";
        return new Comparison.Allocation(atHead ? null : level, atHead ? level : null, null, "unmeasured", text);
    }

    /** Every value within 1 B/op or 2% of the median: what a fixed allocation per call reads like. */
    static boolean repeatable(double[] values) {
        if (values.length == 0) {
            return false;
        }
        double level = median(values);
        double tolerance = Math.max(1.0, 0.02 * Math.abs(level));
        return max(values) - min(values) <= tolerance;
    }

    /** "from none to 64 B/op", "from 64 B/op to none", "+32 B/op (48 → 80)", "±0 B/op". */
    static String text(double base, double head) {
        boolean baseNone = Math.abs(base) < NONE;
        boolean headNone = Math.abs(head) < NONE;
        if (baseNone && headNone) {
            return "±0 B/op";
        }
        if (baseNone) {
            return "from none to " + bytes(head) + " B/op";
        }
        if (headNone) {
            return "from " + bytes(base) + " B/op to none";
        }
        double change = head - base;
        if (Math.abs(change) < NONE) {
            return "±0 B/op";
        }
        return String.format(Locale.ROOT, "%+.0f B/op (%s → %s)", change, bytes(base), bytes(head));
    }

    private static String bytes(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
