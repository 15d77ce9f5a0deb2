package dev.perfwatch.detection;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Series that flip between levels a few percent apart and stay at each for several runs (JIT or code-layout modes,
 * a pool of not-quite-identical hosts): a switch to a level the series visited and left again within its recent
 * commits is a mode change, not a new regression or improvement. It is shown, never confirmed or alerted. The first
 * switch to a level never seen is an ordinary change, and the way back to the level before an open alert resolves
 * that alert: a real regression and its fix are never hidden. See docs/detection.md, "Modes".
 */
final class Modes {

    /** How far back (in commits) a visit to a level counts as recent. */
    static final int RECENT = 60;

    /** How many noise units from a level a run may be and still be at it. */
    static final double NOISE_UNITS = 3;

    /** Consecutive runs at a level that make a visit, not an outlier. */
    static final int STAY = 2;

    /** Most consecutive runs of a visit: a mode stays several runs, a level that held longer was a change. */
    static final int LONGEST_STAY = 20;

    private Modes() {
    }

    /**
     * Why the change is a mode change, or empty: within {@link #RECENT} commits before it, the series stayed
     * {@value #STAY} to {@value #LONGEST_STAY} consecutive runs nearer the level it now goes to than the one it leaves,
     * their mean near the level it goes to, and came back near the level it leaves after that.
     * Near is within a quarter of the step and within {@value #NOISE_UNITS} times the series' noise: a level 10%
     * from one the series had is not that level again, however large the step.
     */
    static Optional<String> of(Observations o, ChangePoint change, List<Tracker.Known> known, Detection detection) {
        double from = change.before().value();
        double to = change.after().value();
        double step = Math.abs(to - from);
        if (!(step > 0)) {
            return Optional.empty();
        }
        for (Tracker.Known k : known) {
            if (k.standing() == Tracker.Standing.ALERTED && Tracker.bringsBack(k.change(), change)) {
                return Optional.empty();
            }
        }
        double noise = detection.inUnit() ? detection.noise() : detection.noise() * Math.abs(to);
        double band = Double.isFinite(noise) && noise > 0 ? Math.min(step / 4, NOISE_UNITS * noise) : step / 4;
        int end = Tracker.position(o, change.index());
        int stay = 0;
        double sum = 0;
        int visited = -1;
        for (int i = Tracker.position(o, change.index() - RECENT); i < end; i++) {
            double unit = o.toUnit(o.values[i]);
            if (Math.abs(unit - to) < Math.abs(unit - from)) {
                stay++;
                sum += unit;
                continue;
            }
            // A stay of several runs is a mode; one of many runs was a level of its own (a regression, then its fix).
            if (stay >= STAY && stay <= LONGEST_STAY && Math.abs(sum / stay - to) <= band && visited < 0) {
                visited = o.commits[i - stay];
            }
            stay = 0;
            sum = 0;
            if (visited >= 0 && Math.abs(unit - from) <= band) {
                return Optional.of(String.format(Locale.ROOT,
                        "mode change: the series was at about %s %d commits before and left it again; not a new %s",
                        Tracker.number(to), change.index() - visited, change.direction().word()));
            }
        }
        // A level that does not hold together: after the change and before the next one the detector places, the
        // series went back to the level it left for a stay of its own. Found late, deep in the history, a change
        // between modes looks like this; a regression and its fix are two change points, each segment clean.
        int next = o.size();
        for (ChangePoint other : detection.changePoints()) {
            if (other.index() > change.index()) {
                next = Math.min(next, Tracker.position(o, other.index()));
            }
        }
        stay = 0;
        for (int i = end; i < next; i++) {
            stay = Math.abs(o.toUnit(o.values[i]) - from) <= band ? stay + 1 : 0;
            if (stay >= STAY) {
                return Optional.of(String.format(Locale.ROOT,
                        "mode change: the series went back to about %s %d commits after it and stayed; not a new %s",
                        Tracker.number(from), o.commits[i - 1] - change.index(), change.direction().word()));
            }
        }
        return Optional.empty();
    }
}
