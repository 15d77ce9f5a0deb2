package dev.perfwatch.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DetectorTest {

    /** 2% noise around 100; from index 30 on, 10% higher. */
    static final String STEP = """
        99.5 101.0 99.5 99.4 98.1 99.6 102.2 100.8 102.1 100.5
        100.8 100.4 96.7 101.7 101.0 101.0 96.6 96.5 98.2 99.1
        100.6 99.9 101.0 98.7 100.6 100.8 98.7 103.4 101.1 102.4
        108.6 108.4 109.2 109.8 111.4 110.5 109.0 107.9 108.9 112.7
        108.2 110.5 110.9 106.7 110.1 112.9 105.6 109.3 109.8 108.2
        111.1 109.9 106.8 111.8 111.5 112.1 113.2 110.8 110.3 107.1
        """;

    /** 2% noise around 100, no change. */
    static final String NOISE = """
        101.2 98.8 99.1 97.5 98.1 98.9 102.6 95.9 97.1 100.5
        102.9 101.2 96.2 95.0 100.7 98.5 97.8 102.0 102.2 100.3
        100.5 100.9 103.2 101.2 101.0 101.1 96.9 102.6 101.9 101.1
        96.1 98.7 101.7 96.4 99.6 102.0 97.4 103.2 101.1 99.7
        100.6 101.3 100.2 102.3 98.7 99.2 102.1 100.1 98.2 101.9
        102.9 99.1 97.2 99.7 99.7 99.4 102.8 97.9 102.5 97.5
        """;

    /** 1% noise on a level that drifts up by 6% over 120 runs, no step. */
    static final String DRIFT = """
        99.2 100.7 101.2 101.0 100.5 100.4 100.5 100.9 100.2 100.7
        101.1 100.6 101.4 101.2 102.7 101.1 100.4 100.5 100.9 101.9
        100.7 101.4 103.0 98.6 100.1 101.5 101.7 101.6 101.0 102.1
        101.8 101.0 104.1 102.0 101.2 101.7 101.6 101.8 99.1 101.5
        103.0 100.9 102.0 103.1 103.1 103.8 100.6 102.0 102.1 103.1
        103.6 99.8 103.7 101.2 103.4 101.2 103.0 104.1 102.8 103.2
        103.8 103.2 103.0 104.8 104.3 103.0 106.2 102.2 104.4 103.2
        103.7 104.3 103.9 104.3 102.1 102.2 104.5 102.9 102.9 102.5
        105.4 104.9 105.7 103.2 104.2 103.1 105.1 106.0 103.5 106.1
        105.6 104.4 102.6 106.2 104.6 104.2 105.3 105.3 106.5 103.9
        106.2 106.7 106.7 105.0 104.5 106.4 105.5 105.5 106.9 105.2
        103.1 105.2 103.7 106.6 106.1 105.2 105.8 106.8 106.0 107.4
        """;

    /**
     * 40 runs of 5 forks: each fork lands in a fast (100) or a slow (110) JIT mode, 40% of them slow, with 0.5%
     * noise; no change.
     */
    static final String BIMODAL_FORKS = """
        98.9 99.6 99.7 99.8 100.1
        109.8 110.3 109.2 100.7 99.8
        110.7 110.1 110.0 100.1 100.3
        99.5 99.7 109.5 101.0 100.0
        110.1 110.5 99.2 110.6 100.0
        110.0 98.6 110.3 109.3 109.3
        109.3 101.1 110.0 110.3 100.3
        100.6 110.0 99.7 109.7 110.2
        100.1 99.6 109.1 100.6 110.4
        110.0 99.8 110.4 109.6 99.8
        108.7 100.4 100.2 109.7 100.2
        109.6 100.3 99.9 99.6 109.7
        110.4 99.9 110.3 109.3 110.0
        109.8 100.4 109.4 100.0 110.1
        100.3 110.1 100.3 100.3 99.6
        99.4 110.1 100.0 100.1 100.0
        99.9 99.6 109.1 99.8 99.7
        99.1 109.5 99.0 100.3 99.0
        99.5 100.4 108.9 98.8 99.4
        100.5 100.1 99.8 109.5 109.6
        99.3 100.0 110.5 100.0 110.6
        101.0 100.3 99.7 109.1 100.4
        99.5 110.5 109.0 100.0 100.4
        109.9 99.9 100.3 99.6 100.0
        99.8 110.1 100.8 100.2 110.0
        109.9 100.9 110.2 110.7 100.2
        99.5 99.2 100.2 110.6 109.1
        110.2 109.5 100.6 100.0 99.5
        101.0 100.6 109.3 100.2 109.0
        99.6 99.3 110.2 100.3 99.3
        111.2 99.2 100.1 99.6 99.9
        100.2 100.1 109.4 100.8 110.4
        110.1 109.7 99.8 99.1 98.8
        110.1 109.6 99.9 99.0 99.9
        109.2 100.7 110.9 98.9 100.2
        100.6 101.3 100.2 100.2 99.4
        100.6 100.3 100.4 99.8 109.1
        100.4 99.9 100.3 100.6 110.7
        110.1 110.8 109.8 99.8 109.6
        110.0 99.6 100.2 100.2 100.3
        """;

    private final Detector detector = new Detector();

    @Test
    void detectWhenTenPercentStepInNoiseFindsItAtItsExactIndex() {
        Detection detection = detector.detect(Tables.scores(Better.LOWER, STEP));

        assertThat(detection.changePoints()).singleElement().satisfies(change -> {
            assertThat(change.index()).isEqualTo(30);
            assertThat(change.direction()).isEqualTo(Direction.REGRESSION);
            assertThat(change.magnitude()).isCloseTo(0.10, within(0.015));
            assertThat(change.confidence()).isGreaterThan(0.999);
            assertThat(change.before().lower()).isLessThan(100).isGreaterThan(99);
            assertThat(change.before().upper()).isGreaterThan(100).isLessThan(101.5);
            assertThat(change.after().value()).isCloseTo(110, within(1.0));
            assertThat(change.before().points()).isEqualTo(30);
            assertThat(change.after().points()).isEqualTo(30);
        });
    }

    @Test
    void detectWhenHigherIsBetterCallsTheSameRiseAnImprovement() {
        Detection detection = detector.detect(Tables.scores(Better.HIGHER, STEP));

        assertThat(detection.changePoints()).singleElement()
            .satisfies(change -> assertThat(change.direction()).isEqualTo(Direction.IMPROVEMENT));
    }

    @Test
    void detectWhenLevelDropsNamesDirectionFromWhichWayIsBetter() {
        double[] values = Tables.numbers(STEP);
        StringBuilder falling = new StringBuilder();
        for (double value : values) {
            falling.append(10000 / value).append(' ');
        }

        ChangePoint lower = detector.detect(Tables.scores(Better.LOWER, falling.toString())).changePoints().get(0);
        ChangePoint higher = detector.detect(Tables.scores(Better.HIGHER, falling.toString())).changePoints().get(0);

        assertThat(lower.magnitude()).isCloseTo(-0.09, within(0.015));
        assertThat(lower.direction()).isEqualTo(Direction.IMPROVEMENT);
        assertThat(higher.direction()).isEqualTo(Direction.REGRESSION);
    }

    @Test
    void detectWhenOnlyNoiseFindsNothing() {
        assertThat(detector.detect(Tables.scores(Better.LOWER, NOISE)).changePoints()).isEmpty();
    }

    @Test
    void detectWhenOneRunIsAnOutlierFindsNothing() {
        Series series = Tables.replace(Tables.scores(Better.LOWER, NOISE), 25, 135.0);

        assertThat(detector.detect(series).changePoints()).isEmpty();
    }

    @Test
    void detectWhenTheNewestRunIsBadFindsNothingUntilTheNextRunConfirmsIt() {
        Series bad = Tables.append(Tables.scores(Better.LOWER, NOISE), 125.0);
        Series recovered = Tables.append(bad, 100.4);
        Series confirmed = Tables.append(bad, 124.1);

        assertThat(detector.detect(bad).changePoints()).isEmpty();
        assertThat(detector.detect(recovered).changePoints()).isEmpty();
        assertThat(detector.detect(confirmed).changePoints()).singleElement()
            .satisfies(change -> assertThat(change.index()).isEqualTo(60));
    }

    @Test
    void detectWhenForksAreBimodalFindsNothing() {
        assertThat(detector.detect(Tables.forks(Better.LOWER, BIMODAL_FORKS)).changePoints()).isEmpty();
    }

    @Test
    void detectWhenOneForkOfEachRunIsSlowerIgnoresThatFork() {
        StringBuilder table = new StringBuilder();
        double[] values = Tables.numbers(NOISE);
        for (int i = 0; i < values.length; i++) {
            // from run 30 on, one of three forks is 30% slower: a bad fork, not a slower code base
            double odd = i >= 30 ? values[i] * 1.3 : values[i];
            table.append(values[i]).append(' ').append(values[i] * 1.001).append(' ').append(odd).append('\n');
        }

        assertThat(detector.detect(Tables.forks(Better.LOWER, table.toString())).changePoints()).isEmpty();
    }

    @Test
    void detectWhenTheLevelDriftsSlowlyFindsNoStep() {
        assertThat(detector.detect(Tables.scores(Better.LOWER, DRIFT)).changePoints()).isEmpty();
    }

    @Test
    void detectWhenMetricIsExactlyRepeatableFindsASmallChangeAndNothingElse() {
        StringBuilder table = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            table.append(i < 25 ? "7280 " : "7376 ");
        }
        Detection detection = detector.detect(Tables.scores(Better.LOWER, table.toString()));

        assertThat(detection.changePoints()).singleElement().satisfies(change -> {
            assertThat(change.index()).isEqualTo(25);
            assertThat(change.magnitude()).isCloseTo(96.0 / 7280, within(1e-6));
        });
        assertThat(detection.noise()).isEqualTo(new Detector().settings().noiseFloor(), within(1e-6));
    }

    @Test
    void detectWhenCommitsWereRerunTreatsTheirRunsAsOneCommit() {
        List<Point> points = new ArrayList<>();
        double[] values = Tables.numbers(STEP);
        for (int i = 0; i < values.length; i++) {
            points.add(Point.of(i, values[i]));
            points.add(Point.of(i, values[i] * 1.004));
        }

        Detection detection = detector.detect(new Series("reruns", Better.LOWER, points));

        assertThat(detection.changePoints()).extracting(ChangePoint::index).containsExactly(30);
    }

    @Test
    void detectWhenNoiseIsLargerEstimatesALargerMinimalDetectableChange() {
        Detection quiet = detector.detect(Tables.scores(Better.LOWER, NOISE));
        StringBuilder loud = new StringBuilder();
        for (double value : Tables.numbers(NOISE)) {
            loud.append(100 + 3 * (value - 100)).append(' ');
        }
        Detection noisy = detector.detect(Tables.scores(Better.LOWER, loud.toString()));

        assertThat(quiet.noise()).isCloseTo(0.02, within(0.006));
        assertThat(quiet.minimalDetectableChange()).isBetween(0.03, 0.08);
        assertThat(noisy.minimalDetectableChange()).isGreaterThan(2.5 * quiet.minimalDetectableChange());
    }

    @Test
    void detectRecentWhenHistoryIsLongFindsTheNewestStepAsTheFullDetectionDoes() {
        // 300 commits of noise (the NOISE table five times over), then the STEP table: a step at 330
        StringBuilder table = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            table.append(NOISE).append('\n');
        }
        table.append(STEP);
        Series series = Tables.scores(Better.LOWER, table.toString());

        Detection recent = detector.detectRecent(series);
        Detection full = detector.detect(series);

        assertThat(recent.changePoints()).extracting(ChangePoint::index).containsExactly(330);
        assertThat(full.changePoints()).extracting(ChangePoint::index).containsExactly(330);
        assertThat(recent.changePoints().get(0).magnitude())
            .isCloseTo(full.changePoints().get(0).magnitude(), within(0.01));
    }

    @Test
    void detectWhenSeriesIsTooShortFindsNothing() {
        assertThat(detector.detect(Tables.scores(Better.LOWER, "100 130")).changePoints()).isEmpty();
        assertThat(detector.detect(new Series("empty", Better.LOWER, List.of())).changePoints()).isEmpty();
    }

    /**
     * Groovy's public history, ClosurePackBench.sum_mono (pack=false, classic) up to c32090ec's next commit: 24 commits
     * about 2,750 ops/ms, then 4,429 at c32090ec and a spike of 5,938. The level after is the one both new points
     * reach, 4,429 (+61%); the mean of the two read "+87%" (2,746 to 5,128) where the medians move +52%.
     */
    @Test
    void detectWhenAShortSegmentHoldsASpikeMeasuresTheLevelWithoutIt() {
        Detection detection = detector.detect(Tables.scores(Better.HIGHER, """
                2186.0 2487.6 2206.6 2857.3 2466.9 2883.3 2917.6 3482.8 2895.9 2929.6 2672.4 2930.9 2901.8 2190.5
                2917.8 2906.2 2909.6 2925.2 3100.2 2767.0 2156.0 2599.3 3540.1 2865.0 4429.0 5937.9"""));

        assertThat(detection.changePoints()).singleElement().satisfies(change -> {
            assertThat(change.index()).isEqualTo(24);
            assertThat(change.direction()).isEqualTo(Direction.IMPROVEMENT);
            assertThat(change.after().value()).isCloseTo(4429.0, within(0.1));
            assertThat(change.magnitude()).as("not +87%%").isBetween(0.55, 0.65);
        });
    }
}
