package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Feeds a series to the detector one point at a time, as ingestion does ({@link Detector#detectRecent}), and
 * records when each change point was first reported. The offline command's {@code --replay} and the evaluation's
 * delays come from here, and {@link #known} is the rule the pipeline uses to decide whether a detected change
 * point is one it already alerted on (and should update) or a new one.
 */
public final class Replay {

    /**
     * A change point as reported while replaying.
     *
     * @param change the change point as last seen: more history can move it by a commit or two
     * @param firstIndex the commit index it was first reported at
     * @param reportedAt the commit index of the newest point when it was first reported
     */
    public record Report(ChangePoint change, int firstIndex, int reportedAt) {
    }

    private final Detector detector;

    public Replay(Detector detector) {
        this.detector = detector;
    }

    public List<Report> run(Series series) {
        List<Point> points = new ArrayList<>(series.points());
        points.sort(Comparator.comparingInt(Point::index));
        List<Report> reports = new ArrayList<>();
        for (int i = 1; i <= points.size(); i++) {
            Detection detection = detector.detectRecent(new Series(series.name(), series.better(),
                points.subList(0, i), series.resolution()));
            List<ChangePoint> reported = reports.stream().map(Report::change).toList();
            boolean[] updated = new boolean[reports.size()];
            for (ChangePoint change : detection.changePoints()) {
                int match = known(reported, change, detector.settings());
                if (match >= 0 && !updated[match]) {
                    updated[match] = true;
                    Report old = reports.get(match);
                    reports.set(match, new Report(change, old.firstIndex(), old.reportedAt()));
                } else if (match < 0) {
                    reports.add(new Report(change, change.index(), points.get(i - 1).index()));
                }
            }
        }
        reports.sort(Comparator.comparingInt(report -> report.change().index()));
        return reports;
    }

    /**
     * The position in {@code reported} of the change point that {@code change} is a later view of, or -1 if it
     * is new: the nearest one of the same direction within {@code minSegment} commits. More history can move a
     * change point by a commit or two; that is the same change, not a new one.
     */
    public static int known(List<ChangePoint> reported, ChangePoint change, DetectorSettings settings) {
        int best = -1;
        int bestDistance = Integer.MAX_VALUE;
        for (int i = 0; i < reported.size(); i++) {
            ChangePoint old = reported.get(i);
            int distance = Math.abs(old.index() - change.index());
            if (old.direction() == change.direction() && distance <= settings.minSegment() && distance < bestDistance) {
                best = i;
                bestDistance = distance;
            }
        }
        return best;
    }
}
