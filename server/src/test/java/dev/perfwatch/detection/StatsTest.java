package dev.perfwatch.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void twoSidedPWhenComparedWithPublishedTableValuesAgrees() {
        // Student's t critical values: t(0.975, 10) = 2.228, t(0.995, 30) = 2.750, t(0.9995, 5) = 6.869
        assertThat(Stats.twoSidedP(2.228, 10)).isCloseTo(0.05, within(1e-4));
        assertThat(Stats.twoSidedP(2.750, 30)).isCloseTo(0.01, within(1e-4));
        assertThat(Stats.twoSidedP(6.869, 5)).isCloseTo(0.001, within(1e-5));
        assertThat(Stats.twoSidedP(0, 7)).isCloseTo(1, within(1e-12));
    }

    @Test
    void tQuantileWhenInvertedGivesBackTheProbability() {
        assertThat(Stats.tQuantile(0.975, 10)).isCloseTo(2.228, within(1e-3));
        assertThat(Stats.tQuantile(0.025, 10)).isCloseTo(-2.228, within(1e-3));
        assertThat(Stats.normalQuantile(0.975)).isCloseTo(1.959964, within(1e-6));
        assertThat(Stats.normalQuantile(0.8)).isCloseTo(0.841621, within(1e-6));
    }
}
