package dev.perfwatch.detection;

/**
 * A detected change of level.
 *
 * @param index the commit index of the first point at the new level
 * @param direction regression or improvement, relative to the series' {@link Better}
 * @param magnitude relative change of the level, after / before - 1 (for example -0.10)
 * @param confidence 1 - p of the test that accepted it, corrected for the number of places searched
 * @param before the level before the change
 * @param after the level after the change
 */
public record ChangePoint(int index, Direction direction, double magnitude, double confidence, Level before,
                          Level after) {
}
