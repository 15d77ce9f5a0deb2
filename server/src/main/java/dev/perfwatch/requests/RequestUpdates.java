package dev.perfwatch.requests;

import java.util.List;

import org.springframework.stereotype.Component;

import dev.perfwatch.comparison.Comparison;
import dev.perfwatch.comparison.ComparisonProperties;
import dev.perfwatch.github.GithubActions;

/**
 * What GitHub shows of a pull request's request: its one comment, edited in place, and the commit status on its
 * head. Written through the GitHub outbox in the caller's transaction; requests made through the API have neither.
 */
@Component
class RequestUpdates {

    private final GithubActions github;

    private final RequestsProperties properties;

    private final ComparisonProperties comparison;

    RequestUpdates(GithubActions github, RequestsProperties properties, ComparisonProperties comparison) {
        this.github = github;
        this.properties = properties;
        this.comparison = comparison;
    }

    void resolving(StoredRequest request) {
        comment(request, RequestText.resolving(request, properties.botName()));
    }

    void progress(StoredRequest request, Progress progress) {
        comment(request, RequestText.progress(request, progress, properties.botName()));
        status(request, "pending", progress.started() ? "Running: " + progress.done() + "/" + progress.total()
                + " jobs done" : "Queued: " + progress.total() + " jobs");
    }

    void finished(StoredRequest request, Comparison result, Outcome outcome, int failedJobs,
            RoundText.Rounds rounds, List<BusyHost> busy) {
        comment(request, RequestText.finished(request, result, outcome.word(), failedJobs,
                comparison.equivalenceMargin(), RequestText.comparisonLink(properties, request), rounds, busy));
        status(request, outcome.state(), outcome.description());
    }

    void cancelled(StoredRequest request, String by) {
        if (request.base() == null) {
            comment(request, RequestText.cancelled(request, by));
            return;
        }
        comment(request, RequestText.cancelled(request, by));
        status(request, "error", "Cancelled by " + by);
    }

    void failed(StoredRequest request, String reason) {
        comment(request, RequestText.failed(request, reason));
        if (request.head() != null) {
            status(request, "error", reason);
        }
    }

    private void comment(StoredRequest request, String body) {
        if (request.fromPullRequest()) {
            github.comment(request.commentKey(), request.repository(), request.pullRequest(), body);
        }
    }

    private void status(StoredRequest request, String state, String description) {
        if (request.fromPullRequest() && request.head() != null) {
            String text = description.length() > 140 ? description.substring(0, 139) + "…" : description;
            github.status(request.statusKey(), request.repository(), request.head(),
                    new GithubActions.CommitStatus(state, RequestText.comparisonLink(properties, request), text,
                            properties.statusContext()));
        }
    }
}
