package dev.perfwatch.comparison;

/**
 * What a deterministic allocation change counts for (docs/api.md, "Comparisons"): a buffer allocated per call is as
 * real a regression as lost throughput, and far easier to see on a busy host, since gc.alloc.rate.norm repeats
 * exactly from fork to fork.
 */
public enum AllocationPolicy {
    /** More B/op is a significant change and turns a request's commit status to failure, like a slower case. */
    FAIL,
    /** More B/op is a significant change shown first, but the commit status is at worst neutral. */
    NEUTRAL,
    /** Allocation is shown and never counts. */
    IGNORE
}
