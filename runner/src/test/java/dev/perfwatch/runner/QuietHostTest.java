package dev.perfwatch.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The wait for a quiet host on scripted /proc windows: the clock moves by one window per sample, so the test takes
 * no time and says exactly when the wait ends.
 */
class QuietHostTest {

    /** Windows as the sampler reports them, in CPUs of other processes; the clock moves one window per sample. */
    private static final class Script implements QuietHost.Sampler {

        private final Iterator<Double> windows;

        private final double rest;

        long nanos;

        int samples;

        Script(double rest, Double... windows) {
            this.windows = List.of(windows).iterator();
            this.rest = rest;
        }

        @Override
        public List<HostFacts.Busy> sample(long millis) {
            samples++;
            nanos += Duration.ofMillis(millis).toNanos();
            double cpus = windows.hasNext() ? windows.next() : rest;
            return cpus == 0 ? List.of() : List.of(new HostFacts.Busy(42, "postgres: checkpointer", cpus));
        }

        QuietHost host() {
            return new QuietHost(this, () -> nanos);
        }
    }

    @Test
    void awaitWhenHostIsQuietStartsAfterThreeQuietWindowsAndLogsNothing() throws InterruptedException {
        Script script = new Script(0.0);
        List<List<HostFacts.Busy>> logged = new ArrayList<>();
        QuietHost.Waited waited = script.host().await(Duration.ofSeconds(60), () -> false, logged::add);
        assertThat(waited.quiet()).isTrue();
        assertThat(script.samples).isEqualTo(QuietHost.QUIET_WINDOWS);
        assertThat(waited.waited()).isEqualTo(Duration.ofMillis(QuietHost.WINDOW_MILLIS * QuietHost.QUIET_WINDOWS));
        assertThat(waited.busy()).isEmpty();
        assertThat(logged).isEmpty();
    }

    @Test
    void awaitWhenBusyWindowInterruptsTheQuietOnesStartsOverAndReportsTheLastBusyWindow()
            throws InterruptedException {
        // Busy, busy, two quiet (a gap in a build), busy again, then quiet for good.
        Script script = new Script(0.1, 1.9, 1.2, 0.0, 0.1, 0.6);
        List<List<HostFacts.Busy>> logged = new ArrayList<>();
        QuietHost.Waited waited = script.host().await(Duration.ofSeconds(60), () -> false, logged::add);
        assertThat(waited.quiet()).isTrue();
        assertThat(script.samples).isEqualTo(5 + QuietHost.QUIET_WINDOWS);
        assertThat(waited.busyCpus()).isEqualTo(0.6);
        assertThat(logged).hasSize(1);
        assertThat(QuietHost.cpus(logged.get(0))).isEqualTo(1.9);
    }

    @Test
    void awaitWhenOtherProcessesTakeJustOverAQuarterOfACpuIsNotQuiet() throws InterruptedException {
        // The threshold is the runner's "loaded" one: a host quiet for the wait is a host the run calls unloaded.
        QuietHost.Waited quiet = new Script(HostFacts.LOADED_CPUS).host().await(Duration.ofSeconds(5), () -> false,
                busy -> {
                });
        assertThat(quiet.quiet()).isTrue();
        QuietHost.Waited busy = new Script(HostFacts.LOADED_CPUS + 0.01).host().await(Duration.ofSeconds(5),
                () -> false, b -> {
                });
        assertThat(busy.quiet()).isFalse();
    }

    @Test
    void awaitWhenHostNeverQuietsGivesUpAtTheLimitSayingHowBusyItWas() throws InterruptedException {
        Script script = new Script(1.3);
        QuietHost.Waited waited = script.host().await(Duration.ofSeconds(10), () -> false, busy -> {
        });
        assertThat(waited.quiet()).isFalse();
        assertThat(waited.waited()).isEqualTo(Duration.ofSeconds(10));
        assertThat(script.samples).isEqualTo(20);
        assertThat(waited.busyCpus()).isEqualTo(1.3);
        assertThat(QuietHost.describe(waited.busy())).isEqualTo("1.30 CPUs: 42 postgres: checkpointer (130%)");
        List<HostFacts.Busy> many = List.of(new HostFacts.Busy(1, "a", 0.5), new HostFacts.Busy(2, "b", 0.25),
                new HostFacts.Busy(3, "c", 0.125), new HostFacts.Busy(4, "d", 0.125));
        assertThat(QuietHost.describe(many)).isEqualTo("1.00 CPUs: 1 a (50%), 2 b (25%), 3 c (13%) and 1 more");
        // The warning before JMH reads the listed processes back: the same line, not their JSON.
        assertThat(QuietHost.describe(HostFacts.busy(HostFacts.json(many))))
            .isEqualTo("1.00 CPUs: 1 a (50%), 2 b (25%), 3 c (13%) and 1 more");
    }

    @Test
    void beforeJobWhenHostStaysBusyLogsTheWaitAndTellsTheMetadata(@TempDir Path dir) throws Exception {
        Script script = new Script(1.3);
        try (LogTail log = new LogTail(dir.resolve("attempt.log"), 100)) {
            ObjectNode node = script.host().beforeJob(Duration.ofSeconds(10), () -> false, log);
            assertThat(node.get("quiet").asBoolean()).isFalse();
            assertThat(node.get("seconds").asDouble()).isEqualTo(10.0);
            assertThat(node.get("busyCpus").asDouble()).isEqualTo(1.3);
            assertThat(log.tail(10)).isEqualTo(
                    "perfwatch-runner: waiting up to 10 s for the host to quiet (1.30 CPUs: 42 postgres: checkpointer"
                            + " (130%))\n"
                            + "perfwatch-runner: the host stayed busy for 10.0 s (1.30 CPUs: 42 postgres: checkpointer"
                            + " (130%)): measuring anyway, the host checks mark the run\n");
        }
    }

    @Test
    void beforeJobWhenWaitIsOffSamplesNothing(@TempDir Path dir) throws Exception {
        Script script = new Script(1.3);
        try (LogTail log = new LogTail(dir.resolve("attempt.log"), 100)) {
            assertThat(script.host().beforeJob(Duration.ZERO, () -> false, log)).isNull();
        }
        assertThat(script.samples).isZero();
    }

    @Test
    void awaitWhenAttemptIsStoppedEndsAtOnce() throws InterruptedException {
        Script script = new Script(1.3);
        QuietHost.Waited waited = script.host().await(Duration.ofHours(1), () -> script.samples >= 2, busy -> {
        });
        assertThat(waited.quiet()).isFalse();
        assertThat(script.samples).isEqualTo(2);
    }
}
