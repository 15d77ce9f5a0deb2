package dev.perfwatch.alerts;

/**
 * How often people judged a benchmark's alerts to be noise: a benchmark with many is one to run with more forks, to
 * confirm more strictly, or to stop alerting on.
 *
 * @param benchmark the benchmark's name
 * @param falseAlarms its alerts whose status is invalid
 * @param alerts all its alerts
 */
public record FalseAlarms(String benchmark, long falseAlarms, long alerts) {
}
