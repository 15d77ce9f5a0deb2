package dev.perfwatch.detection;

import java.util.List;

/**
 * The points of one series (project, branch, case, metric, environment) in commit order.
 *
 * @param name the series' name, used only in reports
 * @param better which way the metric improves
 * @param points runs in commit order; equal indices are re-runs of one commit
 */
public record Series(String name, Better better, List<Point> points) {

    public Series {
        points = List.copyOf(points);
    }
}
