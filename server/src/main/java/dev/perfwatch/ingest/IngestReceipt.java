package dev.perfwatch.ingest;

import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** The answer to an upload: the run id and how many results it stored; the same for a repeated upload. */
public record IngestReceipt(UUID id, int results, @JsonIgnore boolean created) {
}
