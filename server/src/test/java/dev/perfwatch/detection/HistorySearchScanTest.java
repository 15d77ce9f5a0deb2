package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The history search's shortcut ({@link HistorySearch#addBest}: a rough scan of every split, the exact strength only
 * where the best may be) proposes exactly the candidate the exact scan of every split does, on windows of every
 * length the search uses: noisy levels, steps near the floor, values on a few levels (exact ties, which the two
 * computations round differently) and far from zero (large prefix sums).
 */
class HistorySearchScanTest {

    @Test
    void roughScanWhenCandidatesAreComparedProposesTheExactScansCandidate() {
        Random random = new Random(5);
        int windows = 0;
        int proposed = 0;
        for (int s = 0; s < 3_000; s++) {
            int n = 20 + random.nextInt(400);
            double[] prefix = prefix(series(random, s, n));
            double largest = 0;
            for (double sum : prefix) {
                largest = Math.max(largest, Math.abs(sum));
            }
            int m = 2 + random.nextInt(4);
            double floor = s % 3 == 0 ? 0 : Math.abs(random.nextGaussian()) * 0.05 * Math.sqrt(n);
            for (int length = Math.min(n, 160); length >= 2 * m; length = (int) Math.floor(length / Math.sqrt(2))) {
                HistorySearch.Scan scan = HistorySearch.scan(length, m);
                double[] scanned = new double[length + 1];
                for (int start = 0; start + length <= n; start += Math.max(1, length / 2)) {
                    List<HistorySearch.Candidate> exact = new ArrayList<>();
                    List<HistorySearch.Candidate> rough = new ArrayList<>();
                    HistorySearch.addExact(exact, prefix, start, start + length, m, floor, scan.weights());
                    HistorySearch.addBest(rough, prefix, start, start + length, m, floor, scan,
                            HistorySearch.margin(largest, length), scanned);
                    assertThat(rough).as("series %d, window [%d, %d)", s, start, start + length).isEqualTo(exact);
                    windows++;
                    proposed += exact.size();
                }
            }
        }
        assertThat(windows).isGreaterThan(50_000);
        assertThat(proposed).as("windows that propose a candidate").isBetween(windows / 10, windows - windows / 10);
    }

    private static double[] series(Random random, int s, int n) {
        double[] y = new double[n];
        double level = switch (s % 4) {
            case 0 -> 0;
            case 1 -> Math.log(1000 + random.nextInt(1_000_000));
            case 2 -> 1e6 * random.nextDouble();
            default -> -Math.log(1 + random.nextInt(100));
        };
        double noise = s % 5 == 0 ? 0 : Math.pow(10, -3 + 2 * random.nextDouble());
        for (int i = 0; i < n; i++) {
            if (random.nextInt(50) == 0) {
                level += noise * (random.nextBoolean() ? 4 : -4) * random.nextDouble();
            }
            // one series in four on a few levels: many splits tie exactly
            y[i] = level + (s % 4 == 3 ? noise * random.nextInt(3) : noise * random.nextGaussian());
        }
        return y;
    }

    private static double[] prefix(double[] y) {
        double[] prefix = new double[y.length + 1];
        for (int i = 0; i < y.length; i++) {
            prefix[i + 1] = prefix[i] + y[i];
        }
        return prefix;
    }
}
