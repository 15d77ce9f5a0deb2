package dev.perfwatch.runners;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.perfwatch.jobs.Progress;

/**
 * A runner as the UI lists it. state: busy (holds a lease), stopped (it exited on purpose and said so:
 * {@code stopReason} says why; cleared when it is heard of again), offline (silent for longer than three leases),
 * quarantined (the lease gives it no job: its host is far noisier than its class's), failing (its last
 * {@value Runners#FAILING_STREAK} or more finished attempts failed), idle.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunnerView(UUID id, String name, String hostClass, Integer cores, String cpuModel, Long memoryMb,
        String os, String kernel, List<String> jdks, String version, Instant registeredAt, Instant lastSeenAt,
        String state, String stopReason, UUID job, UUID attempt, Progress progress, Activity activity, RunnerHealth.Health health) {

    /**
     * Its newest 50 finished attempts: how many, how many succeeded and failed (an expired lease counts as failed),
     * failures since the last success, and the last one's outcome.
     */
    public record Activity(int attempts, int succeeded, int failed, int failingStreak, String lastOutcome,
            String lastFailure, Instant lastFinishedAt) {
    }
}
