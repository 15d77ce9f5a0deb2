package dev.perfwatch.ingest;

import java.util.List;
import java.util.UUID;

/**
 * Published after a run's transaction commits, so that detection, job bookkeeping and requests react to new data
 * without ingestion knowing them.
 */
public record RunIngested(UUID run, long project, long branch, long commit, String hostClass, List<Long> series) {
}
