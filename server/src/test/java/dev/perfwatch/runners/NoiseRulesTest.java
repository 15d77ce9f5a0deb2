package dev.perfwatch.runners;

import java.util.List;
import java.util.OptionalDouble;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The thresholds of host checks over tables of numbers (defaults: 15 % baseline, 10 % before/after, other processes ½ of the cores). */
class NoiseRulesTest {

    private final NoiseRules rules = new NoiseRules(new RunnersProperties.Noise(0.15, 0.10, 0.5, 20, 3, 1));

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            # before ms | after ms | other processes' CPUs (4 cores) | baseline ms (0: none) | reasons
            40          | 40       | 1.0            | 40                    | 0
            40          | 43.9     | 1.0            | 40                    | 0
            40          | 44.1     | 1.0            | 0                     | 1
            40          | 36.5     | 2.0            | 0                     | 0
            40          | 40       | 2.1            | 0                     | 2
            46.1        | 46.1     | 1.0            | 40                    | 2
            33.9        | 33.9     | 1.0            | 40                    | 2
            34.1        | 34.1     | 1.0            | 40                    | 0
            40          | 60       | 8.0            | 40                    | 4
            40          | 40       | 0.5            | 40                    | 0
            """)
    void reasonsWhenHostMovedNameEveryRuleBroken(double before, double after, double load, double baseline,
            int reasons) {
        List<String> found = rules.reasons(check(before, load), check(after, load),
                baseline == 0 ? OptionalDouble.empty() : OptionalDouble.of(baseline * 1e6));
        assertThat(found).as(found.toString()).hasSize(reasons);
    }

    @Test
    void reasonsWhenAfterIsSlowerSaysByHowMuchAndTheThreshold() {
        assertThat(rules.reasons(check(40, 1), check(52, 1), OptionalDouble.empty())).containsExactly(
                "the reference workload took 30% longer after the job than before (52.0 ms vs 40.0 ms), more than 10%");
        assertThat(rules.reasons(check(30, 1), check(30, 1), OptionalDouble.of(40e6))).first().asString()
            .isEqualTo("the reference workload took 25% less time before the job than this runner's baseline"
                    + " (30.0 ms vs 40.0 ms), more than 15%");
    }

    @Test
    void inLineWhenCheckFailedOrLoadedIsFalse() {
        assertThat(rules.inLine(check(40, 1), OptionalDouble.of(40e6))).isTrue();
        assertThat(rules.inLine(check(40, 5), OptionalDouble.of(40e6))).isFalse();
        assertThat(rules.inLine(check(47, 1), OptionalDouble.of(40e6))).isFalse();
        assertThat(rules.inLine(new ReferenceCheck("reference-1", null, null, null, 1.0, 0.0, 4, true, "timeout"),
                OptionalDouble.empty())).isFalse();
        assertThat(rules.inLine(check(47, 1), OptionalDouble.empty())).as("no baseline yet: load alone").isTrue();
    }

    @Test
    void reasonsWhenOnlyTheLoadAverageIsHighSayNothing() {
        // The load average still counts the JMH that just ended; what other processes take now is what matters.
        ReferenceCheck afterOwnJob = new ReferenceCheck("reference-1", 40_000_000L, 0.01, null, 4.5, 0.1, 4, true, null);
        assertThat(rules.reasons(afterOwnJob, afterOwnJob, OptionalDouble.empty())).isEmpty();
        ReferenceCheck oldRunner = new ReferenceCheck("reference-1", 40_000_000L, 0.01, null, 4.5, null, 4, true, null);
        assertThat(rules.reasons(oldRunner, oldRunner, OptionalDouble.empty()))
            .containsExactly("load average 4.5 on 4 cores before the job", "load average 4.5 on 4 cores after the job");
    }

    private static ReferenceCheck check(double millis, double busyCpus) {
        return new ReferenceCheck("reference-1", Math.round(millis * 1e6), 0.01, null, 9.9, busyCpus, 4, true, null);
    }
}
