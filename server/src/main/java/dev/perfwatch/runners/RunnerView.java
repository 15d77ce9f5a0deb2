package dev.perfwatch.runners;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.perfwatch.jobs.Progress;

/**
 * A runner as the UI lists it. state: busy (holds a lease), idle (seen recently), offline (silent for longer than
 * three leases).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunnerView(UUID id, String name, String hostClass, Integer cores, String cpuModel, Long memoryMb,
        String os, String kernel, List<String> jdks, String version, Instant registeredAt, Instant lastSeenAt,
        String state, UUID job, UUID attempt, Progress progress) {
}
