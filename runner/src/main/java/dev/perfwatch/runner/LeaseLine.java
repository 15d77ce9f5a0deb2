package dev.perfwatch.runner;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The runner log's line for a leased job. It says why the job is there when that is not a nightly run: a
 * confirmation re-run of a commit already measured read like a second nightly of it, and someone watching the demo
 * asked why commit 4 was benchmarked again.
 */
final class LeaseLine {

    private LeaseLine() {
    }

    /** "leased: a confirmation re-run of a suspected change, profile quick, JVM 17". */
    static String of(JsonNode job) {
        String why = switch (job.path("kind").asText("")) {
            case "confirmation" -> ": a confirmation re-run of a suspected change (re-measured before anyone is alerted)";
            case "bisection" -> ": a bisection run (finding the culprit commit in a range)";
            case "request" -> ": a benchmark request's fork (" + job.path("branch").asText("?") + ")";
            default -> "";
        };
        return "leased" + why + ", profile " + job.path("profile").asText() + ", JVM " + job.path("jvm").asText();
    }
}
