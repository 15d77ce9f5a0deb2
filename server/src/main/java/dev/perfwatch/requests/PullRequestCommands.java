package dev.perfwatch.requests;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.perfwatch.github.GithubActions;
import dev.perfwatch.github.PullRequestChanged;
import dev.perfwatch.github.PullRequestComment;

/**
 * Answers commands in pull-request comments (and follows pushes to and the closing of pull requests), inside the transaction that records the webhook delivery: a request
 * starts as "resolving" (the tracker asks GitHub for the head and merge base), a cancel stops the newest active
 * one, and everything else gets a reply, never silence. Only trusted commenters start or cancel runs.
 */
@Component
class PullRequestCommands {

    private static final Logger log = LoggerFactory.getLogger(PullRequestCommands.class);

    private final RequestsProperties properties;

    private final RequestStore store;

    private final Requests requests;

    private final RequestUpdates updates;

    private final GithubActions github;

    PullRequestCommands(RequestsProperties properties, RequestStore store, Requests requests, RequestUpdates updates,
            GithubActions github) {
        this.properties = properties;
        this.store = store;
        this.requests = requests;
        this.updates = updates;
        this.github = github;
    }

    /**
     * A push to the pull request notes on its running request that the head moved (the request keeps measuring the
     * head it resolved); closing the pull request cancels it.
     */
    @EventListener
    void changed(PullRequestChanged change) {
        Optional<StoredRequest> active = store.activeOf(change.repository(), change.pullRequest());
        if (active.isEmpty()) {
            return;
        }
        StoredRequest request = active.get();
        if (change.closed()) {
            requests.cancelLocked(request, "closing the pull request");
        }
        else if (request.head() != null && !request.head().equalsIgnoreCase(change.head())) {
            store.headMoved(request.id(), change.head());
            log.info("Request {}: the head of {}#{} moved to {}", request.id(), change.repository(),
                    change.pullRequest(), change.head());
        }
    }

    @EventListener
    void commented(PullRequestComment comment) {
        String bot = properties.botName();
        Optional<Command> parsed = CommandParser.parse(bot, comment.body(), properties.maxForks());
        if (parsed.isEmpty()) {
            return;
        }
        Command command = parsed.get();
        log.info("Command from {} ({}) on {}#{}: {}", comment.author(), comment.association(), comment.repository(),
                comment.pullRequest(), command);
        if (command instanceof Command.Help) {
            reply(comment, Replies.help(bot));
        }
        else if (command instanceof Command.Malformed malformed) {
            reply(comment, Replies.usage(bot, malformed.reason()));
        }
        else if (!refusedUntrusted(comment)) {
            if (command instanceof Command.Benchmark benchmark) {
                benchmark(comment, benchmark);
            }
            else {
                cancel(comment);
            }
        }
    }

    private void cancel(PullRequestComment comment) {
        Optional<StoredRequest> active = store.activeOf(comment.repository(), comment.pullRequest());
        if (active.isEmpty()) {
            reply(comment, Replies.nothingToCancel(properties.botName()));
            return;
        }
        github.react(comment.repository(), comment.commentId(), "+1");
        requests.cancelLocked(active.get(), "@" + comment.author());
    }

    private void benchmark(PullRequestComment comment, Command.Benchmark command) {
        Optional<Map.Entry<String, RequestsProperties.Project>> project = properties.byRepository(comment.repository());
        if (project.isEmpty() || project.get().getValue().suite() == null) {
            reply(comment, Replies.unknownRepository(properties.botName(), comment.repository()));
            return;
        }
        start(comment, project.get().getKey(), project.get().getValue(), command);
    }

    private void start(PullRequestComment comment, String project, RequestsProperties.Project defaults,
            Command.Benchmark command) {
        int forks = command.forks() == null ? defaults.forks() : command.forks();
        int budget = command.maxForks() != null ? command.maxForks()
                : Math.max(forks, Math.min(properties.maxForks(project), properties.maxForks()));
        StoredRequest request = new StoredRequest(UUID.randomUUID(), project, null, null,
                command.hostClasses() == null ? defaults.hostClasses() : command.hostClasses(),
                command.jvms() == null ? defaults.jvms() : command.jvms(), command.benchmarks(),
                command.profile() == null ? defaults.profile() : command.profile(),
                forks, Status.RESOLVING, null, null,
                comment.repository(), comment.pullRequest(), comment.commentId(), "@" + comment.author(), null, 0,
                null, null, null).withBudget(budget);
        store.insert(request);
        github.react(comment.repository(), comment.commentId(), "rocket");
        updates.resolving(request);
        log.info("Request {} from {}#{} by @{}", request.id(), comment.repository(), comment.pullRequest(),
                comment.author());
    }

    private boolean refusedUntrusted(PullRequestComment comment) {
        if (properties.trusted(comment.author(), comment.association())) {
            return false;
        }
        reply(comment, Replies.refused(properties.botName(), comment.author()));
        log.info("Refused a command of @{} ({}) on {}#{}: not trusted", comment.author(), comment.association(),
                comment.repository(), comment.pullRequest());
        return true;
    }

    private void reply(PullRequestComment comment, String body) {
        github.reply(comment.repository(), comment.pullRequest(), body);
    }

}
