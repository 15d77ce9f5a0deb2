package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.ChangePoint;
import dev.perfwatch.detection.Detector;
import dev.perfwatch.detection.Replay;
import java.util.List;

/** Our detector, through the same public API the pipeline and the offline command use. */
final class PerfwatchMethod implements Method {

    private final String name;
    private final Detector detector;
    private final boolean scoresOnly;

    PerfwatchMethod(String name, Detector detector, boolean scoresOnly) {
        this.name = name;
        this.detector = detector;
        this.scoresOnly = scoresOnly;
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
        return new Replay(detector).run(input.series()).stream()
            .map(report -> new Alert(report.change().index(), report.reportedAt(), report.firstIndex())).toList();
    }
}
