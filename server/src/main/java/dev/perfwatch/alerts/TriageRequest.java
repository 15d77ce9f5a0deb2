package dev.perfwatch.alerts;

import jakarta.validation.constraints.Size;

/**
 * The body of a triage call.
 *
 * @param status one of {@link Status}'s words
 * @param comment why, for the audit trail
 * @param duplicateOf with status duplicate: the alert this one repeats (for a group: the group)
 */
record TriageRequest(String status, @Size(max = 4000) String comment, Long duplicateOf) {
}
