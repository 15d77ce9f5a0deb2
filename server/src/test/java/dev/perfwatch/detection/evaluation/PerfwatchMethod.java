package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.ChangePoint;
import dev.perfwatch.detection.Detector;
import dev.perfwatch.detection.Replay;
import dev.perfwatch.detection.Tracker;
import java.util.List;

/**
 * Our detector, through the same public API the pipeline and the offline command use: the replay feeds the
 * {@link Tracker} point by point and keeps the statuses the pipeline would. What it reports is every change point the
 * pipeline shows as a change (alerted, confirmed, resolved, historical, transient); mode changes and changes the
 * re-runs dismissed are not changes.
 */
final class PerfwatchMethod implements Method {

    private final String name;
    private final Detector detector;
    private final boolean scoresOnly;
    private final boolean reruns;

    PerfwatchMethod(String name, Detector detector, boolean scoresOnly) {
        this(name, detector, scoresOnly, false);
    }

    /** @param reruns confirm each recent change by the series' simulated re-runs, where the corpus has them */
    PerfwatchMethod(String name, Detector detector, boolean scoresOnly, boolean reruns) {
        this.name = name;
        this.detector = detector;
        this.scoresOnly = scoresOnly;
        this.reruns = reruns;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Alert> offline(Labelled series) {
        Labelled input = scoresOnly ? series.scoresOnly() : series;
        int last = input.series().points().get(input.size() - 1).index();
        return detector.detect(input.series()).changePoints().stream()
            .map(ChangePoint::index).map(index -> new Alert(index, last)).toList();
    }

    @Override
    public List<Alert> replay(Labelled series) {
        Labelled input = scoresOnly ? series.scoresOnly() : series;
        Replay replay = new Replay(new Tracker(detector), reruns ? series.reruns() : null);
        return replay.run(input.series()).stream()
            .filter(report -> report.status() != Replay.Status.MODE_CHANGE
                && report.status() != Replay.Status.DISMISSED)
            .map(report -> new Alert(report.change().index(), report.reportedAt(), report.firstIndex())).toList();
    }
}
