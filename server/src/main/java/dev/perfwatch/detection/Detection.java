package dev.perfwatch.detection;

import java.util.List;

/**
 * What the detector concluded about one series.
 *
 * @param changePoints change points in index order
 * @param noise the series' run-to-run noise: robust standard deviation of a point, relative (0.02 = 2%)
 * @param minimalDetectableChange the smallest relative step the detector finds with 80% probability within
 *     three runs of it, given that noise
 */
public record Detection(List<ChangePoint> changePoints, double noise, double minimalDetectableChange) {

    public Detection {
        changePoints = List.copyOf(changePoints);
    }
}
