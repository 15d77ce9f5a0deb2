package dev.perfwatch.changes;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;

/** The changes API's response records. */
final class ChangeViews {

    private ChangeViews() {
    }

    /**
     * Every case measured at one commit in one environment.
     *
     * @param previous the commit before it on the branch that has results in the environment, or null
     * @param next the commit after it on the branch that has results in the environment, or null
     * @param trend how many results before the commit the trend column compares with
     * @param environments every environment of the branch, for a picker
     */
    record Changes(String project, String branch, Environment environment, Commit commit, Commit previous,
            Commit next, int trend, String metric, List<Row> rows, List<Environment> environments) {
    }

    record Environment(long id, String hostClass, String jdkVersion, String vmName, String vmVersion,
            List<String> jvmArgs) {
    }

    record Commit(String sha, Instant time, String author, String message) {
    }

    record Case(long id, String mode, int threads, @JsonRawValue String params) {
    }

    record Metric(String name, String unit, String direction) {
    }

    /**
     * One series at the commit.
     *
     * @param error JMH's score error: the half width of the 99.9% confidence interval, null when unknown
     * @param previous the change against the series' previous result, null for its first result
     * @param trend the change against the mean of up to {@code trend} results before it, null for its first result
     * @param noiseReason why neither change is judged: this result or the previous one was measured on a host its
     *     runner's checks flagged (a busy or moved host skews times, so this is null for B/op and GC counts); null
     *     when judged
     */
    record Row(long series, String benchmark, @JsonProperty("case") Case benchmarkCase, Metric metric, double score,
            Double error, Previous previous, Trend trend, String noiseReason) {
    }

    /**
     * @param change score / previous score - 1, null when the previous score was 0
     * @param z the difference over its standard error: from both results' score errors, or without them from the
     *     run-to-run noise; null when there is nothing to judge by
     * @param verdict better, worse, same (not significant), unclear (nothing to judge by) or not-judged (measured on
     *     a noisy host: see the row's noiseReason)
     * @param basis what z was judged by: errors, noise (the detector's noise of the series) or spread (of the trend);
     *     null when unclear
     */
    record Previous(String sha, double score, Double error, Double change, Double z, String verdict, String basis) {
    }

    /**
     * @param points how many results the mean is over
     * @param spread the standard deviation of those results: the run-to-run noise
     * @param z the difference over the noise expected for one more result; null with fewer than 3 results
     */
    record Trend(int points, double mean, Double spread, Double change, Double z, String verdict) {
    }
}
