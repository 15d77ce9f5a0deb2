package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The /proc sampling on real processes: a spinning process of someone else counts, the runner's own spinning child
 * (its build, its JMH forks) does not.
 */
class BusyProcessesTest {

    private static final String SPIN = "while :; do :; done";

    @Test
    void busyProcessesWhenOwnChildAndAStrangerSpinCountsOnlyTheStranger() throws IOException, InterruptedException {
        Process own = new ProcessBuilder("sh", "-c", SPIN).start();
        // The stranger is orphaned at once (its parent shell exits), so it is no descendant of this JVM.
        Process launcher = new ProcessBuilder("sh", "-c", "sh -c '" + SPIN + "' </dev/null >/dev/null 2>&1 & echo $!")
            .start();
        long stranger = Long.parseLong(new String(launcher.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
            .strip());
        try {
            launcher.waitFor();
            List<HostFacts.Busy> busy = HostFacts.busyProcesses(300);
            assertThat(busy).extracting(HostFacts.Busy::pid).contains(stranger).doesNotContain(own.pid());
            HostFacts.Busy spinning = busy.stream().filter(p -> p.pid() == stranger).findFirst().orElseThrow();
            assertThat(spinning.cpus()).isGreaterThan(0.05);
            assertThat(spinning.command()).contains("while :");
        }
        finally {
            ProcessHandle.of(stranger).ifPresent(ProcessHandle::destroyForcibly);
            own.destroyForcibly();
        }
    }
}
