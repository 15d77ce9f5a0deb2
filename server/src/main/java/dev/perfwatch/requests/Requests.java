package dev.perfwatch.requests;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.comparison.Comparisons;
import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.JobSpec;
import dev.perfwatch.jobs.JobStatus;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.jobs.Kind;
import dev.perfwatch.system.ConflictException;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * The entry point of benchmark requests: made through the API or from a pull-request comment, turned into jobs for
 * base and head, interleaved A B A B on every host class and JVM, and cancelled as a whole.
 */
@Service
public class Requests {

    private static final Logger log = LoggerFactory.getLogger(Requests.class);

    private final RequestStore store;

    private final Jobs jobs;

    private final RequestsProperties properties;

    private final TransactionTemplate transaction;

    private final Validator validator;

    private final RequestUpdates updates;

    Requests(RequestStore store, Jobs jobs, RequestsProperties properties, TransactionTemplate transaction,
            Validator validator, RequestUpdates updates) {
        this.store = store;
        this.jobs = jobs;
        this.properties = properties;
        this.transaction = transaction;
        this.validator = validator;
        this.updates = updates;
    }

    /** A request for two commits from the API: checked, then stored with all its jobs in one transaction. */
    public UUID create(RequestSpec spec, String by) {
        validate(spec);
        Suite suite = suite(spec.project());
        int forks = spec.forks() == null ? suite.forks() : spec.forks();
        if (forks < 2 || forks > properties.maxForks()) {
            throw new InvalidInputException("forks", "forks must be between 2 and " + properties.maxForks()
                    + ": a side needs two forks for an interval");
        }
        int budget = spec.maxForks() != null ? spec.maxForks()
                : Math.max(forks, Math.min(properties.maxForks(spec.project()), properties.maxForks()));
        if (budget < forks || budget > properties.maxForks()) {
            throw new InvalidInputException("maxForks", "maxForks must be between forks (" + forks + ") and "
                    + properties.maxForks());
        }
        Comparisons.benchmarks(spec.benchmarks(), "benchmarks");
        StoredRequest request = new StoredRequest(UUID.randomUUID(), spec.project(),
                spec.base().toLowerCase(Locale.ROOT), spec.head().toLowerCase(Locale.ROOT),
                spec.hostClasses() == null ? suite.hostClasses() : List.copyOf(spec.hostClasses()),
                spec.jvms() == null ? suite.jvms() : List.copyOf(spec.jvms()), blankToNull(spec.benchmarks()),
                spec.profile() == null ? suite.profile() : spec.profile(), forks, Status.QUEUED, null, null, null,
                null, null, by, null, 0, null, null, null).withBudget(budget);
        transaction.executeWithoutResult(status -> {
            store.insert(request);
            queueJobs(request, suite.suite());
        });
        log.info("Request {} for {} {}..{} on {} by {}", request.id(), request.project(), request.base(),
                request.head(), request.hostClasses(), by);
        return request.id();
    }

    /** Cancels the request and its unfinished jobs; a finished request is a conflict. */
    public void cancel(UUID id, String by) {
        transaction.executeWithoutResult(status -> {
            StoredRequest request = store.lock(id).orElseThrow(() -> new NotFoundException("no request " + id));
            if (request.status() == Status.CANCELLED) {
                return;
            }
            if (request.status().finished()) {
                throw new ConflictException("status", "request " + id + " has " + request.status().sql()
                        + " already and cannot be cancelled");
            }
            cancelLocked(request, by);
        });
    }

    /** Cancels a request the caller holds the lock of: its jobs, its status, and what GitHub shows. */
    void cancelLocked(StoredRequest request, String by) {
        for (RequestStore.RequestJob job : store.jobs(request.id())) {
            Optional<Job> found = jobs.find(job.job());
            if (found.isPresent() && !found.get().status().finished()) {
                try {
                    jobs.cancel(job.job(), by);
                }
                catch (ConflictException ex) {
                    // Finished between the read and the cancel: its result simply goes unused.
                    log.debug("Job {} of request {} finished before the cancel", job.job(), request.id());
                }
            }
        }
        store.finish(request.id(), Status.CANCELLED, null, "cancelled by " + by);
        updates.cancelled(request, by);
        log.info("Request {} cancelled by {}", request.id(), by);
    }

    /** The jobs, base and head alternating per host class and JVM, so that one host runs them A B A B. */
    void queueJobs(StoredRequest request, JobSpec.Suite suite) {
        queueRound(request, suite, request.forks(), 0);
    }

    /**
     * Queues one round: pairs base, head per host class and JVM, after the jobs already queued.
     *
     * @param pairs forks a side this round adds on each host class and JVM
     * @param position the position of the round's first job among the request's jobs
     */
    void queueRound(StoredRequest request, JobSpec.Suite suite, int pairs, int position) {
        List<String> options = new ArrayList<>(suite.jmhOptions() == null ? List.of() : suite.jmhOptions());
        // One JMH fork per job: the forks of a side are its jobs, interleaved with the other side's. A later round
        // reuses its first job's suite, which has it already.
        if (options.isEmpty() || !options.get(options.size() - 1).equals("-f 1")) {
            options.add("-f 1");
        }
        JobSpec.Suite requestSuite = new JobSpec.Suite(suite.repository(), suite.buildCommand(), suite.moduleDir(),
                suite.jar(), request.benchmarks() == null ? suite.include() : List.of(request.benchmarks()),
                suite.exclude(), options);
        for (String hostClass : request.hostClasses()) {
            for (String jvm : request.jvms()) {
                for (int fork = 0; fork < pairs; fork++) {
                    for (String side : List.of("base", "head")) {
                        JobSpec spec = new JobSpec(request.project(), request.branch(),
                                side.equals("base") ? request.base() : request.head(), requestSuite, hostClass, jvm,
                                request.profile(), Kind.REQUEST, null, null, null);
                        Job job = jobs.create(spec, "request " + request.id());
                        store.addJob(request.id(), job.id(), side, position++);
                    }
                }
            }
        }
    }

    /** How to build and run a project's benchmarks: its configuration, or the suite of its newest job. */
    Suite suite(String project) {
        RequestsProperties.Project configured = properties.projects().get(project);
        if (configured != null && configured.suite() != null) {
            return new Suite(configured.suite(), configured.hostClasses(), configured.jvms(), configured.profile(),
                    configured.forks());
        }
        List<Job> newest = jobs.list(null, project, null, 1);
        if (newest.isEmpty()) {
            throw new NotFoundException("project " + project + " has no suite: configure perfwatch.requests.projects."
                    + project + ".suite, or queue a job for it first");
        }
        Job job = newest.get(0);
        List<String> include = job.suite().include();
        return new Suite(new JobSpec.Suite(job.suite().repository(), job.suite().buildCommand(),
                job.suite().moduleDir(), job.suite().jar(), include, job.suite().exclude(),
                job.suite().jmhOptions()), configured == null ? List.of(job.hostClass())
                        : configured.hostClasses(), List.of(job.jvm()), dev.perfwatch.jobs.Profile.QUICK, 3);
    }

    private void validate(RequestSpec spec) {
        Set<ConstraintViolation<RequestSpec>> violations = validator.validate(spec);
        violations.stream().min(Comparator.comparing(v -> v.getPropertyPath().toString())).ifPresent(v -> {
            String field = v.getPropertyPath().toString().replaceAll("\\.<list element>|<list element>", "");
            throw new InvalidInputException(field, field + " " + v.getMessage());
        });
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    /** What a request runs when it does not say. */
    record Suite(JobSpec.Suite suite, List<String> hostClasses, List<String> jvms,
            dev.perfwatch.jobs.Profile profile, int forks) {
    }

    static boolean allFinished(List<Job> jobs) {
        return jobs.stream().allMatch(job -> job.status().finished());
    }

    static boolean anyStarted(List<Job> jobs) {
        return jobs.stream().anyMatch(job -> job.status() != JobStatus.QUEUED);
    }
}
