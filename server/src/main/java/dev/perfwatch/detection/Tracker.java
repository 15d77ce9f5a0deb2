package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the newest run of a series says, decided once for both places that ask: the pipeline after every stored run
 * ({@code pipeline/RunAnalysis}) and the offline replay for every point ({@link Replay}, {@code detect --replay}, the
 * evaluation). Given the series up to its newest commit and the change points already known on it, it returns the new
 * ones, each a change to confirm, a request for re-runs on a short history, or a mode change, and the alerted ones
 * whose level did not hold. Stateless; the caller keeps what became of each change point. See docs/detection.md,
 * "From a run to a change point".
 */
public final class Tracker {

    /** Newest commits of a series whose change points may notify anyone; deeper ones are historical. */
    public static final int ALERT_WINDOW = 5;

    /**
     * Newest commits of a series whose change points are still worth re-running when found late: the history search
     * places most mode switches 5–40 commits after they happened, and only re-runs tell such a switch from a change
     * (docs/detection.md, "Confirming late-found changes"). Deeper ones are historical.
     */
    public static final int CONFIRM_WINDOW = 40;

    /** Runs back at the old level, every one of them, that make an alerted change transient. */
    static final int HOLD = 3;

    /** What a new change point is. */
    public enum Kind {
        /** a new level the detector's test accepted: confirm it, then alert */
        CHANGE,
        /** a new level on a history too short for the test: a request for re-runs, never a verdict */
        SHORT_HISTORY,
        /** a switch to a level the series visited and left recently: shown, neither confirmed nor alerted */
        MODE_CHANGE
    }

    /** What became of a known change point, as far as the rules here care. */
    public enum Standing {
        /** alerted (after re-runs or on the detector's word) and still open */
        ALERTED,
        /** a change of level that stands, alerting nobody now: confirming, resolved */
        KEPT,
        /**
         * a change of level that notified nobody (found deep in the history, or in an import older than the alert
         * age); like an alerted one, closed as transient when the runs that follow show its level did not hold
         */
        HISTORICAL,
        /** did not happen: transient, or withdrawn; the level before it still stands */
        VOID,
        /**
         * a mode change: the level before it still stands, until its own level holds longer than a mode stays
         * ({@link Promotion})
         */
        MODE,
        /**
         * the re-runs of its commit and the one before showed no change: the level before it still stands, and a
         * change point the detector later places at another commit nearby is a new one (the screen may name a step a
         * commit or two early, and the re-runs of the wrong pair say "same")
         */
        DISMISSED
    }

    /** A change point the series already has; for a mode change, {@code change}'s direction is the way it went. */
    public record Known(ChangePoint change, Standing standing) {
    }

    /**
     * A change point not known before.
     *
     * @param recent among the newest {@code alertWindow} commits: it may notify (the pipeline also asks the commit's
     *     age); otherwise historical
     * @param confirmable among the newest {@link #CONFIRM_WINDOW} commits (every recent one is): a change found late
     *     there is confirmed by re-runs where runners can make them, and alerts only then
     * @param late commits from its commit to the newest one when found
     * @param reason why it is a mode change; for a request on a short history, what it rests on (the reason of a change
     *     point decided without re-runs); empty otherwise
     * @param standsUnconfirmed a request on a short history that stands as a change where nobody can re-run it
     *     ({@link #standsUnconfirmed}); false for every other kind
     */
    public record Found(ChangePoint change, Kind kind, boolean recent, boolean confirmable, int late, String reason,
            boolean standsUnconfirmed) {

        public Found(ChangePoint change, Kind kind, boolean recent, boolean confirmable, int late, String reason) {
            this(change, kind, recent, confirmable, late, reason, false);
        }

        /** A change the detector's test accepted, found too late to be news, yet recent enough to re-run. */
        public boolean confirmableLate() {
            return kind == Kind.CHANGE && !recent && confirmable;
        }
    }

    /** A known alerted change whose level did not hold: the runs that followed went back. */
    public record Lapse(int known, String reason) {
    }

    /**
     * A known mode change whose new level then held longer than any mode stays ({@link Modes#LONGEST_STAY} runs in a
     * row): it was a change after all, found late. {@code found} replaces {@code known}: a change, historical or
     * confirmed by re-runs like any change found late.
     */
    public record Promotion(int known, Found found) {
    }

    /**
     * The outcome of one run: the detection, the new change points in index order, the lapsed alerts, the mode changes
     * that turned out to be changes.
     */
    public record Step(Detection detection, List<Found> found, List<Lapse> lapses, List<Promotion> promotions) {
    }

    private final Detector detector;

    private final int alertWindow;

    public Tracker(Detector detector, int alertWindow) {
        this.detector = detector;
        this.alertWindow = alertWindow;
    }

    public Tracker(Detector detector) {
        this(detector, ALERT_WINDOW);
    }

    public Detector detector() {
        return detector;
    }

    public int alertWindow() {
        return alertWindow;
    }

    /** Decides what the newest point of {@code series} says, given the change points already known on it. */
    public Step next(Series series, List<Known> known) {
        Observations o = Observations.of(series.points(), series.resolution());
        Detection detection = detector.detectRecent(series, o);
        if (o.size() == 0) {
            return new Step(detection, List.of(), List.of(), List.of());
        }
        int newest = o.commits[o.size() - 1];
        List<ChangePoint> seen = new ArrayList<>(known.stream()
            .filter(k -> k.standing() != Standing.DISMISSED).map(Known::change).toList());
        List<Integer> dismissed = known.stream()
            .filter(k -> k.standing() == Standing.DISMISSED).map(k -> k.change().index()).toList();
        List<ChangePoint> changes = new ArrayList<>(detection.changePoints());
        // Too few commits since the start or the last change for the screen: ask the runners (ShortHistory).
        int since = lastChange(known, changes);
        if (commitsFrom(o, since) < Detector.SHORT_HISTORY) {
            detector.shortHistory(series, since).ifPresent(changes::add);
        }
        List<Found> found = new ArrayList<>();
        for (ChangePoint change : changes) {
            if (change.index() < 1 || Replay.known(seen, change, detector.settings()) >= 0
                    || dismissed.contains(change.index())) {
                continue;
            }
            seen.add(change);
            boolean recent = change.index() > newest - alertWindow;
            boolean confirmable = recent || change.index() > newest - CONFIRM_WINDOW;
            Optional<String> mode = Modes.of(o, change, known, detection);
            Kind kind = mode.isPresent() ? Kind.MODE_CHANGE
                    : detection.changePoints().contains(change) ? Kind.CHANGE : Kind.SHORT_HISTORY;
            boolean request = kind == Kind.SHORT_HISTORY;
            found.add(new Found(change, kind, recent, confirmable, newest - change.index(),
                    request ? ShortHistory.describe(change) : mode.orElse(""),
                    request && standsUnconfirmed(change, known, series.resolution())));
        }
        return new Step(detection, found, lapses(o, detection, known, found), promotions(o, detection, known));
    }

    /**
     * Whether a request on a short history stands as a change on the detector's word, where nobody can re-run its
     * commits: its levels repeat exactly (allocation from none to 64 B/op), or its new level held
     * {@value ShortHistory#SETTLED} commits ({@link ShortHistory#standsUnconfirmed}) and is not a return to the level
     * before an alerted (or historical) change. Such a return is that change's level not holding, which
     * {@link #lapses} decides with {@value #HOLD} runs back and closes as transient; a second change it is not.
     */
    static boolean standsUnconfirmed(ChangePoint request, List<Known> known, double resolution) {
        if (ShortHistory.repeatable(request, resolution)) {
            return true;
        }
        return ShortHistory.standsUnconfirmed(request, resolution) && known.stream()
            .filter(k -> k.standing() == Standing.ALERTED || k.standing() == Standing.HISTORICAL)
            .noneMatch(k -> bringsBack(k.change(), request));
    }

    /**
     * Known mode changes whose level held: more than {@link Modes#LONGEST_STAY} runs from the change's commit to the
     * newest, none of them back nearer the level it left for {@value Modes#STAY} runs in a row, and the detector still
     * sees the change there. The mode rule reads a visit of that length as a level of its own; a switch that stays
     * that long is one too (a step right after a short spike to its level, filed as a mode the night it landed).
     */
    private List<Promotion> promotions(Observations o, Detection detection, List<Known> known) {
        List<Promotion> promotions = new ArrayList<>();
        int n = o.size();
        int newest = o.commits[n - 1];
        for (int i = 0; i < known.size(); i++) {
            ChangePoint mode = known.get(i).change();
            int at = position(o, mode.index());
            if (known.get(i).standing() != Standing.MODE || n - at <= Modes.LONGEST_STAY) {
                continue;
            }
            int seen = Replay.known(detection.changePoints(), mode, detector.settings());
            if (seen < 0) {
                continue;
            }
            double from = mode.before().value();
            double to = mode.after().value();
            // Back nearer the old level for a visit of its own (Modes.STAY runs in a row) is a mode; one run is an
            // outlier (a CI host's bad night), as the mode rule counts visits.
            int back = 0;
            boolean held = true;
            for (int j = at; j < n && held; j++) {
                double unit = o.toUnit(o.values[j]);
                back = Math.abs(unit - to) < Math.abs(unit - from) ? 0 : back + 1;
                held = back < Modes.STAY;
            }
            if (held) {
                ChangePoint change = detection.changePoints().get(seen);
                promotions.add(new Promotion(i, new Found(change, Kind.CHANGE, false,
                        change.index() > newest - CONFIRM_WINDOW, newest - change.index(), String.format(Locale.ROOT,
                        "held: %d runs at about %s, longer than a mode stays; first read as a mode change",
                        n - at, number(to)))));
            }
        }
        return promotions;
    }

    /**
     * Alerted (and historical) changes the detector no longer sees (a short excursion is an outlier to the history
     * search, and the screen has nothing to test) whose newest {@value #HOLD} runs, every one, are back within half
     * the step of the level before ({@link #bringsBack(double, double, double)}): the level did not hold. An import
     * files its blips as historical: without this they would stand on the timeline for good. A return the detector
     * does see is a change of its own, confirmed and resolving the alert as a fix ({@link #bringsBack}).
     */
    private List<Lapse> lapses(Observations o, Detection detection, List<Known> known, List<Found> found) {
        List<Lapse> lapses = new ArrayList<>();
        int n = o.size();
        for (int i = 0; i < known.size(); i++) {
            ChangePoint change = known.get(i).change();
            if (known.get(i).standing() != Standing.ALERTED && known.get(i).standing() != Standing.HISTORICAL) {
                continue;
            }
            int at = position(o, change.index());
            int after = n - at;
            if (after < HOLD + 2 || o.commits[n - 1] - change.index() > detector.settings().window()
                    || Replay.known(detection.changePoints(), change, detector.settings()) >= 0
                    || found.stream().anyMatch(f -> bringsBack(change, f.change()))) {
                continue;
            }
            double from = change.before().value();
            double to = change.after().value();
            // Back near the level before: within half the step of it, on either side. Nearer it than the level after
            // is not enough: a later step far past both (Lettuce's −6% at 29ddd1ab, then +56% when its test setup
            // moved) is nearer the level before only because it went so far.
            boolean back = true;
            for (int j = n - HOLD; j < n; j++) {
                back &= bringsBack(from, to, o.toUnit(o.values[j]));
            }
            if (back) {
                lapses.add(new Lapse(i, String.format(Locale.ROOT,
                        "transient: the level did not hold; the newest %d runs are back near %s, %d commits after the "
                                + "change", HOLD, number(from), o.commits[n - 1] - change.index())));
            }
        }
        return lapses;
    }

    /**
     * Whether {@code change} brings back the level an earlier change left: the opposite direction, and ending within
     * half of that change of the level before it. Then it resolves that change's alert rather than raising another.
     */
    public static boolean bringsBack(ChangePoint earlier, ChangePoint change) {
        if (earlier.index() >= change.index() || earlier.direction() == change.direction()) {
            return false;
        }
        return bringsBack(earlier.before().value(), earlier.after().value(), change.after().value());
    }

    /** {@link #bringsBack(ChangePoint, ChangePoint)} on the levels alone, in the metric's unit. */
    public static boolean bringsBack(double earlierBefore, double earlierAfter, double after) {
        double step = Math.abs(earlierAfter - earlierBefore);
        return step > 0 && Math.abs(after - earlierBefore) <= step / 2;
    }

    /** The newest change point known or found on the series (its first commit, 0, without one). */
    private static int lastChange(List<Known> known, List<ChangePoint> found) {
        int last = 0;
        for (Known k : known) {
            // A change that did not happen (dismissed, transient, a mode) leaves the level before it standing.
            if (k.standing() != Standing.VOID && k.standing() != Standing.MODE && k.standing() != Standing.DISMISSED) {
                last = Math.max(last, k.change().index());
            }
        }
        for (ChangePoint change : found) {
            last = Math.max(last, change.index());
        }
        return last;
    }

    private static int commitsFrom(Observations o, int index) {
        return o.size() - position(o, index);
    }

    /** The position of the first observation at or after the commit index. */
    static int position(Observations o, int index) {
        int i = 0;
        while (i < o.size() && o.commits[i] < index) {
            i++;
        }
        return i;
    }

    static String number(double value) {
        return new java.math.BigDecimal(value).round(new java.math.MathContext(4)).stripTrailingZeros()
            .toPlainString();
    }
}
