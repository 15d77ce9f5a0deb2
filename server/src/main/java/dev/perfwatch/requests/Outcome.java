package dev.perfwatch.requests;

import java.util.List;

import dev.perfwatch.comparison.AllocationPolicy;
import dev.perfwatch.comparison.Comparison;
import dev.perfwatch.comparison.Verdict;

/**
 * The request's conclusion for the commit status. failure: a case is slower by at least the threshold, or (policy
 * fail, the default) allocates more per call deterministically; neutral: a case is slower by less, or allocates
 * more under policy neutral, or jobs failed, or nothing could be compared; success: nothing is slower. GitHub's
 * commit statuses have no neutral state, so neutral is sent as success with a description that says neutral.
 */
record Outcome(String word, String state, String description) {

    static Outcome of(Comparison comparison, double failThreshold, int failedJobs) {
        return of(comparison, failThreshold, failedJobs, AllocationPolicy.FAIL);
    }

    static Outcome of(Comparison comparison, double failThreshold, int failedJobs, AllocationPolicy policy) {
        List<Comparison.Row> rows = comparison.hostClasses().stream().flatMap(h -> h.rows().stream()).toList();
        long slower = rows.stream().filter(r -> r.verdict() == Verdict.SLOWER).count();
        long beyond = rows.stream()
            .filter(r -> r.verdict() == Verdict.SLOWER && r.changePercent() != null
                    && Math.abs(r.changePercent()) >= failThreshold)
            .count();
        List<Comparison.Row> allocating = policy == AllocationPolicy.IGNORE ? List.of()
                : rows.stream().filter(r -> r.allocation() != null && "more".equals(r.allocation().change())).toList();
        long faster = rows.stream().filter(r -> r.verdict() == Verdict.FASTER).count();
        if (beyond > 0 || (policy == AllocationPolicy.FAIL && !allocating.isEmpty())) {
            StringBuilder text = new StringBuilder();
            if (beyond > 0) {
                text.append(beyond).append(" of ").append(rows.size()).append(" cases slower by ")
                    .append(trim(failThreshold)).append("% or more");
            }
            if (policy == AllocationPolicy.FAIL && !allocating.isEmpty()) {
                text.append(text.isEmpty() ? "" : "; ").append(allocates(allocating, rows.size()));
            }
            return new Outcome("failure", "failure", text.toString());
        }
        if (rows.isEmpty()) {
            return new Outcome("neutral", "success", "Neutral: no case has results at both commits");
        }
        if (slower > 0) {
            return new Outcome("neutral", "success",
                    "Neutral: " + slower + " of " + rows.size() + " cases slower, by less than " + trim(failThreshold)
                            + "%");
        }
        if (!allocating.isEmpty()) {
            return new Outcome("neutral", "success", "Neutral: " + allocates(allocating, rows.size()));
        }
        if (failedJobs > 0) {
            return new Outcome("neutral", "success", "Neutral: nothing slower, but " + failedJobs + " jobs failed");
        }
        return new Outcome("success", "success",
                "Nothing slower: " + faster + " faster, " + (rows.size() - faster) + " same or unclear");
    }

    /** "1 of 2 cases allocates more: from none to 64 B/op", naming the largest change. */
    private static String allocates(List<Comparison.Row> allocating, int cases) {
        Comparison.Row largest = allocating.stream()
            .max(java.util.Comparator.comparingDouble(r -> r.allocation().changeBytes()))
            .orElseThrow();
        return allocating.size() + " of " + cases + (cases == 1 ? " case" : " cases")
                + (allocating.size() == 1 ? " allocates" : " allocate")
                + " more: " + largest.allocation().text();
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
