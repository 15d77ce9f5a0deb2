package dev.perfwatch.runner;

import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReferenceWorkloadTest {

    @Test
    void onceWhenRunTwiceInTwoInstancesGivesTheSameResult() {
        // The same work every time, so that only the host can change its time.
        assertThat(new ReferenceWorkload().once()).isEqualTo(new ReferenceWorkload().once());
    }

    @Test
    void permutationWhenFollowedVisitsEverySlotBeforeReturning() {
        int[] next = ReferenceWorkload.permutation(1 << 12, 7);
        Set<Integer> seen = new HashSet<>();
        int slot = 0;
        do {
            assertThat(seen.add(slot)).as("slot %d visited twice: a short cycle the cache would hold", slot).isTrue();
            slot = next[slot];
        } while (slot != 0);
        assertThat(seen).hasSize(1 << 12);
    }

    @Test
    void medianAndSpreadWhenOneRepetitionWasDisturbedIgnoreIt() {
        long[] times = { 100, 102, 98, 101, 99, 400, 100 };
        assertThat(ReferenceWorkload.median(times)).isEqualTo(100);
        // Deviations 0 2 2 1 1 300 0: their median 1 over 100.
        assertThat(ReferenceWorkload.spread(times)).isEqualTo(0.01);
        assertThat(ReferenceWorkload.median(new long[] { 10, 20, 30, 40 })).isEqualTo(25);
    }

    @Test
    void parseWhenOutputIsNotTheTimesRefusesIt() throws IOException {
        assertThat(HostCheck.parse("warning: something\n1 2 3 4 5 6 7")).containsExactly(1, 2, 3, 4, 5, 6, 7);
        String output = "chase 1 1 1 1 1 1 1\nmix 9 8 7 6 5 4 3\n10 9 8 7 6 5 4";
        assertThat(HostCheck.parse(output)).containsExactly(10, 9, 8, 7, 6, 5, 4);
        assertThat(HostCheck.half(output, "mix")).hasValueSatisfying(mix -> assertThat(mix).containsExactly(9, 8, 7,
                6, 5, 4, 3));
        assertThat(HostCheck.half("1 2 3 4 5 6 7", "chase")).isEmpty();
        assertThatThrownBy(() -> HostCheck.parse("1 2 3")).hasMessageContaining("printed 3 times");
        assertThatThrownBy(() -> HostCheck.parse("Error: could not find main class"))
            .hasMessageContaining("printed no times");
    }

    @Test
    void measureWhenRunInItsOwnJvmReportsEveryRepetitionAndTheHost() {
        ObjectNode check = HostCheck.measure(null, Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin")));

        assertThat(check.has("error")).as(check.toString()).isFalse();
        assertThat(check.get("samplesNanos")).hasSize(ReferenceWorkload.REPETITIONS);
        assertThat(check.get("medianNanos").asLong()).isPositive();
        assertThat(check.get("spread").asDouble()).isBetween(0.0, 1.0);
        assertThat(check.get("pinned").asBoolean()).isFalse();
        assertThat(check.get("cores").asInt()).isPositive();
        assertThat(check.has("busyCpus")).isTrue();
        assertThat(check.get("busyProcesses").isArray()).isTrue();
        // The halves add up to about the whole (the median of sums is not the sum of medians, hence the margin).
        long halves = check.get("chaseMedianNanos").asLong() + check.get("mixMedianNanos").asLong();
        assertThat(halves).isBetween(check.get("medianNanos").asLong() / 2, check.get("medianNanos").asLong() * 2);
    }
}
