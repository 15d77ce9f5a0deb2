package dev.perfwatch.comparison;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Head against base, case by case, per environment: the answer of {@code GET /api/v1/comparisons} and what a
 * benchmark request renders into its pull-request comment.
 */
public record Comparison(String project, Commit base, Commit head, List<HostClass> hostClasses) {

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
            List<Case> removed) {
    }

    /** A case benchmarked at one of the two commits only: added by the head, or gone from it. */
    public record Case(String benchmark, Map<String, String> params, String caseKey) {
    }

    /**
     * One case with its primary metric. changePercent and interval are percentages of the base score; interval is
     * null when a side has fewer than two forks (and the verdict then is unclear).
     */
    public record Row(String benchmark, Map<String, String> params, String caseKey, String metric, String unit,
            String direction, Side base, Side head, Double changePercent, List<Double> interval, Verdict verdict,
            Allocation allocation) {
    }

    /**
     * @param score the mean of the fork means (JMH's score when every fork ran the same iterations)
     * @param error half the width of the 99% interval of that mean over forks; null below two forks
     */
    public record Side(double score, Double error, int forks) {
    }

    /** gc.alloc.rate.norm of both sides, in B/op. */
    public record Allocation(double base, double head, double changeBytes) {
    }
}
