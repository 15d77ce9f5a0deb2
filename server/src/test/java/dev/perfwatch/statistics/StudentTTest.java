package dev.perfwatch.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StudentTTest {

    @Test
    void twoSidedPWhenComparedWithPublishedTableValuesAgrees() {
        // Student's t critical values: t(0.975, 10) = 2.228, t(0.995, 30) = 2.750, t(0.9995, 5) = 6.869
        assertThat(StudentT.twoSidedP(2.228, 10)).isCloseTo(0.05, within(1e-4));
        assertThat(StudentT.twoSidedP(2.750, 30)).isCloseTo(0.01, within(1e-4));
        assertThat(StudentT.twoSidedP(6.869, 5)).isCloseTo(0.001, within(1e-5));
        assertThat(StudentT.twoSidedP(0, 7)).isCloseTo(1, within(1e-12));
    }

    @Test
    void quantileWhenInvertedGivesBackTheProbability() {
        assertThat(StudentT.quantile(0.975, 10)).isCloseTo(2.228, within(1e-3));
        assertThat(StudentT.quantile(0.025, 10)).isCloseTo(-2.228, within(1e-3));
    }

    @Test
    void quantileWhenComparedWithPublishedTableValuesAgrees() {
        // Student's t at 0.995: df 1 = 63.657, 2 = 9.925, 4 = 4.604, 10 = 3.169, 30 = 2.750
        assertThat(StudentT.quantile(0.995, 1)).isCloseTo(63.657, within(1e-3));
        assertThat(StudentT.quantile(0.995, 2)).isCloseTo(9.925, within(1e-3));
        assertThat(StudentT.quantile(0.995, 4)).isCloseTo(4.604, within(1e-3));
        assertThat(StudentT.quantile(0.995, 10)).isCloseTo(3.169, within(1e-3));
        assertThat(StudentT.quantile(0.995, 30)).isCloseTo(2.750, within(1e-3));
        assertThat(StudentT.quantile(0.005, 4)).isCloseTo(-4.604, within(1e-3));
    }
}
