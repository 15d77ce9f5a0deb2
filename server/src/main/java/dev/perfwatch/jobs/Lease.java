package dev.perfwatch.jobs;

import java.util.UUID;

/**
 * What a runner gets when it leases a job: the attempt id (upload the run under it), the job, and how often to
 * send heartbeats so that the lease does not expire.
 */
public record Lease(UUID attemptId, int attempt, Job job, long leaseSeconds, long heartbeatSeconds) {
}
