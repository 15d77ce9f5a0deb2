package dev.perfwatch.ingest;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonRawValue;

/** A stored run as {@code GET /api/v1/runs/{id}} shows it. */
public record RunSummary(UUID id, String project, String branch, String commit, String host, String hostClass,
        int results, @JsonRawValue String metadata, Instant createdAt) {
}
