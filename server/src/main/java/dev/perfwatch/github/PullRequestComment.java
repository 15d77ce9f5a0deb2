package dev.perfwatch.github;

/**
 * A comment created on a pull request, published synchronously inside the transaction that records the webhook
 * delivery: if handling it fails, the delivery is not recorded and GitHub's redelivery is handled afresh.
 *
 * @param repository "owner/name"
 * @param association the commenter's {@code author_association}: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE…
 */
public record PullRequestComment(String delivery, String repository, int pullRequest, long commentId, String body,
        String author, String association) {
}
