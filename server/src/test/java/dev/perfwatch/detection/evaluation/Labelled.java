package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Replay;
import dev.perfwatch.detection.Series;
import java.util.List;

/**
 * A series with its true change points (first index of each new level) and the label of the corpus cell it
 * belongs to, so results can be broken down by noise model and step size.
 */
record Labelled(Series series, List<Integer> changes, String noise, double step, Replay.Reruns reruns) {

    Labelled {
        changes = List.copyOf(changes);
    }

    /** A series whose commits cannot be re-run (real histories, TCPD). */
    Labelled(Series series, List<Integer> changes, String noise, double step) {
        this(series, changes, noise, step, null);
    }

    boolean changeFree() {
        return changes.isEmpty();
    }

    int size() {
        return series.points().size();
    }

    /** The same series with only what a CSV carries (score and error): no fork samples. */
    Labelled scoresOnly() {
        List<Point> points = series.points().stream().map(p -> Point.of(p.index(), p.score(), p.error())).toList();
        return new Labelled(new Series(series.name(), series.better(), points), changes, noise, step, reruns);
    }
}
