package dev.perfwatch.requests;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.perfwatch.jobs.Profile;

/**
 * A request row (V5__requests.sql). base and head are null while a pull request's are resolved; repository,
 * pullRequest and commentId are null for requests made through the API.
 */
record StoredRequest(UUID id, String project, String base, String head, List<String> hostClasses, List<String> jvms,
        String benchmarks, Profile profile, int forks, Status status, String outcome, String failure,
        String repository, Integer pullRequest, Long commentId, String requestedBy, String headMovedTo, int attempts,
        Instant createdAt, Instant updatedAt, Instant finishedAt) {

    boolean fromPullRequest() {
        return pullRequest != null;
    }

    String commentKey() {
        return "request:" + id + ":comment";
    }

    String statusKey() {
        return "request:" + id + ":status";
    }

    /** The branch the request's runs are stored on: its own, so they never join the default branch's timelines. */
    String branch() {
        return fromPullRequest() ? "pull/" + pullRequest : "requests";
    }
}
