package dev.perfwatch.jobs;

import java.time.Instant;
import java.util.UUID;

/** One lease of a job by a runner; its id is the id of the run the runner uploads. */
public record Attempt(UUID id, int number, String runner, String status, Instant startedAt, Instant leaseExpiresAt,
        Instant heartbeatAt, Instant finishedAt, Progress progress, String failure, String logTail) {
}
