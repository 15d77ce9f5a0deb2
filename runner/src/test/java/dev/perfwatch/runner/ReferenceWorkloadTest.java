package dev.perfwatch.runner;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;
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
        String times = numbers(1);
        assertThat(HostCheck.parse("warning: something\n" + times)).hasSize(ReferenceWorkload.REPETITIONS)
            .startsWith(1, 2, 3);
        String output = "chase " + numbers(100) + "\nmix " + numbers(200) + "\nmemory " + numbers(300)
                + "\nwarmups 4\n" + numbers(10);
        assertThat(HostCheck.parse(output)).startsWith(10, 11, 12);
        assertThat(HostCheck.half(output, "mix")).hasValueSatisfying(mix -> assertThat(mix).startsWith(200, 201));
        assertThat(HostCheck.half(output, "memory")).hasValueSatisfying(m -> assertThat(m).startsWith(300, 301));
        assertThat(HostCheck.half(times, "chase")).isEmpty();
        assertThatThrownBy(() -> HostCheck.parse("1 2 3")).hasMessageContaining("printed 3 times");
        assertThatThrownBy(() -> HostCheck.parse("Error: could not find main class"))
            .hasMessageContaining("printed no times");
    }

    private static String numbers(int first) {
        return java.util.stream.IntStream.range(first, first + ReferenceWorkload.REPETITIONS)
            .mapToObj(Integer::toString)
            .collect(java.util.stream.Collectors.joining(" "));
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
        // The shared-cache chase is reported apart, and the warm-up ran until the loops stopped getting faster.
        assertThat(check.get("memoryMedianNanos").asLong()).isPositive();
        assertThat(check.get("warmups").asInt()).isBetween(ReferenceWorkload.MIN_WARMUPS,
                ReferenceWorkload.MAX_WARMUPS);
    }

    @Test
    void measureWhenBusyProcessesShareThePinnedCpuTakesLongerThanTheRulesAllow() throws Exception {
        // reference-2 leaves the shared cache out of its time, but processes on the job's own core must still show:
        // they take the core's cycles, and the server's before/after rule (10%) must mark the run. Three of them,
        // so that the check's share of the core falls by far more than that on a machine others load too (k other
        // runnable processes: from 1/(k+1) to 1/(k+4)).
        Assumptions.assumeTrue(Agent.tasksetAvailable(), "taskset is not installed");
        String cpu = Integer.toString(Runtime.getRuntime().availableProcessors() - 1);
        Map<String, String> environment = Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin"));
        long quiet = HostCheck.measure(cpu, environment).get("medianNanos").asLong();
        List<Process> busy = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                busy.add(new ProcessBuilder("taskset", "-c", cpu, "sh", "-c", "while :; do :; done").start());
            }
            ObjectNode loaded = HostCheck.measure(cpu, environment);
            assertThat(loaded.get("medianNanos").asLong()).as("quiet %d ns; loaded %s", quiet, loaded)
                .isGreaterThan((long) (quiet * 1.3));
        }
        finally {
            for (Process process : busy) {
                process.destroyForcibly().waitFor();
            }
        }
    }
}
