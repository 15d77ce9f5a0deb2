package dev.perfwatch.comparison;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The change statistics over tables of fork means, checked against values worked out by hand. */
class WelchTest {

    /**
     * Equal variances and fork counts make Welch's degrees of freedom 2(n - 1) = 4, so the half-width is
     * t(0.995, 4) · sqrt(2 · var / 3) = 4.604 · sqrt(var · 2/3), as a percentage of the base mean of 100.
     */
    static Stream<Arguments> table() {
        return Stream.of(
                // base forks, head forks, higher is better, margin %, change %, lower %, upper %, verdict
                Arguments.of(new double[] { 100, 102, 98 }, new double[] { 90, 92, 88 }, true, 2.0, -10.0, -17.518,
                        -2.482, Verdict.SLOWER),
                Arguments.of(new double[] { 100, 102, 98 }, new double[] { 90, 92, 88 }, false, 2.0, -10.0, -17.518,
                        -2.482, Verdict.FASTER),
                Arguments.of(new double[] { 100, 102, 98 }, new double[] { 110, 112, 108 }, true, 2.0, 10.0, 2.482,
                        17.518, Verdict.FASTER),
                // An interval that crosses zero and leaves the margin: the data cannot tell.
                Arguments.of(new double[] { 100, 101, 99 }, new double[] { 100.5, 101.5, 99.5 }, true, 2.0, 0.5,
                        -3.259, 4.259, Verdict.UNCLEAR),
                // The same data with a wider margin: practically the same.
                Arguments.of(new double[] { 100, 101, 99 }, new double[] { 100.5, 101.5, 99.5 }, true, 5.0, 0.5,
                        -3.259, 4.259, Verdict.SAME),
                // Significant, but every value in the interval is within the margin: same, not faster.
                Arguments.of(new double[] { 100, 100.1, 99.9 }, new double[] { 101, 101.1, 100.9 }, true, 2.0, 1.0,
                        0.624, 1.376, Verdict.SAME),
                // Forks without any spread: the interval is the change itself.
                Arguments.of(new double[] { 100, 100 }, new double[] { 110, 110 }, true, 2.0, 10.0, 10.0, 10.0,
                        Verdict.FASTER));
    }

    @ParameterizedTest
    @MethodSource("table")
    void compareWhenGivenForkMeansGivesTheIntervalAndVerdict(double[] base, double[] head, boolean higher,
            double margin, double percent, double lower, double upper, Verdict verdict) {
        Welch.Change change = Welch.compare(base, head, higher, margin);

        assertThat(change.percent()).isCloseTo(percent, within(1e-9));
        assertThat(change.lower()).isCloseTo(lower, within(2e-3));
        assertThat(change.upper()).isCloseTo(upper, within(2e-3));
        assertThat(change.verdict()).isEqualTo(verdict);
    }

    @Test
    void compareWhenASideHasOneForkGivesNoIntervalAndUnclear() {
        Welch.Change change = Welch.compare(new double[] { 100 }, new double[] { 50, 51 }, true, 2.0);

        assertThat(change.percent()).isCloseTo(-49.5, within(1e-9));
        assertThat(change.lower()).isNull();
        assertThat(change.upper()).isNull();
        assertThat(change.verdict()).isEqualTo(Verdict.UNCLEAR);
    }

    @Test
    void compareWhenTheBaseIsZeroIsUnclear() {
        Welch.Change change = Welch.compare(new double[] { 0, 0 }, new double[] { 1, 1 }, true, 2.0);

        assertThat(change.verdict()).isEqualTo(Verdict.UNCLEAR);
        assertThat(change.lower()).isNull();
    }

    @Test
    void errorWhenGivenForksIsTheHalfWidthOfThe99PercentInterval() {
        // t(0.995, 2) · sqrt(4 / 3) = 9.925 · 1.1547
        assertThat(Welch.error(new double[] { 100, 102, 98 })).isCloseTo(11.460, within(2e-3));
        assertThat(Welch.error(new double[] { 100 })).isNull();
    }
}
