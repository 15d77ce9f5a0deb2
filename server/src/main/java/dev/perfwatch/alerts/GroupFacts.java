package dev.perfwatch.alerts;

import java.util.List;

/**
 * What a group's summary is written from: its alerts, and the same case and metric on the other host classes at that
 * commit, read by {@link SummaryQueries} and rendered by {@link SummaryText}. {@code foundLate}: the most commits
 * after the culprit at which a change of the group was found (the history search placed it back there), 0 when none
 * was found late; the culprit is then older than the alert, and the summary says so. {@code unconfirmed}: why the
 * group's changes could not be re-run (the pipeline's verdict, "not confirmed: no runner serves host class
 * github-actions"), when every alert of the group rests on the detector's word alone; empty otherwise.
 */
record GroupFacts(List<AlertFact> alerts, List<SiblingFact> siblings, int foundLate, List<Breadth> breadth,
        List<String> unconfirmed) {

    static final String PRIMARY = "primary";

    static final String ALLOCATION = "gc.alloc.rate.norm";

    GroupFacts {
        alerts = List.copyOf(alerts);
        siblings = List.copyOf(siblings);
        breadth = List.copyOf(breadth);
        unconfirmed = List.copyOf(unconfirmed);
    }

    GroupFacts(List<AlertFact> alerts, List<SiblingFact> siblings, int foundLate, List<Breadth> breadth) {
        this(alerts, siblings, foundLate, breadth, List.of());
    }

    /** A group whose environments' breadth was not read (tests of the other clauses). */
    GroupFacts(List<AlertFact> alerts, List<SiblingFact> siblings, int foundLate) {
        this(alerts, siblings, foundLate, List.of());
    }

    /** A group whose changes were all found at their own commit (or among the few runs after it). */
    GroupFacts(List<AlertFact> alerts, List<SiblingFact> siblings) {
        this(alerts, siblings, 0);
    }

    /**
     * One alert of the group.
     *
     * @param magnitude after / before - 1, null when the level before was 0
     * @param allocationMeasured for a primary-metric alert: the same case and environment has a
     *     {@code gc.alloc.rate.norm} result at the culprit and no change of its own there (such as a return from an
     *     earlier alert), so "no allocation alert" means "allocation unchanged"
     */
    record AlertFact(long alert, long caseId, long environment, String hostClass, String metric, String unit,
            Kind kind, Double magnitude, double before, double after, boolean allocationMeasured) {

        boolean primary() {
            return metric.equals(PRIMARY);
        }
    }

    /**
     * How broadly one environment of the group moved at its commit: of the project's primary-metric series in that
     * environment (and branch) with a result at the first bad commit, how many have an alert of this kind there.
     * Nearly all of them moving at once is what a change of the hosts (a kernel, a BIOS setting, a noisy neighbour,
     * a JVM build) looks like, rarely what one commit does.
     *
     * @param hostClass the environment's host class
     * @param kind the direction of the alerts counted
     * @param measured primary series of the environment with a result at the commit
     * @param moved how many of them have an alert of this kind at the commit (in this group or another)
     */
    record Breadth(String hostClass, Kind kind, int measured, int moved) {
    }

    /**
     * The series of an alert's case and metric on another host class.
     *
     * @param alert the alert whose sibling this is
     * @param measured whether it has a result at or after the first bad commit
     * @param change relative change of its median over up to five results after versus up to five before; null
     *     when not measured
     * @param alerted whether it has an alert at the same first bad commit
     */
    record SiblingFact(long alert, String hostClass, boolean measured, Double change, boolean alerted) {
    }
}
