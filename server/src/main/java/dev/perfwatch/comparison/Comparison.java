package dev.perfwatch.comparison;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Head against base, case by case, per environment: the answer of {@code GET /api/v1/comparisons} and what a
 * benchmark request renders into its pull-request comment.
 *
 * @param confidence the two-sided level of every change interval: 0.99 for the API, the level of its last look for
 *     a benchmark request (0.9958 at the first of Pocock's five), so a page can name the level it shows
 */
public record Comparison(String project, Commit base, Commit head, List<HostClass> hostClasses, double confidence) {

    public record Commit(String sha, String message, Instant time) {
    }

    /**
     * The rows of one environment (a host class and one JVM); a host class benchmarked on two JVMs appears twice.
     *
     * @param environment a label that tells this environment from the others in the answer: "4-core · JDK 17.0.15"
     * @param added cases with results at the head only (a benchmark the change adds), by benchmark and key
     * @param removed cases with results at the base only
     */
    public record HostClass(String hostClass, String environment, String jdkVersion, List<Row> rows, List<Case> added,
            List<Case> removed, BusyRuns busy) {

        public HostClass(String hostClass, String environment, String jdkVersion, List<Row> rows, List<Case> added,
                List<Case> removed) {
            this(hostClass, environment, jdkVersion, rows, added, removed, null);
        }
    }

    /**
     * Runs of an environment's compared cases that ran while their runner reported the host busy (runners' host
     * checks): detection leaves such runs out of a series, so a verdict resting on them says so. Null when none did.
     *
     * @param runs the environment's runs at the two commits
     * @param busy how many of them ran on a busy host
     * @param reason the first busy run's reason, as the server judged its host check
     */
    public record BusyRuns(int runs, int busy, String reason) {
    }

    /** A case benchmarked at one of the two commits only: added by the head, or gone from it. */
    public record Case(String benchmark, Map<String, String> params, String caseKey) {
    }

    /**
     * One case with its primary metric. changePercent and interval are percentages of the base score; interval is
     * null when nothing tells the noise (and the verdict then is unclear).
     *
     * @param basis what the interval rests on: "forks" (fork means), "runs" (scores of several runs a side, no
     *     forks stored), "score errors" (JMH's score error of each side), "history" (the series' noise from the
     *     results around the two commits), or "none"
     * @param significant whether the row is a change that matters: the verdict is faster or slower, or the
     *     allocation changed deterministically (unless the allocation policy ignores it)
     */
    public record Row(String benchmark, Map<String, String> params, String caseKey, String metric, String unit,
            String direction, Side base, Side head, Double changePercent, List<Double> interval, Verdict verdict,
            Allocation allocation, String basis, boolean significant) {

        /** Whether the allocation changed deterministically, either way. */
        public boolean allocationChanged() {
            return allocation != null && allocation.changed();
        }

        /**
         * An interval wider than 200 percentage points ([−400%, +255%] on a busy host): the forks disagree wildly, and
         * the change and its interval say nothing; shown as "too noisy to tell", as the comparison page does.
         */
        public boolean tooNoisy() {
            return interval != null && interval.size() == 2 && interval.get(1) - interval.get(0) > 200;
        }
    }

    /**
     * @param score the mean of the fork means (JMH's score when every fork ran the same iterations)
     * @param error half the width of the 99% interval of that mean over forks; null below two forks
     */
    public record Side(double score, Double error, int forks) {
    }

    /**
     * gc.alloc.rate.norm of both sides, in B/op.
     *
     * @param base the base's level; null when the base has no allocation figure (run without JMH's GC profiler)
     * @param head the head's level; null when the head has none
     * @param changeBytes head − base; null when a side has no figure
     * @param change "more" or "less" when every fork of each side allocated the same (within rounding) and the
     *     sides differ by at least the allocation threshold; "same" when both are repeatable and closer than it;
     *     "unclear" when a side varies from fork to fork (escape analysis that sometimes kicks in); "unmeasured"
     *     when one side has no allocation figure: nothing is compared, the other side's level is said
     * @param text the change in words, in bytes near zero: "from none to 64 B/op", "+32 B/op (48 → 80)",
     *     "64 B/op at head, not measured at base"
     */
    public record Allocation(Double base, Double head, Double changeBytes, String change, String text) {

        public boolean changed() {
            return "more".equals(change) || "less".equals(change);
        }

        /** Whether one side has no allocation figure, so the row says what the other side allocates. */
        public boolean unmeasured() {
            return "unmeasured".equals(change);
        }

        /** An allocation whose change was judged elsewhere (stored texts, tests), worded as comparisons word it. */
        public static Allocation of(double base, double head, String change) {
            return new Allocation(base, head, head - base, change, AllocationChange.text(base, head));
        }
    }
}
