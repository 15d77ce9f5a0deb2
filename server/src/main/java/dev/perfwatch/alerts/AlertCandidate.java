package dev.perfwatch.alerts;

import java.util.List;
import java.util.UUID;

/**
 * A confirmed change of one series that the detection pipeline hands to {@link Alerts#raise}: the commits
 * (lastGoodCommit, firstBadCommit] of the series' branch contain the culprit; it is exactly firstBadCommit when
 * lastGoodCommit is its first parent.
 *
 * @param series the series id
 * @param firstBadCommit id of the first commit at the new level
 * @param lastGoodCommit id of the last commit at the old level
 * @param before the level before the change, in the metric's unit
 * @param after the level after the change
 * @param confidence how sure the detector (or the confirmation runs) is, from 0 to 1
 * @param runs the runs the decision rests on: the points around the change and the confirmation runs
 */
public record AlertCandidate(long series, long firstBadCommit, long lastGoodCommit, Level before, Level after,
        double confidence, List<UUID> runs) {

    public AlertCandidate {
        if (before == null || after == null) {
            throw new IllegalArgumentException("before and after levels are required");
        }
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, was " + confidence);
        }
        if (firstBadCommit == lastGoodCommit) {
            throw new IllegalArgumentException("the first bad and the last good commit must differ");
        }
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    /** The relative change after / before - 1, empty when the level before was 0 (a case that began to allocate). */
    java.util.OptionalDouble magnitude() {
        return before.value() == 0 ? java.util.OptionalDouble.empty()
                : java.util.OptionalDouble.of(after.value() / before.value() - 1);
    }

    /**
     * A level of the series between two changes.
     *
     * @param value the level, e.g. the geometric mean of the segment's points
     * @param lower lower end of its 95% confidence interval
     * @param upper upper end of its 95% confidence interval
     * @param points the number of commits it is estimated from
     */
    public record Level(double value, double lower, double upper, int points) {

        public Level {
            if (!Double.isFinite(value) || !Double.isFinite(lower) || !Double.isFinite(upper)) {
                throw new IllegalArgumentException("a level must be finite: " + value + " [" + lower + ", " + upper
                        + "]");
            }
            if (points < 1) {
                throw new IllegalArgumentException("a level rests on at least one point, was " + points);
            }
        }
    }
}
