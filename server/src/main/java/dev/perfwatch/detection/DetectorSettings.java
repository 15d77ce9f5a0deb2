package dev.perfwatch.detection;

/**
 * The detector's parameters. {@link #defaults()} are the values evaluated in {@code docs/detection.md}.
 *
 * @param alpha family-wise false-alarm probability of the history search on one series (Bonferroni over the
 *     places searched)
 * @param screenAlpha false-alarm probability of the screen on the newest points, per new point
 * @param window most points on each side of a change that its test looks at; bounds how far a slow drift
 *     can accumulate into a false step
 * @param minSegment fewest commits a level needs in the history search; shorter excursions are outliers
 * @param screenLength how many of the newest points the screen considers as the start of a new level
 * @param clip residuals beyond this many noise units from a local median are clipped (outliers, bad runs)
 * @param noiseFloor smallest relative noise assumed, so that exactly repeatable metrics (bytes per operation)
 *     do not turn rounding into changes
 * @param minEffect smallest relative change reported
 */
public record DetectorSettings(double alpha, double screenAlpha, int window, int minSegment, int screenLength,
                               double clip, double noiseFloor, double minEffect) {

    public DetectorSettings {
        if (!(alpha > 0 && alpha < 1) || !(screenAlpha > 0 && screenAlpha < 1)) {
            throw new IllegalArgumentException("alpha and screenAlpha must be in (0, 1)");
        }
        if (window < 4 || minSegment < 2 || screenLength < 2 || screenLength > window) {
            throw new IllegalArgumentException("need window >= 4, minSegment >= 2, 2 <= screenLength <= window");
        }
    }

    public static DetectorSettings defaults() {
        return new DetectorSettings(0.001, 0.0001, 40, 3, 5, 3.0, 0.001, 0.005);
    }
}
