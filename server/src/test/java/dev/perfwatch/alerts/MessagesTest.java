package dev.perfwatch.alerts;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MessagesTest {

    /**
     * A change on a new project's short history is named by the detector's short-history rule, whose confidence is
     * unknown (0); on a host class no runner serves it alerts as it is. Its line read "confidence 0.0%": as if the
     * alert were certainly noise.
     */
    @Test
    void confidenceWhenUnknownSaysSoRatherThanZeroPercent() {
        assertThat(Messages.confidence(0)).isEqualTo("unknown (short history)");
        assertThat(Messages.confidence(0.99996)).isEqualTo("99.9%");
        assertThat(Messages.confidence(1)).isEqualTo("100%");
        assertThat(Messages.confidence(0.004)).isEqualTo("0.4%");
    }
}
