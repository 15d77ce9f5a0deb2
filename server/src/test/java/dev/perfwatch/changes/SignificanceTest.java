package dev.perfwatch.changes;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The changes view's z against the previous result when the series' noise stands in for the results' errors. */
class SignificanceTest {

    @Test
    void relativeNoiseIsAFractionOfThePreviousLevel() {
        // 2% noise at 100 ops/ms: a standard error of the log ratio of 0.0283; 110 is ln 1.1 / 0.0283, z 3.37
        Significance.Judged judged = Significance.versusPrevious(110, null, 100, null, 0.02, false, 0, 0, null);
        assertThat(judged.basis()).isEqualTo("noise");
        assertThat(judged.z()).isCloseTo(3.37, org.assertj.core.data.Offset.offset(0.01));
        assertThat(Significance.verdict(judged.z(), "higher")).isEqualTo("better");
    }

    @Test
    void relativeNoiseJudgesADropAsClearlyAsTheSameRise() {
        // Atmosphere's broadcastToAll (subscriberCount=100, an imported github-action-benchmark history) fell from
        // 3,128,850 to 442,749 ops/s at its regression, on a series whose noise is 20%: as a difference in units of
        // 20% of the level before, no drop can reach z 3.5 (a fall to 0 is 1 / (0.2 * sqrt 2)), and this one,
        // -86%, read z -3.0: "same". The same ratio upwards is z 21. On the log scale the noise is measured on,
        // the two are as clear as each other.
        Significance.Judged drop = Significance.versusPrevious(442_749, null, 3_128_850, null, 0.2, false, 0, 0, null);
        Significance.Judged rise = Significance.versusPrevious(3_128_850, null, 442_749, null, 0.2, false, 0, 0, null);
        assertThat(Significance.verdict(drop.z(), "higher")).isEqualTo("worse");
        assertThat(Significance.verdict(rise.z(), "higher")).isEqualTo("better");
        assertThat(drop.z()).isCloseTo(-rise.z(), org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void noiseInTheUnitIsNotMultipliedByTheLevel() {
        // an allocation that doubles, 224 to 448 B/op, on a series whose noise is 0.3 B/op: it was judged as if the
        // noise were 0.3 × 224 B/op, and with the 120 B/op an unplaced step gave, z 0.006, "same"
        Significance.Judged judged = Significance.versusPrevious(448, null, 224, null, 0.3, true, 1, 0, null);
        assertThat(judged.z()).isGreaterThan(100);
        assertThat(Significance.verdict(judged.z(), "lower")).isEqualTo("worse");
    }

    @Test
    void inTheUnitAnExactAllocationJudgesBytesNotResidue() {
        // noise 0: the metric repeats to the byte; the resolution (1 B/op) is what a change must reach
        assertThat(Significance.verdict(
                Significance.versusPrevious(0.0002, null, 0.0004, null, 0.0, true, 1, 0, null).z(), "lower"))
            .as("JMH's residue").isEqualTo("same");
        assertThat(Math.abs(Significance.versusPrevious(0.0002, null, 0.0004, null, 0.0, true, 1, 0, null).z()))
            .as("not even a 'maybe'").isLessThan(1.96);
        assertThat(Significance.verdict(
                Significance.versusPrevious(64, null, 0.0004, null, 0.0, true, 1, 0, null).z(), "lower"))
            .as("from none to 64 B/op").isEqualTo("worse");
    }
}
