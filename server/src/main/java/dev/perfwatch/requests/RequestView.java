package dev.perfwatch.requests;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.perfwatch.comparison.Comparison;
import dev.perfwatch.jobs.JobStatus;
import dev.perfwatch.jobs.Profile;
import dev.perfwatch.jobs.Progress;

/**
 * A request as the API shows it. jobs and comparison are there only when one request is read; comparison only once
 * it succeeded. comparisonUrl: the UI's comparison page of base and head. forks: forks a side queued so far;
 * maxForks its budget; rounds: rounds queued; endedBy: data or budget once finished (docs/requests.md, "Rounds");
 * outcomeReason: why the outcome is what it is, as the commit status says it, with the comparison.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record RequestView(UUID id, String project, String base, String head, List<String> hostClasses, List<String> jvms,
        String benchmarks, Profile profile, int forks, Status status, String outcome, String failure,
        PullRequest pullRequest, String requestedBy, String headMovedTo, Instant createdAt, Instant updatedAt,
        Instant finishedAt, String comparisonUrl, List<JobView> jobs, Comparison comparison, int maxForks,
        int rounds, String endedBy, String outcomeReason) {

    record PullRequest(String repository, int number) {
    }

    /** One of the request's jobs, in creation order; side is base or head. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record JobView(UUID id, String side, String hostClass, String jvm, String commit, JobStatus status, String runner,
            Progress progress, UUID runId, String failure) {
    }
}
