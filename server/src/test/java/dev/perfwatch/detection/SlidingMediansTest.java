package dev.perfwatch.detection;

import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The running median and the Huber placement keep their windows sorted as they slide instead of sorting or selecting
 * anew at every point: held here to the code they replaced, kept below word for word as the oracle, to the bit, on
 * series of every length up to a detection's window, with ties, steps, outliers and constant stretches.
 */
class SlidingMediansTest {

    @Test
    void theRunningMedianIsTheOneSortedAnewAtEveryPoint() {
        Random random = new Random(11);
        for (int trial = 0; trial < 3_000; trial++) {
            double[] y = series(random, 1 + random.nextInt(250));
            double[] expected = oldRunningMedian(y);
            double[] actual = Analysis.runningMedian(y);
            for (int i = 0; i < y.length; i++) {
                assertThat(Double.doubleToRawLongBits(actual[i])).as("trial %d, point %d", trial, i)
                    .isEqualTo(Double.doubleToRawLongBits(expected[i]));
            }
        }
    }

    @Test
    void theBestSplitIsTheOneSelectedAnewForEverySplit() {
        Random random = new Random(12);
        DetectorSettings settings = DetectorSettings.defaults();
        int compared = 0;
        for (int trial = 0; trial < 3_000; trial++) {
            double[] y = series(random, 4 + random.nextInt(250));
            Analysis analysis = new Analysis(y, settings, y.length);
            int a = random.nextInt(y.length / 2);
            int b = a + 2 + random.nextInt(y.length - a - 1);
            int from = a + 1 + random.nextInt(b - a - 1);
            int to = from + random.nextInt(b - from) - (random.nextInt(8) == 0 ? 2 : 0);
            int expected = oldBestSplit(analysis, a, b, from, to);
            assertThat(analysis.bestSplit(a, b, from, to)).as("trial %d: [%d, %d) among [%d, %d]", trial, a, b, from,
                    to).isEqualTo(expected);
            compared += expected >= 0 ? 1 : 0;
        }
        assertThat(compared).as("splits found, not only empty ranges").isGreaterThan(2_500);
    }

    @Test
    void aWindowKeepsItsValuesSortedAndGivesBackExactlyTheOneRemoved() {
        double[] window = new double[4];
        int size = 0;
        size = Stats.insert(window, size, 2.0);
        size = Stats.insert(window, size, -1.0);
        size = Stats.insert(window, size, 2.0);
        size = Stats.insert(window, size, 0.5);
        assertThat(java.util.Arrays.copyOf(window, size)).containsExactly(-1.0, 0.5, 2.0, 2.0);
        size = Stats.remove(window, size, 2.0);
        size = Stats.remove(window, size, -1.0);
        assertThat(java.util.Arrays.copyOf(window, size)).containsExactly(0.5, 2.0);
        int left = size;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Stats.remove(window, left, 1.0))
            .isInstanceOf(IllegalArgumentException.class);
    }

    /** Log-scale-like values: noise, rounded stretches (ties), a step, an outlier, a constant run. */
    private static double[] series(Random random, int n) {
        double[] y = new double[n];
        double level = random.nextGaussian();
        double noise = random.nextInt(5) == 0 ? 0 : 0.01 + random.nextDouble() * 0.05;
        boolean rounded = random.nextBoolean();
        int step = random.nextInt(n);
        for (int i = 0; i < n; i++) {
            double value = level + (i >= step ? 0.1 : 0) + noise * random.nextGaussian();
            if (random.nextInt(40) == 0) {
                value += 1;
            }
            y[i] = rounded ? Math.round(value * 100) / 100.0 : value;
        }
        return y;
    }

    // The code replaced, as it was (Analysis.runningMedian with Stats.windowMedian; Analysis.bestSplit and huber).

    private static double[] oldRunningMedian(double[] y) {
        int n = y.length;
        double[] median = new double[n];
        double[] scratch = new double[2 * 3 + 1];
        for (int i = 0; i < n; i++) {
            int from = Math.max(0, i - 3);
            median[i] = oldWindowMedian(y, from, Math.min(n, i + 3 + 1), scratch);
        }
        return median;
    }

    private static double oldWindowMedian(double[] values, int from, int to, double[] scratch) {
        int n = to - from;
        System.arraycopy(values, from, scratch, 0, n);
        for (int i = 1; i < n; i++) {
            double v = scratch[i];
            int j = i - 1;
            while (j >= 0 && scratch[j] > v) {
                scratch[j + 1] = scratch[j];
                j--;
            }
            scratch[j + 1] = v;
        }
        return Stats.sortedMedian(scratch, n);
    }

    private static int oldBestSplit(Analysis analysis, int a, int b, int from, int to) {
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int j = from; j <= to; j++) {
            double cost = oldHuber(analysis, a, j) + oldHuber(analysis, j, b);
            if (cost < bestCost) {
                bestCost = cost;
                best = j;
            }
        }
        return best;
    }

    private static double oldHuber(Analysis analysis, int from, int to) {
        double center = Stats.median(analysis.y, from, to, new double[analysis.n]);
        double limit = analysis.settings.clip() * analysis.sigma;
        double cost = 0;
        for (int i = from; i < to; i++) {
            double r = Math.abs(analysis.y[i] - center);
            cost += r <= limit ? r * r / 2 : limit * (r - limit / 2);
        }
        return cost;
    }
}
