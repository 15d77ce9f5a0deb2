package dev.perfwatch.detection;

/**
 * The level of a series between two change points, in the metric's unit.
 *
 * @param value geometric mean of the segment's points (arithmetic mean when values are not all positive)
 * @param lower lower end of its 95% confidence interval
 * @param upper upper end of its 95% confidence interval
 * @param points number of commits the level is estimated from
 */
public record Level(double value, double lower, double upper, int points) {
}
