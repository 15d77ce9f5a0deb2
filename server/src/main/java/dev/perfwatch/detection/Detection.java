package dev.perfwatch.detection;

import java.util.List;

/**
 * What the detector concluded about one series.
 *
 * @param changePoints change points in index order
 * @param noise the series' run-to-run noise: robust standard deviation of a point, relative (0.02 = 2%)
 * @param minimalDetectableChange the smallest relative step the detector finds with 80% probability within
 *     three runs of it, given that noise
 * @param inUnit whether {@code noise} and {@code minimalDetectableChange} are in the metric's unit rather than
 *     relative: a near-zero metric ({@link Series#resolution()}), where "1 B/op" means something and "1%" of a level
 *     of zero does not
 */
public record Detection(List<ChangePoint> changePoints, double noise, double minimalDetectableChange,
                        boolean inUnit) {

    public Detection {
        changePoints = List.copyOf(changePoints);
    }

    public Detection(List<ChangePoint> changePoints, double noise, double minimalDetectableChange) {
        this(changePoints, noise, minimalDetectableChange, false);
    }
}
