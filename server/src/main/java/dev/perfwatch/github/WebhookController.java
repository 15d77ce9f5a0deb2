package dev.perfwatch.github;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.system.InvalidInputException;

/**
 * {@code POST /api/v1/github/webhook}: GitHub's deliveries, authenticated by their signature rather than a token.
 * Answers 401 to a missing or wrong signature, 200 to a ping, a handled comment and a pull request's push or
 * closing, 202 to everything it does not act on (other events and actions, comments on issues, a delivery seen
 * before). docs/requests.md.
 */
@RestController
class WebhookController {

    private static final Logger log = LoggerFactory.getLogger(WebhookController.class);

    private final GithubProperties properties;

    private final JsonMapper json;

    private final DeliveryStore deliveries;

    private final TransactionTemplate transaction;

    private final ApplicationEventPublisher events;

    WebhookController(GithubProperties properties, JsonMapper json, DeliveryStore deliveries,
            TransactionTemplate transaction, ApplicationEventPublisher events) {
        this.properties = properties;
        this.json = json;
        this.deliveries = deliveries;
        this.transaction = transaction;
        this.events = events;
    }

    @PostMapping("/api/v1/github/webhook")
    ResponseEntity<?> receive(@RequestBody(required = false) byte[] body,
            @RequestHeader(name = "X-Hub-Signature-256", required = false) String signature,
            @RequestHeader(name = "X-GitHub-Event", required = false) String event,
            @RequestHeader(name = "X-GitHub-Delivery", required = false) String delivery,
            HttpServletRequest request) {
        byte[] raw = body == null ? new byte[0] : body;
        String refusal = WebhookSignature.refusal(properties.webhookSecret(), raw, signature);
        if (refusal != null) {
            log.warn("Refused a webhook delivery {} from {}: {}", delivery, request.getRemoteAddr(), refusal);
            return unauthorized(refusal);
        }
        if (event == null || event.isBlank()) {
            throw new InvalidInputException("X-GitHub-Event", "X-GitHub-Event is required");
        }
        if (delivery == null || delivery.isBlank() || delivery.length() > 100) {
            throw new InvalidInputException("X-GitHub-Delivery", "X-GitHub-Delivery is required");
        }
        return switch (event) {
            case "ping" -> ResponseEntity.ok(new Answer("pong", ping(raw)));
            case "issue_comment" -> issueComment(raw, delivery);
            case "pull_request" -> pullRequest(raw, delivery);
            default -> accepted("perfwatch does not act on " + event + " events");
        };
    }

    private ResponseEntity<Answer> issueComment(byte[] raw, String delivery) {
        WebhookEvents.IssueComment payload = read(raw, WebhookEvents.IssueComment.class);
        if (!"created".equals(payload.action())) {
            return accepted("perfwatch acts on created comments only");
        }
        if (payload.issue() == null || payload.issue().pullRequest() == null) {
            return accepted("perfwatch acts on pull request comments only");
        }
        if (payload.comment() == null || payload.repository() == null || payload.comment().user() == null) {
            throw new InvalidInputException("comment", "an issue_comment payload needs comment, its user and repository");
        }
        PullRequestComment comment = new PullRequestComment(delivery, payload.repository().fullName(),
                payload.issue().number(), payload.comment().id(),
                payload.comment().body() == null ? "" : payload.comment().body(), payload.comment().user().login(),
                payload.comment().authorAssociation() == null ? "NONE" : payload.comment().authorAssociation());
        return publishOnce(delivery, "issue_comment", comment);
    }

    /** A push to the pull request's branch (synchronize) or its closing; other actions are not acted on. */
    private ResponseEntity<Answer> pullRequest(byte[] raw, String delivery) {
        WebhookEvents.PullRequestEvent payload = read(raw, WebhookEvents.PullRequestEvent.class);
        if (!"synchronize".equals(payload.action()) && !"closed".equals(payload.action())) {
            return accepted("perfwatch acts on synchronize and closed pull_request events only");
        }
        if (payload.repository() == null || payload.pullRequest() == null || payload.pullRequest().head() == null) {
            throw new InvalidInputException("pull_request", "a pull_request payload needs pull_request.head and repository");
        }
        return publishOnce(delivery, "pull_request", new PullRequestChanged(delivery, payload.repository().fullName(),
                payload.number(), payload.action(), payload.pullRequest().head().sha()));
    }

    /** Records the delivery and publishes the event in one transaction: a delivery seen before does nothing. */
    private ResponseEntity<Answer> publishOnce(String delivery, String event, Object published) {
        Boolean fresh = transaction.execute(status -> {
            if (!deliveries.record(delivery, event)) {
                return false;
            }
            events.publishEvent(published);
            return true;
        });
        if (!Boolean.TRUE.equals(fresh)) {
            log.info("Webhook delivery {} was handled before", delivery);
            return accepted("delivery " + delivery + " was handled before");
        }
        return ResponseEntity.ok(new Answer("handled", null));
    }

    private String ping(byte[] raw) {
        WebhookEvents.Ping ping = read(raw, WebhookEvents.Ping.class);
        log.info("GitHub webhook ping (hook {})", ping.hookId());
        return ping.zen() == null ? "" : ping.zen();
    }

    private <T> T read(byte[] raw, Class<T> type) {
        try {
            T value = json.readValue(raw, type);
            if (value == null) {
                throw new InvalidInputException("body", "the body is empty");
            }
            return value;
        }
        catch (JacksonException ex) {
            throw new InvalidInputException("body", "the body is not a GitHub payload: " + ex.getOriginalMessage());
        }
    }

    /** A 401 problem (RFC 9457) naming the signature header, as every other refusal of the API is shaped. */
    private static ResponseEntity<ProblemDetail> unauthorized(String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNAUTHORIZED, detail);
        problem.setProperty("field", "X-Hub-Signature-256");
        return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
            .contentType(MediaType.APPLICATION_PROBLEM_JSON)
            .body(problem);
    }

    private static ResponseEntity<Answer> accepted(String message) {
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(new Answer(message, null));
    }

    /** What the webhook answers; GitHub shows it in the delivery's log. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Answer(String message, String zen) {
    }
}
