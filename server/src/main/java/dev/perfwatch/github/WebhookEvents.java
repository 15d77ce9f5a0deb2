package dev.perfwatch.github;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/** The parts of GitHub's webhook payloads that perfwatch reads (docs.github.com, "Webhook events and payloads"). */
final class WebhookEvents {

    private WebhookEvents() {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record IssueComment(String action, Issue issue, Comment comment, Repository repository) {
    }

    /** pull_request is present only when the issue is a pull request. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Issue(int number, @JsonProperty("pull_request") Link pullRequest) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Link(String url) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Comment(long id, String body, User user, @JsonProperty("author_association") String authorAssociation) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record User(String login) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Repository(@JsonProperty("full_name") String fullName) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Ping(String zen, @JsonProperty("hook_id") Long hookId) {
    }

    /** A pull_request event: action opened, synchronize, closed…; its pull request's number and head. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record PullRequestEvent(String action, int number, @JsonProperty("pull_request") PullRequest pullRequest,
            Repository repository) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record PullRequest(Head head) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Head(String sha) {
    }
}
