package dev.perfwatch.runner;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DemoTest {

    @Test
    void firstReasonWhenServerGaveSeveralNamesTheFirstRuleWithItsNumbers() {
        // The demo's table says why a point is not judged: on a quiet 2-core VM it was the reference workload, not
        // another process, and "busy host" said otherwise.
        assertThat(Demo.firstReason("the reference workload took 112% longer after the job than before (18.7 ms vs"
                + " 8.8 ms), more than 10%; other processes took 1.2 of 2 cores after the job"))
            .isEqualTo("the reference workload took 112% longer after the job than before (18.7 ms vs 8.8 ms), more"
                    + " than 10% …");
        assertThat(Demo.firstReason("other processes took 2.0 of 2 cores before the job"))
            .isEqualTo("other processes took 2.0 of 2 cores before the job");
        assertThat(Demo.firstReason("")).isEqualTo("host busy or moved");
    }
}
