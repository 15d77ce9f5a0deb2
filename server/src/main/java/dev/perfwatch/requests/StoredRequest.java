package dev.perfwatch.requests;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.perfwatch.jobs.Profile;

/**
 * A request row (V5__requests.sql, V9__request_rounds.sql). base and head are null while a pull request's are
 * resolved; repository, pullRequest and commentId are null for requests made through the API.
 *
 * @param forks forks a side queued so far: the first round's, plus each further round's
 * @param maxForks the budget of forks a side
 * @param rounds rounds queued so far
 * @param roundNote why the newest round runs, for the progress comment
 * @param endedBy "data" or "budget" once the measuring ended
 * @param firstForks forks a side of the first round
 */
record StoredRequest(UUID id, String project, String base, String head, List<String> hostClasses, List<String> jvms,
        String benchmarks, Profile profile, int forks, Status status, String outcome, String failure,
        String repository, Integer pullRequest, Long commentId, String requestedBy, String headMovedTo, int attempts,
        Instant createdAt, Instant updatedAt, Instant finishedAt, int maxForks, int rounds, String roundNote,
        String endedBy, int firstForks) {

    /** A request in its first round whose budget is its forks: one look, as requests were before rounds. */
    StoredRequest(UUID id, String project, String base, String head, List<String> hostClasses, List<String> jvms,
            String benchmarks, Profile profile, int forks, Status status, String outcome, String failure,
            String repository, Integer pullRequest, Long commentId, String requestedBy, String headMovedTo,
            int attempts, Instant createdAt, Instant updatedAt, Instant finishedAt) {
        this(id, project, base, head, hostClasses, jvms, benchmarks, profile, forks, status, outcome, failure,
                repository, pullRequest, commentId, requestedBy, headMovedTo, attempts, createdAt, updatedAt,
                finishedAt, forks, 1, null, null, forks);
    }

    StoredRequest withBudget(int budget) {
        return new StoredRequest(id, project, base, head, hostClasses, jvms, benchmarks, profile, forks, status,
                outcome, failure, repository, pullRequest, commentId, requestedBy, headMovedTo, attempts, createdAt,
                updatedAt, finishedAt, Math.max(forks, budget), rounds, roundNote, endedBy, firstForks);
    }

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
