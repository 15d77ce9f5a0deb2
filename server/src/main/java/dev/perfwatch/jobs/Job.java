package dev.perfwatch.jobs;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A job as the API shows it. {@code attempt} is the number of the latest lease; {@code runner} and {@code progress}
 * are those of the running attempt; {@code attempts} are listed only when one job is read.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Job(UUID id, String project, String branch, String commit, JobSpec.Suite suite, String hostClass,
        String jvm, Profile profile, Kind kind, int priority, JobStatus status, int attempt, int maxAttempts,
        int timeoutSeconds, String failure, UUID runId, String createdBy, Instant createdAt, Instant updatedAt,
        Instant finishedAt, String runner, Progress progress, List<Attempt> attempts) {

    Job withAttempts(List<Attempt> list) {
        return new Job(id, project, branch, commit, suite, hostClass, jvm, profile, kind, priority, status, attempt,
                maxAttempts, timeoutSeconds, failure, runId, createdBy, createdAt, updatedAt, finishedAt, runner,
                progress, list);
    }
}
