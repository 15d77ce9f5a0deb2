package dev.perfwatch.ingest;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonRawValue;

/**
 * A stored run as {@code GET /api/v1/runs/{id}} shows it. hostCheck: the runner's reference checks around the run
 * with the server's verdict ({@code noisy}, {@code reason}, {@code baselineNanos}), null when it sent none.
 */
public record RunSummary(UUID id, String project, String branch, String commit, String host, String hostClass,
        int results, @JsonRawValue String metadata, Instant createdAt, @JsonRawValue String hostCheck) {
}
