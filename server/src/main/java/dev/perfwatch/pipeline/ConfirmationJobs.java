package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Component;

import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.JobSpec;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.jobs.JobsProperties;
import dev.perfwatch.jobs.Kind;

/**
 * The jobs of confirmations and bisection steps: which suite to re-run, and a round of jobs comparing two commits,
 * interleaved, in the order one runner takes them.
 */
@Component
class ConfirmationJobs {

    private static final Logger log = LoggerFactory.getLogger(ConfirmationJobs.class);

    private final SuspectStore suspectStore;

    private final ConfirmationStore confirmationStore;

    private final Jobs jobs;

    private final JobsProperties jobsProperties;

    private final PipelineProperties properties;

    private final JsonMapper json;

    ConfirmationJobs(SuspectStore suspectStore, ConfirmationStore confirmationStore, Jobs jobs, JobsProperties jobsProperties, PipelineProperties properties,
            JsonMapper json) {
        this.suspectStore = suspectStore;
        this.confirmationStore = confirmationStore;
        this.jobs = jobs;
        this.jobsProperties = jobsProperties;
        this.properties = properties;
        this.json = json;
    }

    /**
     * The suite to re-run: that of the job that measured the bad commit (one of {@code runs}), else the project's
     * nightly schedule, else the project's repository with the default suite settings; empty without a repository.
     */
    Optional<JobSpec> spec(PipelineStore.RunRow run, List<UUID> runs) {
        String branch = properties.confirmation().branch();
        Optional<Job> job = confirmationStore.jobOfRuns(runs).flatMap(jobs::find);
        if (job.isPresent()) {
            Job j = job.get();
            return Optional.of(new JobSpec(run.projectName(), branch, j.commit(), j.suite(), run.hostClass(), j.jvm(),
                    j.profile(), Kind.CONFIRMATION, null, null, j.timeoutSeconds()));
        }
        Optional<JobsProperties.Nightly> nightly = jobsProperties.nightly().stream()
            .filter(n -> n.project().equals(run.projectName()) && n.branch().equals(run.branchName()))
            .findFirst();
        if (nightly.isPresent()) {
            JobsProperties.Nightly n = nightly.get();
            return Optional.of(new JobSpec(run.projectName(), branch, "0000000", n.suite(), run.hostClass(), n.jvm(),
                    n.profile(), Kind.CONFIRMATION, null, null, null));
        }
        if (run.repository() != null && !run.repository().isBlank()) {
            return Optional.of(new JobSpec(run.projectName(), branch, "0000000", JobSpec.Suite.of(run.repository()),
                    run.hostClass(), null, null, Kind.CONFIRMATION, null, null, null));
        }
        return Optional.empty();
    }

    String repository(ConfirmationStore.ConfirmationRow confirmation) {
        return json.readValue(confirmation.spec(), JobSpec.class).suite().repository();
    }

    /** Queues one round comparing two commits: pairs of jobs, before then after, of the suspected benchmarks. */
    void queueRound(ConfirmationStore.ConfirmationRow confirmation, int round, int stepRound, String before,
            String after) {
        JobSpec base = json.readValue(confirmation.spec(), JobSpec.class);
        List<String> benchmarks = suspectStore.confirming(confirmation.id()).stream()
            .map(SuspectStore.SuspectRow::benchmark)
            .distinct()
            .sorted()
            .map(name -> "^" + name.replace(".", "\\.").replace("$", "\\$") + "$")
            .toList();
        JobSpec.Suite suite = base.suite();
        JobSpec.Suite measured = new JobSpec.Suite(suite.repository(), suite.buildCommand(), suite.moduleDir(),
                suite.jar(), benchmarks.size() <= 100 ? benchmarks : List.of(), suite.exclude(),
                forks(suite.jmhOptions(), properties.confirmation().forks()));
        Kind kind = confirmation.phase().equals("bisect") ? Kind.BISECTION : Kind.CONFIRMATION;
        int jobsPerRound = 2 * properties.confirmation().pairs();
        for (int k = 0; k < jobsPerRound; k++) {
            String commit = k % 2 == 0 ? before : after;
            // Jobs made in one transaction share their creation time; the priority keeps them in order.
            JobSpec spec = new JobSpec(base.project(), base.branch(), commit, measured, confirmation.hostClass(),
                    base.jvm(), base.profile(), kind, kind.defaultPriority() - k, null, base.timeoutSeconds());
            Job job = jobs.create(spec, "pipeline");
            confirmationStore.addJob(confirmation.id(), job.id(), round, commit);
        }
        confirmationStore.startRound(confirmation.id(), round, stepRound);
        log.info("Confirmation {}: round {} queued, {} {} jobs of {} forks on {} ({} vs {})", confirmation.id(), round,
                jobsPerRound, kind.name().toLowerCase(java.util.Locale.ROOT), properties.confirmation().forks(),
                confirmation.hostClass(), before, after);
    }

    /** The suite's JMH options with the fork count replaced. */
    static List<String> forks(List<String> options, int forks) {
        List<String> tokens = new ArrayList<>();
        if (options != null) {
            options.forEach(o -> tokens.addAll(List.of(o.strip().split("\\s+"))));
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token.equals("-f")) {
                i++;
            }
            else if (!token.isEmpty() && !token.matches("-f\\d+")) {
                out.add(token);
            }
        }
        out.add("-f");
        out.add(Integer.toString(forks));
        return out;
    }
}
