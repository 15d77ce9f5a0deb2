package dev.perfwatch.detection;

import java.util.Arrays;

/**
 * What one run comes to before the series is looked at: its forks' means and the value they combine to on each
 * working scale. A run's samples are read for every detection of its series (the newest 200 runs after every new
 * one), and reducing 5 × 10 samples to one value, a logarithm or an asinh per sample on a near-zero metric, cost more
 * than the analysis itself; reduced once and kept with the point, each detection only picks the value its scale
 * needs. Everything here depends on the run alone: which scale the series is on (every value positive or not, the
 * resolution) is {@link Observations}' to decide. Immutable, so points may be shared between threads.
 */
public final class RunValue {

    /** Every fork mean above zero, or the score without forks. */
    private final boolean positive;

    /** On the log scale: the combined logs of the fork means, or ln(score). */
    private final double log;

    /** Not logged: the combined fork means, or the score. */
    private final double linear;

    private final double score;

    private final double[][] forks;

    /** The last near-zero reduction asked for (one resolution per series, so one entry is enough). */
    private volatile Absolute absolute;

    private record Absolute(double resolution, double value) {
    }

    private RunValue(boolean positive, double log, double linear, double score, double[][] forks) {
        this.positive = positive;
        this.log = log;
        this.linear = linear;
        this.score = score;
        this.forks = forks;
    }

    /** The run reduced once; {@code forks}: forks × iterations, not null. */
    static RunValue of(double score, double[][] forks) {
        double[] means = forkMeans(forks);
        if (means.length == 0) {
            return new RunValue(score > 0, Math.log(score), score, score, forks);
        }
        boolean positive = true;
        for (double mean : means) {
            positive &= mean > 0;
        }
        return new RunValue(positive, combineForks(means, true), combineForks(means, false), score, forks);
    }

    /** Whether this run allows the log scale: every fork mean (or the score) above zero. */
    boolean positive() {
        return positive;
    }

    /** The run's value on the log scale (ln), or not logged. */
    double value(boolean logScale) {
        return logScale ? log : linear;
    }

    /**
     * The run's value on a near-zero metric's asinh scale: each sample taken to it first (values below the resolution
     * are zero), then the forks combined unlogged.
     */
    double absolute(double resolution) {
        Absolute known = absolute;
        if (known != null && Double.compare(known.resolution(), resolution) == 0) {
            return known.value();
        }
        double[][] adjusted = new double[forks.length][];
        for (int f = 0; f < forks.length; f++) {
            adjusted[f] = new double[forks[f].length];
            for (int i = 0; i < adjusted[f].length; i++) {
                adjusted[f][i] = Observations.working(forks[f][i], resolution);
            }
        }
        double[] workingMeans = forkMeans(adjusted);
        double value = workingMeans.length == 0 ? Observations.working(score, resolution)
                : combineForks(workingMeans, false);
        absolute = new Absolute(resolution, value);
        return value;
    }

    private static double[] forkMeans(double[][] forks) {
        double[] means = new double[forks.length];
        int n = 0;
        for (double[] fork : forks) {
            double sum = 0;
            int count = 0;
            for (double sample : fork) {
                if (Double.isFinite(sample)) {
                    sum += sample;
                    count++;
                }
            }
            if (count > 0) {
                means[n++] = sum / count;
            }
        }
        return n == means.length ? means : Arrays.copyOf(means, n);
    }

    /**
     * A run's value from its fork means, on the working scale, such that one fork that hit a bad JIT decision or
     * a GC storm cannot move it: the mean of two, the median of three or four, the mean without the lowest and
     * the highest of five or more.
     */
    private static double combineForks(double[] means, boolean log) {
        double[] values = new double[means.length];
        for (int i = 0; i < means.length; i++) {
            values[i] = log ? Math.log(means[i]) : means[i];
        }
        if (values.length <= 2) {
            return Stats.mean(values, 0, values.length);
        }
        Arrays.sort(values);
        if (values.length <= 4) {
            return Stats.sortedMedian(values, values.length);
        }
        return Stats.mean(values, 1, values.length - 1);
    }
}
