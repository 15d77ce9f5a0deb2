package dev.perfwatch.alerts;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** The alert API's response records. */
final class AlertViews {

    private AlertViews() {
    }

    /**
     * @param magnitude after / before - 1; null when the level before was 0
     * @param exact whether the culprit is one commit ({@code lastGood} is its first parent)
     * @param restoredAt the commit whose change brought the level back, when the alert was resolved that way
     * @param timeline the link to the series' timeline in the UI
     */
    record Alert(long id, long group, String project, String status, String kind, Series series, Commit commit,
            Commit lastGood, boolean exact, Level before, Level after, Double magnitude, double confidence,
            List<UUID> runs, Long duplicateOf, Commit restoredAt, Instant createdAt, Instant updatedAt,
            String timeline) {
    }

    /** @param label the case as messages name it: class and method, and parameters */
    record Series(long id, String branch, String benchmark, String label, @JsonProperty("case") Case benchmarkCase,
            Metric metric, Environment environment) {
    }

    record Case(long id, String mode, int threads, @JsonRawValue String params) {
    }

    record Metric(String name, String unit, String direction) {
    }

    record Environment(long id, String hostClass, String jdkVersion, String vmName) {
    }

    record Commit(String sha, Instant time, String author, String message) {

        String subject() {
            if (message == null) {
                return "";
            }
            int end = message.indexOf('\n');
            return (end < 0 ? message : message.substring(0, end)).strip();
        }
    }

    record Level(double value, double lower, double upper, int points) {
    }

    /** An alert with its triage history, oldest first. */
    record AlertDetail(@JsonUnwrapped Alert alert, List<Change> history) {
    }

    /**
     * One status change.
     *
     * @param actor the API token's name, or "perfwatch" for changes it made itself
     * @param from null for the creation
     */
    record Change(String actor, Instant at, String from, String to, Long duplicateOf, String comment) {
    }

    /**
     * @param kind "regression" when any alert of the group is one
     * @param open whether any alert is still new, investigating or acknowledged
     */
    record Group(long id, String project, String kind, boolean open, String summary, Commit commit, Commit lastGood,
            boolean exact, List<Alert> alerts, Instant createdAt, Instant updatedAt) {
    }
}
