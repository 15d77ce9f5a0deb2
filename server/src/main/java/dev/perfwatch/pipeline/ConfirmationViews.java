package dev.perfwatch.pipeline;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The confirmation API's response records. */
final class ConfirmationViews {

    private ConfirmationViews() {
    }

    /**
     * @param good the last commit before the change, as the nightly saw it
     * @param bad the first commit at the new level, as the nightly saw it
     * @param range in the bisect phase, the culprit range found so far (lastGood, firstBad]
     * @param decision what the rounds showed, once decided
     */
    record Confirmation(long id, String project, String hostClass, String phase, String status, int round,
            String good, String bad, Range range, String decision, Instant createdAt, Instant decidedAt,
            List<Suspect> suspects, List<Job> jobs) {
    }

    record Range(String lastGood, String firstBad, int commits) {
    }

    /** A series suspected of changing at the bad commit, and the verdict of the re-runs on it. */
    record Suspect(long id, long series, String benchmark, String metric, String direction, double magnitude,
            String status, String verdict) {
    }

    record Job(UUID id, int round, String kind, String commit, String status, UUID runId) {
    }
}
