package dev.perfwatch.runner;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

class JmhProgressTest {

    @Test
    void acceptWhenJmhPrintsItsHeaderTracksBenchmarkIterationAndEta() {
        JmhProgress progress = new JmhProgress();
        progress.phase("run");
        for (String line : """
                # Warmup: 2 iterations, 1 s each
                # Measurement: 3 iterations, 1 s each
                # Benchmark: demo.StringSerializerBenchmark.serialize
                # Parameters: (length = 256)

                # Run progress: 50.00% complete, ETA 00:01:05
                # Fork: 1 of 1
                # Warmup Iteration   1: 2510.123 ops/ms
                # Warmup Iteration   2: 2530.1 ops/ms
                Iteration   1: 2540.5 ops/ms
                Iteration   2: 2541.0 ops/ms""".lines().toList()) {
            progress.accept(line);
        }

        ObjectNode json = progress.json();

        assertThat(json.get("phase").asText()).isEqualTo("run");
        assertThat(json.get("benchmark").asText()).isEqualTo("demo.StringSerializerBenchmark.serialize (length = 256)");
        assertThat(json.get("iteration").asText()).isEqualTo("fork 1/1, measurement 2/3");
        assertThat(json.get("percent").asDouble()).isEqualTo(50.0);
        assertThat(json.get("etaSeconds").asLong()).isEqualTo(65);
    }

    @Test
    void jsonWhenAPhaseLastsSaysForHowLong() {
        // The Runners page shows "wait 12 s": a phase without its time looks the same at 1 s and at a stuck 20 min.
        AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-24T08:00:00Z"));
        Clock clock = new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now.get();
            }
        };
        JmhProgress progress = new JmhProgress(clock);
        now.set(now.get().plusSeconds(30));
        progress.phase("wait");
        now.set(now.get().plusSeconds(12));

        assertThat(progress.json().get("phase").asText()).isEqualTo("wait");
        assertThat(progress.json().get("phaseSeconds").asLong()).isEqualTo(12);

        progress.phase("run");
        assertThat(progress.json().get("phaseSeconds").asLong()).isZero();
    }

    @Test
    void acceptWhenEtaSpansDaysCountsThem() {
        JmhProgress progress = new JmhProgress();

        progress.accept("# Run progress: 0.10% complete, ETA 1 days, 02:00:01");

        assertThat(progress.json().get("etaSeconds").asLong()).isEqualTo(86_400 + 7_201);
    }
}
