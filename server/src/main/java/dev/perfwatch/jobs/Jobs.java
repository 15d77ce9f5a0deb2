package dev.perfwatch.jobs;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.ingest.IngestService;
import dev.perfwatch.system.ConflictException;
import dev.perfwatch.system.HostClassNames;
import dev.perfwatch.system.NotFoundException;

/**
 * The job queue's entry point: other features (benchmark requests, confirmation and bisection runs) create jobs
 * with {@link #create}; the runner protocol leases, renews and ends attempts. All coordination between server
 * instances goes through the database: nothing here is held in memory.
 */
@Service
public class Jobs {

    private static final Logger log = LoggerFactory.getLogger(Jobs.class);

    private final JobQueue queue;

    private final JobSpecValidator validator;

    private final TransactionTemplate transaction;

    private final IngestService ingest;

    private final JobsProperties properties;

    private final HostClassNames hostClassNames;

    Jobs(JobQueue queue, JobSpecValidator validator, TransactionTemplate transaction, IngestService ingest,
            JobsProperties properties, HostClassNames hostClassNames) {
        this.hostClassNames = hostClassNames;
        this.queue = queue;
        this.validator = validator;
        this.transaction = transaction;
        this.ingest = ingest;
        this.properties = properties;
    }

    /** Queues a job, or refuses the spec with an {@code InvalidInputException} naming the bad field. */
    public Job create(JobSpec spec, String createdBy) {
        JobSpec valid = validator.validate(spec)
            .withDefaults(properties.maxAttempts(), (int) properties.timeout().toSeconds());
        hostClassNames.requireNew("hostClass", valid.hostClass());
        UUID id = UUID.randomUUID();
        queue.insert(id, valid, createdBy);
        log.info("Queued job {} project={} commit={} hostClass={} jvm={} kind={} by {}", id, valid.project(),
                valid.commit(), valid.hostClass(), valid.jvm(), valid.kind().sql(), createdBy);
        return find(id).orElseThrow();
    }

    public Job create(JobSpec spec) {
        return create(spec, "perfwatch");
    }

    /** The job with its attempts. */
    public Optional<Job> find(UUID id) {
        return queue.find(id).map(job -> job.withAttempts(queue.attempts(id)));
    }

    public List<Job> list(JobStatus status, String project, String hostClass, int limit) {
        return queue.list(status, project, hostClass, limit);
    }

    public Job cancel(UUID id, String by) {
        Job job = existing(id);
        if (job.status() == JobStatus.CANCELLED) {
            return job;
        }
        Optional<JobStatus> cancelled = transaction.execute(status -> queue.cancel(id, by));
        if (cancelled.isEmpty()) {
            throw new ConflictException("status", "job " + id + " has " + existing(id).status().sql()
                    + " already and cannot be cancelled");
        }
        log.info("Cancelled job {} by {}", id, by);
        return existing(id);
    }

    public Job retry(UUID id) {
        existing(id);
        if (!queue.retry(id, properties.maxAttempts())) {
            throw new ConflictException("status", "job " + id + " is " + existing(id).status().sql()
                    + ": only failed or cancelled jobs are retried");
        }
        return existing(id);
    }

    public Job prioritize(UUID id, int priority) {
        if (priority < -10_000 || priority > 10_000) {
            throw new dev.perfwatch.system.InvalidInputException("priority",
                    "priority must be between -10000 and 10000");
        }
        existing(id);
        if (!queue.prioritize(id, priority)) {
            throw new ConflictException("status", "job " + id + " has finished: its priority no longer matters");
        }
        return existing(id);
    }

    /** The next job for a runner of the host class with these JVMs, as a new attempt; empty when none waits. */
    public Optional<Lease> lease(UUID runner, String hostClass, List<String> jvms) {
        // Whoever asks for work first frees what dead runners hold, so an expired job is never waiting on a timer.
        expireLeases();
        long seconds = properties.leaseDuration().toSeconds();
        Optional<Taken> taken = transaction.execute(status -> queue.takeNext(hostClass, jvms).map(next -> {
            UUID attemptId = UUID.randomUUID();
            int number = queue.insertAttempt(attemptId, next, runner, seconds);
            return new Taken(attemptId, number, next.id());
        }));
        return taken.map(t -> {
            Job job = queue.find(t.job()).orElseThrow();
            log.info("Leased job {} attempt {} ({}) to runner {}", job.id(), t.number(), t.attempt(), runner);
            return new Lease(t.attempt(), t.number(), job, seconds, Math.max(1, seconds / 3));
        });
    }

    /** Renews the lease and records the progress; the answer tells the runner to stop when the job is gone. */
    public HeartbeatAnswer heartbeat(UUID attempt, Progress progress, String logTail) {
        Optional<java.time.Instant> renewed = queue.heartbeat(attempt, progress, truncate(logTail),
                properties.leaseDuration().toSeconds());
        if (renewed.isPresent()) {
            return new HeartbeatAnswer("running", false, renewed.get());
        }
        Attempt found = attempt(attempt);
        return new HeartbeatAnswer(found.status(), true, found.leaseExpiresAt());
    }

    /**
     * Ends an attempt. A success needs the run to be stored under the attempt id first. A late success (the lease
     * had expired) still completes the job unless it was cancelled: the result is real and stored.
     */
    public Job finish(UUID attempt, Outcome outcome, String failure, String logTail) {
        if (outcome == Outcome.SUCCEEDED && ingest.find(attempt).isEmpty()) {
            throw new ConflictException("runId", "run " + attempt + " is not stored: upload it before finishing");
        }
        String tail = truncate(logTail);
        UUID job = transaction.execute(status -> {
            JobQueue.AttemptRow row = queue.lockAttempt(attempt)
                .orElseThrow(() -> new NotFoundException("no attempt " + attempt));
            boolean running = row.status().equals("running");
            switch (outcome) {
                case SUCCEEDED -> {
                    if (row.jobStatus() != JobStatus.CANCELLED && row.jobStatus() != JobStatus.SUCCEEDED) {
                        queue.endAttempt(attempt, "succeeded", null, tail);
                        queue.cancelOtherAttempts(row.job(), attempt);
                        queue.succeed(row.job(), attempt);
                    }
                    else if (running) {
                        queue.endAttempt(attempt, "cancelled", "the job was " + row.jobStatus().sql(), tail);
                    }
                }
                case FAILED -> {
                    if (running) {
                        String reason = failure == null || failure.isBlank() ? "the runner reported a failure"
                                : failure;
                        queue.endAttempt(attempt, "failed", reason, tail);
                        if (row.jobStatus() == JobStatus.RUNNING) {
                            queue.fail(row.job(), "attempt " + row.number() + " on " + row.runner() + ": " + reason);
                        }
                    }
                }
                case RELEASED -> {
                    if (running) {
                        queue.endAttempt(attempt, "released", failure == null ? "handed back by the runner" : failure,
                                tail);
                        queue.requeueReleased(row.job());
                    }
                }
            }
            return row.job();
        });
        Job result = find(job).orElseThrow();
        log.info("Attempt {} of job {} ended {}: job is {}", attempt, job, outcome, result.status().sql());
        return result;
    }

    /** Puts the jobs of expired leases back in the queue (or fails them); any server instance may call it. */
    public int expireLeases() {
        Integer expired = transaction.execute(status -> {
            List<JobQueue.AttemptRow> rows = queue.lockExpired(100);
            for (JobQueue.AttemptRow row : rows) {
                String reason = "lease of attempt " + row.number() + " on " + row.runner()
                        + " expired without a heartbeat";
                queue.endAttempt(row.id(), "expired", reason, null);
                queue.requeueOrFail(row.job(), reason)
                    .ifPresent(now -> log.warn("Job {}: {}; now {}", row.job(), reason, now.sql()));
            }
            return rows.size();
        });
        return expired == null ? 0 : expired;
    }

    private record Taken(UUID attempt, int number, UUID job) {
    }

    private Attempt attempt(UUID attempt) {
        UUID job = jobOf(attempt);
        return queue.attempts(job).stream().filter(a -> a.id().equals(attempt)).findFirst().orElseThrow();
    }

    private UUID jobOf(UUID attempt) {
        return queue.jobOfAttempt(attempt).orElseThrow(() -> new NotFoundException("no attempt " + attempt));
    }

    private Job existing(UUID id) {
        return queue.find(id).orElseThrow(() -> new NotFoundException("no job " + id));
    }

    // The tail is for reading in the UI; a runner gone wild must not fill the database.
    private static String truncate(String logTail) {
        int max = 64 * 1024;
        return logTail == null || logTail.length() <= max ? logTail : logTail.substring(logTail.length() - max);
    }
}
