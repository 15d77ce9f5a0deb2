package dev.perfwatch.github;

/**
 * A pull request's head moved (action synchronize: a push or force-push) or the pull request was closed, published
 * like {@link PullRequestComment} inside the transaction that records the delivery.
 *
 * @param head the pull request's head sha now
 */
public record PullRequestChanged(String delivery, String repository, int pullRequest, String action, String head) {

    public boolean closed() {
        return "closed".equals(action);
    }
}
