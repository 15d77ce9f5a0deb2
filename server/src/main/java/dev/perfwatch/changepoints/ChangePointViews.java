package dev.perfwatch.changepoints;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What {@code GET /api/v1/change-points} answers (docs/api.md, "Change points"). */
final class ChangePointViews {

    private ChangePointViews() {
    }

    record Environment(long id, String hostClass, String jvm) {
    }

    record Commit(String sha, Instant time, String subject) {
    }

    /**
     * One change point of a series.
     *
     * @param magnitude after / before - 1; null when the level before is zero (within the metric's resolution)
     * @param absoluteChange after - before, in the metric's unit
     * @param status suspected, confirming, confirmed, alerted, dismissed, historical, unconfirmed, transient,
     *     resolved or withdrawn (docs/pipeline.md, "Change points")
     * @param reason why it has that status: the confirmation's verdict, or the policy that decided it
     * @param alertGroup the alert group it is in, null when it notified nobody
     * @param alertStatus the triage state of its alert (new, invalid, infra, ...), null without one
     * @param fixes for a resolved improvement that brought an alerted regression's level back, that regression's
     *     commit ("fixes the regression at ..."); null otherwise
     */
    record ChangePoint(long id, long series, String benchmark, @JsonProperty("case") String benchmarkCase,
            String metric, String unit, Environment environment, Commit commit, String direction, Double magnitude,
            Double absoluteChange, Double before, Double after, double confidence, String status, String reason,
            Long alertGroup, String alertStatus, Commit fixes) {
    }
}
