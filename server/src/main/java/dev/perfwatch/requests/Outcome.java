package dev.perfwatch.requests;

import java.util.List;

import dev.perfwatch.comparison.Comparison;
import dev.perfwatch.comparison.Verdict;

/**
 * The request's conclusion for the commit status. failure: a case is slower by at least the threshold; neutral: a
 * case is slower by less, or jobs failed, or nothing could be compared; success: nothing is slower. GitHub's commit
 * statuses have no neutral state, so neutral is sent as success with a description that says neutral.
 */
record Outcome(String word, String state, String description) {

    static Outcome of(Comparison comparison, double failThreshold, int failedJobs) {
        List<Comparison.Row> rows = comparison.hostClasses().stream().flatMap(h -> h.rows().stream()).toList();
        long slower = rows.stream().filter(r -> r.verdict() == Verdict.SLOWER).count();
        long beyond = rows.stream()
            .filter(r -> r.verdict() == Verdict.SLOWER && r.changePercent() != null
                    && Math.abs(r.changePercent()) >= failThreshold)
            .count();
        long faster = rows.stream().filter(r -> r.verdict() == Verdict.FASTER).count();
        if (beyond > 0) {
            return new Outcome("failure", "failure",
                    beyond + " of " + rows.size() + " cases slower by " + trim(failThreshold) + "% or more");
        }
        if (rows.isEmpty()) {
            return new Outcome("neutral", "success", "Neutral: no case has results at both commits");
        }
        if (slower > 0) {
            return new Outcome("neutral", "success",
                    "Neutral: " + slower + " of " + rows.size() + " cases slower, by less than " + trim(failThreshold)
                            + "%");
        }
        if (failedJobs > 0) {
            return new Outcome("neutral", "success", "Neutral: nothing slower, but " + failedJobs + " jobs failed");
        }
        return new Outcome("success", "success",
                "Nothing slower: " + faster + " faster, " + (rows.size() - faster) + " same or unclear");
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
