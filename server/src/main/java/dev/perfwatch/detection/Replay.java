package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Feeds a series to the {@link Tracker} one point at a time, as the pipeline does after every stored run, and keeps
 * what became of each change point as the pipeline's statuses would: the offline command's {@code --replay} and the
 * evaluation come from here. {@link #known} is the rule that decides whether a detected change point is a later view
 * of one already reported (and is not new) or a new one.
 */
public final class Replay {

    /** What became of a change point, in the pipeline's words (docs/pipeline.md, "Change points"). */
    public enum Status {
        /** new among the newest commits and decided on the detector's word (the pipeline's "unconfirmed") */
        ALERTED,
        /** new and confirmed by the re-runs */
        CONFIRMED,
        /** found deeper in the history than the newest commits: shown, never alerted */
        HISTORICAL,
        /** it brought an alerted level back, or was brought back */
        RESOLVED,
        /** the re-runs showed no change */
        DISMISSED,
        /** a switch to a level the series visited recently */
        MODE_CHANGE,
        /** alerted, and the runs that followed went back */
        TRANSIENT;

        /** Whether anyone was notified of it when it was first reported. */
        public boolean notified() {
            return this == ALERTED || this == CONFIRMED || this == TRANSIENT || this == RESOLVED;
        }

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * A change point as reported while replaying.
     *
     * @param change the change point as last seen: more history can move it by a commit or two
     * @param named the change point as first reported: what the pipeline stores and keeps
     * @param reportedAt the commit index of the newest point when it was first reported
     * @param status what became of it
     * @param notified whether it alerted anyone when first reported (a restoring change resolves instead)
     * @param reason why it is a mode change, or transient, or that it was found late; empty otherwise
     */
    public record Report(ChangePoint change, ChangePoint named, int reportedAt, Status status, boolean notified,
                         String reason) {

        /** The commit index it was first reported at. */
        public int firstIndex() {
            return named.index();
        }

        Report with(Status newStatus, String why) {
            return new Report(change, named, reportedAt, newStatus, notified, why);
        }
    }

    /** Re-runs of the commit a change names and the one before it, as the pipeline's confirmation asks the runners. */
    public interface Reruns {

        /** Whether the re-runs, made when {@code newest} is the newest commit, confirm the change as suspected. */
        boolean confirm(Series series, ChangePoint change, int newest);
    }

    private final Tracker tracker;

    private final Reruns reruns;

    /** Without runners: changes are decided on the detector's word, and requests for re-runs are dropped. */
    public Replay(Detector detector) {
        this(new Tracker(detector), null);
    }

    public Replay(Tracker tracker, Reruns reruns) {
        this.tracker = tracker;
        this.reruns = reruns;
    }

    public List<Report> run(Series series) {
        return run(series, Integer.MIN_VALUE, List.of());
    }

    /**
     * The replay of the points from commit index {@code from} on, each detected on the history up to it as in
     * {@link #run(Series)}, with the change points reported before {@code from} given ({@link #reportedBefore}): where the
     * history before {@code from} did not change, this is what the whole replay would say from there, at the cost
     * of the commits from {@code from} alone.
     */
    public List<Report> run(Series series, int from, List<Report> before) {
        List<Point> points = new ArrayList<>(series.points());
        points.sort(Comparator.comparingInt(Point::index));
        List<Report> reports = new ArrayList<>(before);
        for (int i = 1; i <= points.size(); i++) {
            if (i < points.size() && points.get(i).index() == points.get(i - 1).index()) {
                continue; // re-runs of one commit arrive together
            }
            if (points.get(i - 1).index() < from) {
                continue;
            }
            Series prefix = new Series(series.name(), series.better(), points.subList(0, i), series.resolution());
            int newest = points.get(i - 1).index();
            List<Tracker.Known> known = reports.stream().map(Replay::known).toList();
            Tracker.Step step = tracker.next(prefix, known);
            follow(reports, step.detection());
            for (Tracker.Lapse lapse : step.lapses()) {
                Report lapsed = reports.get(lapse.known());
                reports.set(lapse.known(), lapsed.with(Status.TRANSIENT, lapse.reason()));
            }
            for (Tracker.Promotion promotion : step.promotions()) {
                int at = promotion.known();
                decide(reports, prefix, promotion.found(), newest).ifPresent(report -> reports.set(at, report));
            }
            for (Tracker.Found found : step.found()) {
                decide(reports, prefix, found, newest).ifPresent(reports::add);
            }
        }
        reports.sort(Comparator.comparingInt(report -> report.change().index()));
        return reports;
    }

    /** What the pipeline does with a new change point, with the re-runs (if any) answering at once. */
    private Optional<Report> decide(List<Report> reports, Series series, Tracker.Found found, int newest) {
        ChangePoint change = found.change();
        if (found.kind() == Tracker.Kind.MODE_CHANGE) {
            return Optional.of(new Report(change, change, newest, Status.MODE_CHANGE, false, found.reason()));
        }
        // A change found late but within the confirm window is re-run like a recent one; on the detector's word alone
        // it stays historical (the pipeline: RunAnalysis.place, Confirmations.suspect).
        boolean late = found.confirmableLate() && reruns != null;
        if (!found.recent() && !late) {
            return Optional.of(new Report(change, change, newest, Status.HISTORICAL, false, found.reason()));
        }
        // Without runners a request stands on the detector's word once its new level has held 3 commits (unless it
        // returns to the level before an alerted change: that level did not hold, Tracker.lapses), or at once when its
        // levels repeat as re-runs would measure them again (allocation from none to 64 B/op on a new project's first
        // nights); before that it is a question nobody can answer, asked again the next night (Tracker.standsUnconfirmed).
        boolean word = reruns == null && found.kind() == Tracker.Kind.SHORT_HISTORY;
        if (word && !found.standsUnconfirmed()) {
            return Optional.empty();
        }
        if (reruns != null && !reruns.confirm(series, change, newest)) {
            return Optional.of(new Report(change, change, newest, Status.DISMISSED, false, ""));
        }
        for (int i = 0; i < reports.size(); i++) {
            Report earlier = reports.get(i);
            if (known(earlier).standing() == Tracker.Standing.ALERTED
                    && Tracker.bringsBack(earlier.named(), change)) {
                reports.set(i, earlier.with(Status.RESOLVED, earlier.reason()));
                // a fix resolves the regression's alert; a regression that gives back an improvement is alerted
                if (change.direction() == Direction.IMPROVEMENT) {
                    return Optional.of(new Report(change, change, newest, Status.RESOLVED, false, ""));
                }
                break;
            }
        }
        return Optional.of(new Report(change, change, newest,
            reruns == null ? Status.ALERTED : Status.CONFIRMED, true, late ? foundLate(found.late())
                : word ? found.reason() : ""));
    }

    /** What a change confirmed after it was found late says: the pipeline's verdict says the same. */
    public static String foundLate(int commits) {
        return "found " + commits + " commit" + (commits == 1 ? "" : "s") + " after its commit";
    }

    /** Reported change points follow their change point as more runs move it by a commit or two. */
    private void follow(List<Report> reports, Detection detection) {
        List<ChangePoint> reported = reports.stream().map(Report::change).toList();
        boolean[] updated = new boolean[reports.size()];
        for (ChangePoint change : detection.changePoints()) {
            int match = known(reported, change, tracker.detector().settings());
            if (match >= 0 && !updated[match] && reports.get(match).status() != Status.MODE_CHANGE) {
                updated[match] = true;
                Report old = reports.get(match);
                reports.set(match, new Report(change, old.named(), old.reportedAt(), old.status(), old.notified(),
                    old.reason()));
            }
        }
    }

    /**
     * A change point reported before a replay's first commit, as the report the replay would hold for it: where it
     * stands as {@link Tracker.Known} says, its status one that stands so.
     */
    public static Report reportedBefore(Tracker.Known known) {
        Status status = switch (known.standing()) {
            case ALERTED -> Status.ALERTED;
            case KEPT, HISTORICAL -> Status.HISTORICAL;
            case VOID -> Status.TRANSIENT;
            case MODE -> Status.MODE_CHANGE;
            case DISMISSED -> Status.DISMISSED;
        };
        return new Report(known.change(), known.change(), known.change().index(), status, status.notified(), "");
    }

    private static Tracker.Known known(Report report) {
        Tracker.Standing standing = switch (report.status()) {
            case ALERTED, CONFIRMED -> Tracker.Standing.ALERTED;
            case RESOLVED -> Tracker.Standing.KEPT;
            case HISTORICAL -> Tracker.Standing.HISTORICAL;
            case TRANSIENT -> Tracker.Standing.VOID;
            case MODE_CHANGE -> Tracker.Standing.MODE;
            case DISMISSED -> Tracker.Standing.DISMISSED;
        };
        // the pipeline keeps the commit a change point was first named at: so does the replay's tracker
        return new Tracker.Known(report.named(), standing);
    }

    /**
     * The position in {@code reported} of the change point that {@code change} is a later view of, or -1 if it
     * is new: the nearest one of the same direction within {@code minSegment} commits, unless {@code change} is many
     * times its size. More history can move a change point by a commit or two and re-measure it; that is the same
     * change, not a new one. But a step {@value #LARGER} times the size of one named a commit or two before is
     * another change: risc0's fib/10000/execute had a 1% dip named on its tenth commit, and the 82% step two commits
     * later passed for a later view of it, so the import never showed that step.
     */
    public static int known(List<ChangePoint> reported, ChangePoint change, DetectorSettings settings) {
        int best = -1;
        int bestDistance = Integer.MAX_VALUE;
        for (int i = 0; i < reported.size(); i++) {
            ChangePoint old = reported.get(i);
            int distance = Math.abs(old.index() - change.index());
            if (old.direction() == change.direction() && distance <= settings.minSegment() && distance < bestDistance
                    && !larger(change, old)) {
                best = i;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** How many times the size of a change named nearby a step must be to be another change. */
    static final double LARGER = 10;

    /** Whether {@code change}'s step, in the metric's unit, is more than {@value #LARGER} times {@code old}'s. */
    private static boolean larger(ChangePoint change, ChangePoint old) {
        double step = Math.abs(change.after().value() - change.before().value());
        double oldStep = Math.abs(old.after().value() - old.before().value());
        // a step not measured (a level unknown) says nothing against being the same change
        return Double.isFinite(step) && Double.isFinite(oldStep) && oldStep > 0 && step > LARGER * oldStep;
    }
}
