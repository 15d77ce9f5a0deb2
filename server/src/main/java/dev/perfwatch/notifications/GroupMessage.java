package dev.perfwatch.notifications;

import java.time.Instant;
import java.util.List;

/**
 * What every channel says about one alert group, fixed when the group is announced: the outbox stores it, so a
 * retry sends what the first attempt would have. Numbers come formatted; channels only lay them out.
 *
 * @param group the alert group's id
 * @param project the project's name
 * @param repository the project's git repository URL, if known (a GitHub URL names the repository to comment on)
 * @param kind "regression" when any alert of the group is one, "improvement" otherwise
 * @param title one line naming the project, the culprit and its commit subject
 * @param summary the group's summary, e.g. "14 cases regressed 6–11% on 4-core only; gc.alloc.rate.norm +96 B/op"
 * @param commit the first bad commit (the culprit when {@code exact})
 * @param lastGood the last good commit
 * @param exact whether the culprit is one commit rather than a range
 * @param lines the alerts, the largest changes first, at most {@link #MAX_LINES}
 * @param more how many alerts did not fit into {@code lines}
 * @param raisedAt when the group was announced
 * @param followUp 0 for the group's announcement; for a follow-up (the group gained a change its channels were not
 *     told of), the newest alert it announces, which keys it in the outbox and names its e-mail
 */
public record GroupMessage(long group, String project, String repository, String kind, String title, String summary,
        Commit commit, Commit lastGood, boolean exact, List<Line> lines, int more, Instant raisedAt, long followUp) {

    public static final int MAX_LINES = 20;

    public GroupMessage {
        lines = List.copyOf(lines);
    }

    /** The group's announcement. */
    public GroupMessage(long group, String project, String repository, String kind, String title, String summary,
            Commit commit, Commit lastGood, boolean exact, List<Line> lines, int more, Instant raisedAt) {
        this(group, project, repository, kind, title, summary, commit, lastGood, exact, lines, more, raisedAt, 0);
    }

    /** Whether this is a follow-up of an announced group rather than its announcement. */
    public boolean followsUp() {
        return followUp != 0;
    }

    /**
     * The follow-up of this group's message: its title says it is news about a group announced before, and what is
     * new ("Update: 1 more case regressed: Regression in demo at 1a2b3c4: ...").
     *
     * @param newest the newest alert the follow-up announces
     * @param news what is new, said first
     */
    public GroupMessage followUp(long newest, String news) {
        return new GroupMessage(group, project, repository, kind, "Update, " + news + ": " + title, summary, commit,
                lastGood, exact, lines, more, raisedAt, newest);
    }

    public boolean regression() {
        return kind.equals("regression");
    }

    /** A commit as a message shows it. */
    public record Commit(String sha, String author, String subject) {

        public String shortSha() {
            return sha.length() > 7 ? sha.substring(0, 7) : sha;
        }
    }

    /**
     * One alert.
     *
     * @param benchmark the case: the benchmark's class and method, and its parameters ("Bench.write (length=16)")
     * @param metric "primary" or the secondary metric's name
     * @param before the level before with its interval ("1250 [1240–1260]")
     * @param change relative change ("-10.0%"), or the absolute one when the level before was 0 ("+24 B/op")
     * @param confidence "99.9%"
     * @param timeline the link to the series' timeline
     */
    public record Line(long alert, long series, String kind, String benchmark, String metric, String hostClass,
            String before, String after, String unit, String change, String confidence, String timeline) {

        /** Nothing for the primary score, which the benchmark's name stands for; " · name" for another metric. */
        public String metricSuffix() {
            return metric.equals("primary") ? "" : " · " + metric;
        }
    }
}
