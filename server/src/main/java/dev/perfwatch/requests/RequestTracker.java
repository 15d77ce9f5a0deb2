package dev.perfwatch.requests;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.comparison.Comparison;
import dev.perfwatch.comparison.Comparisons;
import dev.perfwatch.comparison.SequentialRule;
import dev.perfwatch.comparison.Verdict;
import dev.perfwatch.github.GithubApi;
import dev.perfwatch.github.GithubException;
import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.JobSpec;
import dev.perfwatch.jobs.JobStatus;
import dev.perfwatch.jobs.Jobs;

/**
 * Moves requests along: resolves a pull request's head and merge base (and queues the jobs), keeps the comment up
 * to date while the jobs run, and posts the comparison when they are done. Every server instance polls; a request
 * is handled by one at a time (its row is locked, others skip it). GitHub failures are retried with backoff.
 */
@Component
class RequestTracker {

    private static final Logger log = LoggerFactory.getLogger(RequestTracker.class);

    /** How many times a finished request waits for GitHub to tell whether the head moved, before answering anyway. */
    private static final int HEAD_CHECKS = 3;

    /** How many times resolving a pull request is tried before the request fails. */
    private static final int RESOLVE_ATTEMPTS = 10;

    private final RequestStore store;

    private final Requests requests;

    private final Jobs jobs;

    private final Comparisons comparisons;

    private final GithubApi github;

    private final RequestUpdates updates;

    private final RequestProgress progress;

    private final RequestsProperties properties;

    private final TransactionTemplate transaction;

    RequestTracker(RequestStore store, Requests requests, Jobs jobs, Comparisons comparisons, GithubApi github,
            RequestUpdates updates, RequestProgress progress, RequestsProperties properties,
            TransactionTemplate transaction) {
        this.store = store;
        this.requests = requests;
        this.jobs = jobs;
        this.comparisons = comparisons;
        this.github = github;
        this.updates = updates;
        this.progress = progress;
        this.properties = properties;
        this.transaction = transaction;
    }

    @Scheduled(fixedDelayString = "${perfwatch.requests.refresh-interval:5s}",
            initialDelayString = "${perfwatch.requests.refresh-interval:5s}")
    void poll() {
        try {
            refreshDue();
        }
        catch (RuntimeException ex) {
            log.warn("Refreshing benchmark requests failed: {}", ex.toString());
        }
    }

    /** Refreshes every request that is due, one transaction each; returns how many. */
    int refreshDue() {
        int refreshed = 0;
        for (int i = 0; i < 100; i++) {
            UUID[] claimed = new UUID[1];
            try {
                Optional<Boolean> done = transaction.execute(status -> store.claimDue().map(request -> {
                    claimed[0] = request.id();
                    refresh(request);
                    return true;
                }));
                if (done.isEmpty()) {
                    break;
                }
                refreshed++;
            }
            catch (RuntimeException ex) {
                if (claimed[0] == null || ex instanceof DataAccessException || ex instanceof TransactionException) {
                    // The database is away: the request is not at fault, and the next poll tries again.
                    throw ex;
                }
                // Rolled back; failing the request keeps it from coming back every poll with the same error.
                log.warn("Request {} failed: {}", claimed[0], ex.toString());
                transaction.executeWithoutResult(status -> store.lock(claimed[0])
                    .filter(request -> !request.status().finished())
                    .ifPresent(request -> fail(request, "perfwatch could not handle it: " + ex.getMessage())));
            }
        }
        return refreshed;
    }

    private void refresh(StoredRequest request) {
        try {
            if (request.status() == Status.RESOLVING) {
                resolve(request);
            }
            else {
                track(request);
            }
        }
        catch (GithubException ex) {
            if (ex.retryable() && request.attempts() + 1 < RESOLVE_ATTEMPTS) {
                long wait = Math.min(retryMillis(request.attempts()), Duration.ofMinutes(10).toMillis());
                store.nextCheck(request.id(), wait, request.attempts() + 1);
                log.warn("Request {}: GitHub failed (attempt {}), retrying in {} ms: {}", request.id(),
                        request.attempts() + 1, wait, ex.getMessage());
                return;
            }
            fail(request, ex.status() == 0 ? ex.getMessage()
                    : "GitHub answered HTTP " + ex.status() + " when asked about the pull request");
            log.warn("Request {} failed: {}", request.id(), ex.getMessage());
        }
    }

    private void resolve(StoredRequest request) {
        GithubApi.PullRequest pull = github.pullRequest(request.repository(), request.pullRequest());
        if (!"open".equals(pull.state())) {
            fail(request, "the pull request is " + pull.state());
            return;
        }
        String head = pull.head().sha();
        String base = github.mergeBase(request.repository(), pull.base().sha(), head);
        store.resolved(request.id(), base, head);
        StoredRequest resolved = store.find(request.id()).orElseThrow();
        requests.queueJobs(resolved, requests.suite(resolved.project()).suite());
        log.info("Request {}: {}#{} head {} against merge base {}, jobs queued", request.id(), request.repository(),
                request.pullRequest(), head, base);
        track(resolved);
    }

    private void track(StoredRequest request) {
        List<Job> own = store.jobs(request.id()).stream().map(j -> jobs.find(j.job()).orElseThrow()).toList();
        if (own.stream().allMatch(job -> job.status().finished())) {
            finish(request, own);
            return;
        }
        if (request.status() == Status.QUEUED && own.stream().anyMatch(job -> job.status() != JobStatus.QUEUED)) {
            store.status(request.id(), Status.RUNNING);
        }
        updates.progress(request, progress.of(request, own));
        store.nextCheck(request.id(), properties.refreshInterval().toMillis(), 0);
    }

    private void finish(StoredRequest request, List<Job> own) {
        if (request.fromPullRequest()) {
            try {
                String now = github.pullRequest(request.repository(), request.pullRequest()).head().sha();
                if (!now.equalsIgnoreCase(request.head())) {
                    store.headMoved(request.id(), now);
                    request = store.find(request.id()).orElseThrow();
                }
            }
            catch (GithubException ex) {
                if (ex.retryable() && request.attempts() + 1 < HEAD_CHECKS) {
                    store.nextCheck(request.id(), retryMillis(request.attempts()), request.attempts() + 1);
                    return;
                }
                log.warn("Request {}: could not tell whether the head moved: {}", request.id(), ex.getMessage());
            }
        }
        List<UUID> runs = new ArrayList<>();
        boolean base = false;
        boolean head = false;
        int failed = 0;
        List<RequestStore.RequestJob> sides = store.jobs(request.id());
        for (int i = 0; i < own.size(); i++) {
            Job job = own.get(i);
            if (job.status() == JobStatus.SUCCEEDED && job.runId() != null) {
                runs.add(job.runId());
                base |= sides.get(i).side().equals("base");
                head |= sides.get(i).side().equals("head");
            }
            else {
                failed++;
            }
        }
        if (!base || !head) {
            fail(request, "no " + (base ? "head" : "base") + " job succeeded: see the jobs of request " + request.id());
            return;
        }
        Pattern benchmarks = Comparisons.benchmarks(request.benchmarks(), "benchmarks");
        SequentialRule rule = properties.rule(request);
        Comparisons.Options options = comparisons.defaults()
            .withPolicy(properties.allocationPolicy(request.project()))
            .withConfidence(rule.confidenceAt(request.rounds()));
        Comparison comparison = comparisons.compare(request.project(), request.base(), request.head(), null,
                benchmarks, runs, options);
        List<Comparison.Row> undecided = comparison.hostClasses().stream().flatMap(h -> h.rows().stream())
            .filter(row -> !SequentialRule.decided(row, options.policy())).toList();
        Duration hostTime = hostTime(own);
        boolean timeSpent = hostTime.compareTo(properties.maxHostTime()) >= 0;
        if (!undecided.isEmpty() && !rule.last(request.rounds()) && !timeSpent) {
            nextRound(request, rule, undecided, own.size());
            return;
        }
        String endedBy = undecided.isEmpty() ? "data" : "budget";
        store.endedBy(request.id(), endedBy);
        request = store.find(request.id()).orElseThrow();
        Outcome outcome = Outcome.of(comparison, properties.failThreshold(), failed, options.policy());
        store.finish(request.id(), Status.SUCCEEDED, outcome.word(), null);
        List<Comparison.Row> rows = comparison.hostClasses().stream().flatMap(h -> h.rows().stream()).toList();
        int byAllocation = (int) rows.stream()
            .filter(row -> row.verdict() == Verdict.UNCLEAR
                    && SequentialRule.decided(row, options.policy()))
            .count();
        int byThroughput = (int) rows.stream()
            .filter(row -> row.verdict() != Verdict.UNCLEAR).count();
        List<Job> succeeded = own.stream().filter(job -> job.status() == JobStatus.SUCCEEDED).toList();
        updates.finished(request, comparison, outcome, failed,
                RoundText.rounds(request, rule, undecided.size(), timeSpent ? hostTime : null, byThroughput,
                        byAllocation),
                BusyHost.of(succeeded, store.busyRuns(runs)));
        log.info("Request {} done: {}", request.id(), outcome.description());
    }

    /**
     * Queues the next round after the request's jobs: its forks a side more on every host class and JVM, and says
     * in the comment which cases are not decided yet.
     */
    private void nextRound(StoredRequest request, SequentialRule rule, List<Comparison.Row> undecided, int jobs) {
        int round = request.rounds() + 1;
        int forks = rule.forksAt(round);
        String note = RoundText.roundNote(request.rounds(), rule.confidenceAt(request.rounds()), undecided);
        store.nextRound(request.id(), forks, round, note);
        StoredRequest next = store.find(request.id()).orElseThrow();
        // The suite of the request's own first job: the project's newest job may be another suite by now.
        JobSpec.Suite suite = this.jobs.find(store.jobs(next.id()).get(0).job()).orElseThrow().suite();
        requests.queueRound(next, suite, forks - request.forks(), jobs);
        List<Job> own = store.jobs(next.id()).stream().map(j -> this.jobs.find(j.job()).orElseThrow()).toList();
        updates.progress(next, progress.of(next, own));
        store.nextCheck(next.id(), properties.refreshInterval().toMillis(), 0);
        log.info("Request {}: round {} queued ({} forks a side), {} cases undecided", request.id(), round, forks,
                undecided.size());
    }

    /** The host time the request's jobs took: each attempt from its start to its end. */
    private static Duration hostTime(List<Job> own) {
        Duration total = Duration.ZERO;
        for (Job job : own) {
            if (job.attempts() == null) {
                continue;
            }
            for (dev.perfwatch.jobs.Attempt attempt : job.attempts()) {
                if (attempt.startedAt() != null && attempt.finishedAt() != null) {
                    total = total.plus(Duration.between(attempt.startedAt(), attempt.finishedAt()));
                }
            }
        }
        return total;
    }

    private void fail(StoredRequest request, String reason) {
        store.finish(request.id(), Status.FAILED, null, reason);
        updates.failed(request, reason);
    }

    private long retryMillis(int failedBefore) {
        return Math.min(1000L << Math.min(failedBefore, 20), Duration.ofMinutes(10).toMillis());
    }
}
