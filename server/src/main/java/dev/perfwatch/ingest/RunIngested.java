package dev.perfwatch.ingest;

import java.util.List;
import java.util.UUID;

/**
 * Published when a run is stored, so that detection, job bookkeeping and requests react to new data without ingestion
 * knowing them.
 *
 * @param hostCheck whether the run carries a host check ({@code metadata.hostCheck}, an object): only those have a
 *     host to judge, and a listener that judges hosts skips the others without reading the run back
 */
public record RunIngested(UUID run, long project, long branch, long commit, String hostClass, List<Long> series,
                          boolean hostCheck) {
}
