package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs reduced once ({@link RunValue}, kept with the point) give the detector exactly what reducing every run's samples
 * at every build gave: the same observations to the last bit, hence the same detections. The reference below is the
 * reduction as Observations did it before (a7f77d7), kept here verbatim as the yardstick.
 */
class RunValueTest {

    @Test
    void observationsAreBitForBitThoseOfTheReductionAtEveryBuild() {
        Random random = new Random(16);
        int compared = 0;
        for (int history = 0; history < 1500; history++) {
            List<Point> points = history(random);
            for (double resolution : new double[] { 0, 1, 0.001 }) {
                Observations now = Observations.of(points, resolution);
                Reference before = Reference.of(points, resolution);
                String what = "history " + history + " at resolution " + resolution;
                assertThat(now.commits).as(what).isEqualTo(before.commits);
                assertThat(now.runs).as(what).isEqualTo(before.runs);
                assertThat(bits(now.values)).as(what).isEqualTo(bits(before.values));
                assertThat(now.logScale).as(what).isEqualTo(before.logScale);
                assertThat(now.resolution).as(what).isEqualTo(before.resolution);
                for (double level : new double[] { -1.5, 0, 0.3, 2 }) {
                    assertThat(Double.doubleToLongBits(now.toUnit(level))).as(what)
                        .isEqualTo(Double.doubleToLongBits(before.toUnit(level)));
                }
                compared += now.size();
            }
        }
        assertThat(compared).as("the histories are not all empty").isGreaterThan(100_000);
    }

    @Test
    void aKeptReductionDetectsAsAFreshOne() {
        Random random = new Random(7);
        Detector detector = new Detector();
        for (int history = 0; history < 200; history++) {
            List<Point> points = history(random);
            // the pipeline's way: each run reduced once, then placed at a new index as the window slides
            List<Point> kept = new ArrayList<>();
            for (Point point : points) {
                RunValue value = Point.reduce(point.score(), point.forks());
                kept.add(new Point(point.index(), point.score(), point.error(), point.forks(), value));
            }
            for (double resolution : new double[] { 0, 1 }) {
                Detection fresh = detector.detectRecent(new Series("s", Better.HIGHER, points, resolution));
                Detection reused = detector.detectRecent(new Series("s", Better.HIGHER, kept, resolution));
                // twice: the second reads the near-zero value the first kept
                Detection again = detector.detectRecent(new Series("s", Better.HIGHER, kept, resolution));
                assertThat(reused).isEqualTo(fresh);
                assertThat(again).isEqualTo(fresh);
            }
        }
    }

    private static long[] bits(double[] values) {
        return Arrays.stream(values).mapToLong(Double::doubleToLongBits).toArray();
    }

    /**
     * A history with everything the reduction branches on: forks of 0 to 6, samples NaN or infinite, forks with no
     * finite sample, scores without samples, zero and negative values, near-zero metrics' residue, levels far apart,
     * re-runs of a commit, and now and then runs out of commit order.
     */
    private static List<Point> history(Random random) {
        int size = 1 + random.nextInt(random.nextInt(10) == 0 ? 400 : 120);
        double level = switch (random.nextInt(5)) {
            case 0 -> 1000;
            case 1 -> 96;
            case 2 -> 0.0004;
            case 3 -> 1e-9;
            default -> 5e7;
        };
        boolean signed = random.nextInt(8) == 0;
        List<Point> points = new ArrayList<>(size);
        int index = 0;
        for (int i = 0; i < size; i++) {
            if (random.nextInt(6) != 0) {
                index++;
            }
            double at = level * (i > size / 2 && random.nextBoolean() ? 1.3 : 1);
            int forks = random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(6);
            if (forks == 0) {
                double score = odd(random, at * (1 + 0.02 * random.nextGaussian()), signed);
                points.add(Point.of(index, score, random.nextBoolean() ? Double.NaN : 0.1));
                continue;
            }
            double[][] samples = new double[forks][];
            double sum = 0;
            for (int f = 0; f < forks; f++) {
                samples[f] = new double[random.nextInt(12)];
                for (int s = 0; s < samples[f].length; s++) {
                    samples[f][s] = odd(random, at * (1 + 0.02 * random.nextGaussian()), signed);
                    sum += samples[f][s];
                }
            }
            double score = random.nextInt(20) == 0 ? Double.NaN : sum / Math.max(1, forks);
            points.add(new Point(index, score, Double.NaN, samples));
        }
        if (random.nextInt(10) == 0) {
            java.util.Collections.swap(points, 0, points.size() - 1);
        }
        return points;
    }

    private static double odd(Random random, double value, boolean signed) {
        return switch (random.nextInt(200)) {
            case 0 -> Double.NaN;
            case 1 -> Double.POSITIVE_INFINITY;
            case 2 -> 0;
            case 3 -> -value;
            default -> signed && random.nextBoolean() ? -value : value;
        };
    }

    /** Observations.of as it was before runs were reduced once: every sample of every point at every build. */
    private record Reference(int[] commits, double[] values, int[] runs, boolean logScale, double scale,
            double resolution) {

        double toUnit(double value) {
            if (resolution > 0) {
                return 2 * resolution * Math.sinh(value);
            }
            return logScale ? Math.exp(value) : value * scale;
        }

        static Reference of(List<Point> points, double resolution) {
            if (resolution > 0) {
                return absolute(points, resolution);
            }
            return build(points, false);
        }

        private static Reference build(List<Point> points, boolean linear) {
            List<Point> sorted = new ArrayList<>(points.size());
            for (Point point : points) {
                if (Double.isFinite(point.score()) || point.forks().length > 0) {
                    sorted.add(point);
                }
            }
            boolean inOrder = true;
            for (int i = 1; i < sorted.size(); i++) {
                inOrder &= sorted.get(i).index() >= sorted.get(i - 1).index();
            }
            if (!inOrder) {
                sorted.sort(Comparator.comparingInt(Point::index));
            }
            double[][] forkMeans = new double[sorted.size()][];
            boolean positive = !linear;
            for (int i = 0; i < sorted.size(); i++) {
                Point point = sorted.get(i);
                forkMeans[i] = forkMeans(point);
                if (forkMeans[i].length == 0) {
                    positive &= point.score() > 0;
                } else {
                    for (double mean : forkMeans[i]) {
                        positive &= mean > 0;
                    }
                }
            }
            double[] runValues = new double[sorted.size()];
            int usable = 0;
            for (int i = 0; i < sorted.size(); i++) {
                double value = forkMeans[i].length == 0
                    ? (positive ? Math.log(sorted.get(i).score()) : sorted.get(i).score())
                    : combineForks(forkMeans[i], positive);
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
            return new Reference(Arrays.copyOf(commits, n), Arrays.copyOf(values, n), Arrays.copyOf(runs, n),
                positive, scale, 0);
        }

        private static Reference absolute(List<Point> points, double resolution) {
            List<Point> adjusted = new ArrayList<>(points.size());
            for (Point point : points) {
                double[][] forks = new double[point.forks().length][];
                for (int f = 0; f < forks.length; f++) {
                    forks[f] = new double[point.forks()[f].length];
                    for (int i = 0; i < forks[f].length; i++) {
                        forks[f][i] = working(point.forks()[f][i], resolution);
                    }
                }
                adjusted.add(new Point(point.index(), working(point.score(), resolution), point.error(), forks));
            }
            Reference linear = build(adjusted, true);
            return new Reference(linear.commits, linear.values, linear.runs, false, 1, resolution);
        }

        private static double working(double value, double resolution) {
            if (!Double.isFinite(value)) {
                return value;
            }
            return Math.abs(value) < resolution ? 0 : asinh(value / (2 * resolution));
        }

        private static double asinh(double x) {
            return Math.signum(x) * Math.log(Math.abs(x) + Math.sqrt(x * x + 1));
        }

        private static double[] forkMeans(Point point) {
            double[] means = new double[point.forks().length];
            int n = 0;
            for (double[] fork : point.forks()) {
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
}
