package dev.perfwatch.jobs;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.support.CronExpression;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Queues the nightly jobs: when a schedule's cron time has passed, the branch head (read with git ls-remote) on
 * every host class, unless that commit is queued, running or benchmarked already. Several server instances may
 * fire the same schedule; an advisory lock and the "already benchmarked" check make the second one a no-op.
 * {@link #tick} and {@link #schedule} take the time and the schedule as arguments, so tests call them directly.
 */
@Component
class NightlySchedule {

    private static final Logger log = LoggerFactory.getLogger(NightlySchedule.class);

    private final JobsProperties properties;

    private final Jobs jobs;

    private final JobQueue queue;

    private final GitRemote git;

    private final TransactionTemplate transaction;

    private final Map<JobsProperties.Nightly, CronExpression> crons = new LinkedHashMap<>();

    private Instant lastTick = Instant.now();

    NightlySchedule(JobsProperties properties, Jobs jobs, JobQueue queue, GitRemote git,
            TransactionTemplate transaction) {
        this.properties = properties;
        this.jobs = jobs;
        this.queue = queue;
        this.git = git;
        this.transaction = transaction;
        for (JobsProperties.Nightly nightly : properties.nightly()) {
            crons.put(nightly, cron(nightly.cron()));
        }
    }

    @Scheduled(fixedDelayString = "${perfwatch.jobs.nightly-check-interval:60s}")
    void scheduled() {
        try {
            tick(Instant.now());
        }
        catch (RuntimeException ex) {
            log.warn("Nightly scheduling failed: {}", ex.toString());
        }
    }

    /** Runs every schedule whose cron time fell after the previous tick and not after now. */
    synchronized List<Job> tick(Instant now) {
        List<Job> created = new ArrayList<>();
        for (Map.Entry<JobsProperties.Nightly, CronExpression> entry : crons.entrySet()) {
            if (due(entry.getValue(), lastTick, now)) {
                try {
                    created.addAll(schedule(entry.getKey()));
                }
                catch (RuntimeException ex) {
                    log.warn("Nightly schedule of {} {} failed: {}", entry.getKey().project(),
                            entry.getKey().branch(), ex.getMessage());
                }
            }
        }
        lastTick = now;
        return created;
    }

    /** Whether a cron time lies in (last, now]. UTC, so that a schedule means the same on every instance. */
    static boolean due(CronExpression cron, Instant last, Instant now) {
        ZonedDateTime next = cron.next(last.atZone(ZoneOffset.UTC));
        return next != null && !next.toInstant().isAfter(now);
    }

    /** Queues the branch head of the schedule on its host classes; returns the jobs it created. */
    List<Job> schedule(JobsProperties.Nightly nightly) {
        Optional<String> head = git.head(nightly.suite().repository(), nightly.branch());
        if (head.isEmpty()) {
            log.warn("Nightly {}: {} has no branch {}", nightly.project(), nightly.suite().repository(),
                    nightly.branch());
            return List.of();
        }
        String sha = head.get();
        List<String> hostClasses = nightly.hostClasses().isEmpty() ? queue.runnerHostClasses()
                : nightly.hostClasses();
        List<Job> created = transaction.execute(status -> {
            queue.lockNightly();
            List<Job> made = new ArrayList<>();
            for (String hostClass : hostClasses) {
                if (!queue.benchmarked(nightly.project(), sha, hostClass, nightly.jvm())) {
                    JobSpec spec = new JobSpec(nightly.project(), nightly.branch(), sha, nightly.suite(), hostClass,
                            nightly.jvm(), nightly.profile(), Kind.NIGHTLY, null, null, null);
                    made.add(jobs.create(spec, "nightly"));
                }
            }
            return made;
        });
        log.info("Nightly {} {} at {}: {} job(s) queued on {}", nightly.project(), nightly.branch(), sha,
                created.size(), hostClasses);
        return created;
    }

    /** Spring's cron has a seconds field; the usual five-field form gets second 0. */
    static CronExpression cron(String expression) {
        String trimmed = expression.strip();
        return CronExpression.parse(trimmed.split("\\s+").length == 5 ? "0 " + trimmed : trimmed);
    }
}
