package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A series reduced to one value per commit, on the scale the detector works on.
 *
 * <p>Performance changes are multiplicative (10% slower), and run-to-run noise grows with the score, so values
 * are taken on a log scale when they are all positive. A run's value comes from its forks' means, not from its
 * iterations: iterations inside one JVM are correlated, forks are the honest replicates. Re-runs of a commit are
 * averaged because a change point cannot fall between them.
 */
final class Observations {

    /** Commit index of each observation, increasing. */
    final int[] commits;
    /** One value per commit: ln(score) on the log scale, score / scale otherwise. */
    final double[] values;
    /** Runs that were averaged into each value. */
    final int[] runs;
    final boolean logScale;
    private final double scale;
    /** The series' resolution in its unit when values are on the asinh scale (near-zero metrics), else 0. */
    final double resolution;

    private Observations(int[] commits, double[] values, int[] runs, boolean logScale, double scale,
                         double resolution) {
        this.commits = commits;
        this.values = values;
        this.runs = runs;
        this.logScale = logScale;
        this.scale = scale;
        this.resolution = resolution;
    }

    boolean absolute() {
        return resolution > 0;
    }

    int size() {
        return values.length;
    }

    /** The observations from index {@code from} on. */
    Observations tail(int from) {
        return new Observations(Arrays.copyOfRange(commits, from, commits.length),
            Arrays.copyOfRange(values, from, values.length), Arrays.copyOfRange(runs, from, runs.length), logScale,
            scale, resolution);
    }

    /** Converts a level on the working scale back to the metric's unit. */
    double toUnit(double value) {
        if (absolute()) {
            return 2 * resolution * Math.sinh(value);
        }
        return logScale ? Math.exp(value) : value * scale;
    }

    /** Relative change between two levels on the working scale; NaN from a level of zero (within the resolution). */
    double relativeChange(double before, double after) {
        if (absolute()) {
            double from = toUnit(before);
            return Math.abs(from) < resolution ? Double.NaN : toUnit(after) / from - 1;
        }
        if (logScale) {
            return Math.expm1(after - before);
        }
        return before == 0 ? (after - before) : (after - before) / Math.abs(before);
    }

    static Observations of(List<Point> points) {
        return of(points, 0);
    }

    /**
     * With a resolution (near-zero metrics), values below it are zero and the working scale is asinh(x / 2r): linear
     * in units of the resolution near zero, so "none to 64 B/op" is a step of 32 and JMH's 0.0003 B/op residue is
     * nothing, and logarithmic far above it, so 784 to 800 B/op is the 2% it is.
     */
    static Observations of(List<Point> points, double resolution) {
        Observations built = build(points, resolution);
        return resolution > 0
            ? new Observations(built.commits, built.values, built.runs, false, 1, resolution) : built;
    }

    /**
     * With a resolution, each run's value on the asinh scale ({@link RunValue#absolute}), neither logged nor scaled;
     * without, its value logged when every run's value is positive, else divided by the median magnitude. Each run
     * was reduced from its samples once ({@link Point#value}); here they are only picked and averaged per commit.
     */
    private static Observations build(List<Point> points, double resolution) {
        boolean linear = resolution > 0;
        List<Point> sorted = new ArrayList<>(points.size());
        for (Point point : points) {
            if (Double.isFinite(point.score()) || point.forks().length > 0) {
                sorted.add(point);
            }
        }
        if (!isSorted(sorted)) {
            sorted.sort(Comparator.comparingInt(Point::index));
        }
        boolean positive = !linear;
        for (int i = 0; i < sorted.size() && positive; i++) {
            positive = sorted.get(i).value().positive();
        }
        double[] runValues = new double[sorted.size()];
        int usable = 0;
        for (int i = 0; i < sorted.size(); i++) {
            RunValue run = sorted.get(i).value();
            double value = linear ? run.absolute(resolution) : run.value(positive);
            runValues[i] = value;
            if (Double.isFinite(value)) {
                usable++;
            }
        }
        double scale = 1;
        if (!positive && !linear) {
            double[] magnitudes = new double[usable];
            int k = 0;
            for (double value : runValues) {
                if (Double.isFinite(value)) {
                    magnitudes[k++] = Math.abs(value);
                }
            }
            double median = usable == 0 ? 0 : Stats.median(magnitudes, 0, usable);
            scale = median > 0 ? median : 1;
        }
        int[] commits = new int[usable];
        double[] values = new double[usable];
        int[] runs = new int[usable];
        int n = 0;
        for (int i = 0; i < sorted.size(); i++) {
            double value = runValues[i];
            if (!Double.isFinite(value)) {
                continue;
            }
            value = positive ? value : value / scale;
            int commit = sorted.get(i).index();
            if (n > 0 && commits[n - 1] == commit) {
                values[n - 1] += value;
                runs[n - 1]++;
            } else {
                commits[n] = commit;
                values[n] = value;
                runs[n] = 1;
                n++;
            }
        }
        for (int i = 0; i < n; i++) {
            values[i] /= runs[i];
        }
        return new Observations(Arrays.copyOf(commits, n), Arrays.copyOf(values, n), Arrays.copyOf(runs, n),
            positive, scale, 0);
    }

    /** A value in the unit on the asinh working scale, zero below the resolution. */
    static double working(double value, double resolution) {
        if (!Double.isFinite(value)) {
            return value;
        }
        return Math.abs(value) < resolution ? 0 : asinh(value / (2 * resolution));
    }

    private static double asinh(double x) {
        return Math.signum(x) * Math.log(Math.abs(x) + Math.sqrt(x * x + 1));
    }

    private static boolean isSorted(List<Point> points) {
        for (int i = 1; i < points.size(); i++) {
            if (points.get(i).index() < points.get(i - 1).index()) {
                return false;
            }
        }
        return true;
    }
}
