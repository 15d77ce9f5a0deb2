package dev.perfwatch.jobs;

import java.time.Instant;

/** The server's answer to a heartbeat: whether to go on; cancel is true when the job was cancelled or lost. */
public record HeartbeatAnswer(String status, boolean cancel, Instant leaseExpiresAt) {
}
