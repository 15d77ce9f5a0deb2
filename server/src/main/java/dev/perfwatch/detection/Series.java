package dev.perfwatch.detection;

import java.util.List;

/**
 * The points of one series (project, branch, case, metric, environment) in commit order.
 *
 * @param name the series' name, used only in reports
 * @param better which way the metric improves
 * @param points runs in commit order; equal indices are re-runs of one commit
 * @param resolution for metrics whose level may be zero (bytes per operation, GC counts): the smallest amount that
 *     means something in the metric's unit (1 B/op); values below it are zero, and noise and changes near zero are
 *     measured in the unit rather than relative to a level of rounding residue. 0 for ordinary metrics.
 */
public record Series(String name, Better better, List<Point> points, double resolution) {

    public Series {
        points = List.copyOf(points);
        if (!(resolution >= 0)) {
            throw new IllegalArgumentException("resolution must be >= 0");
        }
    }

    public Series(String name, Better better, List<Point> points) {
        this(name, better, points, 0);
    }

    /** Whether noise and changes are measured in the metric's unit near zero (see {@link #resolution}). */
    public boolean absolute() {
        return resolution > 0;
    }
}
