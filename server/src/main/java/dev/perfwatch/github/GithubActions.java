package dev.perfwatch.github;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes to GitHub through an outbox: callers record what to send inside their own transaction, and a sender sends
 * it afterwards, retrying a 5xx or a timeout with a growing wait until it goes through. A kept comment or status
 * (one with a key) is edited rather than posted again: writing it anew replaces the body, and only the newest
 * version is sent, so a comment updated ten times while GitHub was down costs one call when it is back. Each row is
 * claimed, sent and marked in one transaction holding its lock, so two instances never send one row twice.
 */
@Service
public class GithubActions {

    private static final Logger log = LoggerFactory.getLogger(GithubActions.class);

    private static final int BATCH = 100;

    private final ActionStore store;

    private final GithubApi api;

    private final GithubProperties properties;

    private final TransactionTemplate transaction;

    private final JsonMapper json;

    private final Counter sent;

    private final Counter failed;

    GithubActions(ActionStore store, GithubApi api, GithubProperties properties, TransactionTemplate transaction,
            JsonMapper json, MeterRegistry meters) {
        this.store = store;
        this.api = api;
        this.properties = properties;
        this.transaction = transaction;
        this.json = json;
        this.sent = Counter.builder("perfwatch.github.sent").description("Calls to GitHub that went through")
            .register(meters);
        this.failed = Counter.builder("perfwatch.github.failed")
            .description("Failed calls to GitHub (each retried later unless GitHub refused it)")
            .register(meters);
        // Grows only while GitHub is unreachable or refuses the token: what an operator's alert rule watches.
        Gauge.builder("perfwatch.github.pending", store, ActionStore::pending)
            .description("Comments, reactions and statuses waiting to be sent, on all instances")
            .register(meters);
    }

    /** Reacts to a comment: {@code content} is one of GitHub's reactions ("+1", "eyes", "rocket", …). */
    public void react(String repository, long commentId, String content) {
        store.insert(null, repository, "reaction", Long.toString(commentId), json.writeValueAsString(new Reaction(content)));
    }

    /** A new comment on the pull request, sent once. */
    public void reply(String repository, int pullRequest, String body) {
        store.insert(null, repository, "comment", Integer.toString(pullRequest), json.writeValueAsString(new Body(body)));
    }

    /** The comment kept under the key: posted the first time, edited in place after. Same text: nothing is sent. */
    public void comment(String key, String repository, int pullRequest, String body) {
        store.upsert(key, repository, "comment", Integer.toString(pullRequest), json.writeValueAsString(new Body(body)));
    }

    /** The commit status kept under the key, on the sha; GitHub shows the latest one of its context. */
    public void status(String key, String repository, String sha, CommitStatus status) {
        store.upsert(key, repository, "status", sha, json.writeValueAsString(status));
    }

    @Scheduled(fixedDelayString = "${perfwatch.github.poll-interval:2s}",
            initialDelayString = "${perfwatch.github.poll-interval:2s}")
    void poll() {
        try {
            sendDue();
        }
        catch (RuntimeException ex) {
            log.warn("Sending to GitHub failed: {}", ex.toString());
        }
    }

    /**
     * Sends what is due now, one transaction per row; returns how many went through. A row is tried once a pass:
     * one that fails is not tried again within the same pass because its short first retry came due meanwhile.
     */
    public int sendDue() {
        int sent = 0;
        List<Long> tried = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            Optional<Boolean> outcome = transaction.execute(status -> store.claimDue(tried).map(row -> {
                tried.add(row.id());
                return send(row);
            }));
            if (outcome.isEmpty()) {
                break;
            }
            sent += outcome.get() ? 1 : 0;
        }
        return sent;
    }

    private boolean send(ActionStore.Row row) {
        try {
            Long created = switch (row.kind()) {
                case "reaction" -> {
                    api.call("POST", "/repos/" + row.repository() + "/issues/comments/" + row.target() + "/reactions",
                            row.body());
                    yield null;
                }
                case "status" -> {
                    api.call("POST", "/repos/" + row.repository() + "/statuses/" + row.target(), row.body());
                    yield null;
                }
                default -> comment(row);
            };
            store.sent(row.id(), row.version(), created);
            sent.increment();
            log.info("Sent {} #{} v{} to GitHub {}", row.kind(), row.id(), row.version(), row.repository());
            return true;
        }
        catch (GithubException ex) {
            failed.increment();
            if (ex.status() == 404 && row.kind().equals("comment") && row.githubId() != null) {
                // Someone deleted the comment: the next attempt posts it anew.
                store.forget(row.id(), ex.getMessage());
                return false;
            }
            if (ex.retryable()) {
                long wait = properties.retryAfter(row.attempts()).toMillis();
                store.failed(row.id(), ex.getMessage(), wait);
                log.warn("Sending {} #{} to GitHub failed (attempt {}), retrying in {} ms: {}", row.kind(), row.id(),
                        row.attempts() + 1, wait, ex.getMessage());
            }
            else {
                store.refused(row.id(), row.version(), ex.getMessage());
                log.warn("GitHub refused {} #{}; not retried: {}", row.kind(), row.id(), ex.getMessage());
            }
            return false;
        }
        catch (RuntimeException ex) {
            failed.increment();
            // Whatever else went wrong, the row must not block the ones after it: it waits like a 5xx.
            long wait = properties.retryAfter(row.attempts()).toMillis();
            store.failed(row.id(), ex.toString(), wait);
            log.warn("Sending {} #{} to GitHub failed (attempt {}), retrying in {} ms: {}", row.kind(), row.id(),
                    row.attempts() + 1, wait, ex.toString());
            return false;
        }
    }

    private Long comment(ActionStore.Row row) {
        if (row.githubId() == null) {
            String answer = api.call("POST", "/repos/" + row.repository() + "/issues/" + row.target() + "/comments",
                    row.body());
            return api.read(answer, GithubApi.Created.class).id();
        }
        api.call("PATCH", "/repos/" + row.repository() + "/issues/comments/" + row.githubId(), row.body());
        return row.githubId();
    }

    /**
     * A commit status (docs.github.com/rest/commits/statuses).
     *
     * @param state error, failure, pending or success
     * @param context the name GitHub lists the status under
     */
    public record CommitStatus(String state, @JsonProperty("target_url") String targetUrl, String description,
            String context) {
    }

    record Body(String body) {
    }

    record Reaction(String content) {
    }
}
