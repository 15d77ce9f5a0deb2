package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Detector#detectRecent(Series, Observations)} given the whole series' observations detects exactly as
 * without them: on every scale (log, linear with a negative value, near zero), with re-runs (at the oldest commit
 * of the newest windows too, whose earlier runs the recent slice leaves out), with runs that carry nothing, out of
 * order, with steps and without.
 */
class DetectRecentTest {

    @Test
    void theWholeSeriesObservationsChangeNothing() {
        Detector detector = new Detector();
        Random random = new Random(11);
        int checked = 0;
        int reused = 0;
        for (int s = 0; s < 400; s++) {
            Series series = series(random, s);
            Observations whole = Observations.of(series.points(), series.resolution());
            for (int end = 1; end <= series.points().size(); end += 1 + random.nextInt(7)) {
                Series prefix = new Series(series.name(), series.better(), series.points().subList(0, end),
                        series.resolution());
                Observations wholePrefix = Observations.of(prefix.points(), prefix.resolution());
                assertThat(detector.detectRecent(prefix, wholePrefix)).as("series %d up to %d", s, end)
                    .isEqualTo(detector.detectRecent(prefix));
                checked++;
                if (wholePrefix.logScale || wholePrefix.absolute()) {
                    reused++;
                }
            }
            assertThat(whole.size()).isPositive();
        }
        assertThat(checked).isGreaterThan(10_000);
        assertThat(reused).as("the shortcut was taken").isGreaterThan(checked / 2);
    }

    private static Series series(Random random, int s) {
        int kind = s % 4;
        int length = 50 + random.nextInt(300);
        double level = kind == 2 ? 64 : 1000;
        List<Point> points = new ArrayList<>();
        int index = 0;
        for (int i = 0; i < length; i++) {
            if (random.nextInt(40) == 0) {
                level *= random.nextBoolean() ? 1.1 : 0.9; // a step
            }
            double noise = kind == 2 ? random.nextInt(3) : level * 0.01 * random.nextGaussian();
            double score = level + noise;
            if (kind == 1 && i == length / 3) {
                score = -5; // one value at or below zero: the linear scale
            }
            if (kind == 3 && random.nextInt(30) == 0) {
                points.add(Point.of(index, Double.NaN)); // a run that carries nothing
            }
            if (kind == 2 && i > length / 2 && random.nextInt(25) == 0) {
                score = 0;
            }
            points.add(random.nextInt(10) == 0
                    ? Point.withForks(index, new double[][] { { score * 0.99, score * 1.01 }, { score, score } })
                    : Point.of(index, score));
            // re-runs: one commit in six has two or three runs
            int reruns = random.nextInt(6) == 0 ? 1 + random.nextInt(2) : 0;
            for (int r = 0; r < reruns; r++) {
                points.add(Point.of(index, score * (1 + 0.01 * random.nextGaussian())));
            }
            index++;
        }
        if (s % 10 == 9) {
            java.util.Collections.swap(points, points.size() / 2, points.size() / 2 + 3); // out of order
        }
        return new Series("s" + s, Better.LOWER, points, kind == 2 ? 1 : 0);
    }
}
