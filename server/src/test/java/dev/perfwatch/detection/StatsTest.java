package dev.perfwatch.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void normalQuantileWhenComparedWithPublishedValuesAgrees() {
        assertThat(Stats.normalQuantile(0.975)).isCloseTo(1.959964, within(1e-6));
        assertThat(Stats.normalQuantile(0.8)).isCloseTo(0.841621, within(1e-6));
    }
}
