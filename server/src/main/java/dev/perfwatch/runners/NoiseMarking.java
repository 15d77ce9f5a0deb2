package dev.perfwatch.runners;

import java.util.List;
import java.util.OptionalDouble;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.ingest.RunIngested;
import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.JobSpec;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.jobs.Kind;

/**
 * Judges the host of every run that carries a host check, inside the run's own transaction: the verdict commits
 * with the run, before detection can read it, so a noisy run never slips into a baseline. A noisy nightly run
 * queues a re-run of its commit, at most {@code perfwatch.runners.noise.max-reruns} per commit.
 */
@Component
class NoiseMarking {

    static final String RERUN_CREATOR = "perfwatch: re-run of a noisy run";

    private static final Logger log = LoggerFactory.getLogger(NoiseMarking.class);

    private final HostCheckStore store;

    private final RunnerHealth health;

    private final Jobs jobs;

    private final JsonMapper json;

    private final RunnersProperties properties;

    private final NoiseRules rules;

    /** A savepoint: judging may fail without failing the ingest, which must never lose an accepted run. */
    private final TransactionTemplate savepoint;

    NoiseMarking(HostCheckStore store, RunnerHealth health, Jobs jobs, JsonMapper json, RunnersProperties properties,
            PlatformTransactionManager transactions) {
        this.savepoint = new TransactionTemplate(transactions);
        this.savepoint.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
        this.store = store;
        this.health = health;
        this.jobs = jobs;
        this.json = json;
        this.properties = properties;
        this.rules = new NoiseRules(properties.noise());
    }

    /** What the runner uploads as {@code metadata.hostCheck}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Uploaded(String workload, ReferenceCheck before, ReferenceCheck after) {
    }

    @EventListener
    void runIngested(RunIngested event) {
        if (!event.hostCheck()) {
            return; // nothing to judge: no savepoint and no read-back (three round trips of every import's run)
        }
        try {
            savepoint.executeWithoutResult(status -> store.run(event.run()).ifPresent(this::judge));
        }
        catch (RuntimeException ex) {
            log.warn("run {}: host not judged: {}", event.run(), ex.toString());
        }
    }

    private void judge(HostCheckStore.RunContext run) {
        Uploaded uploaded;
        try {
            uploaded = json.readValue(run.hostCheck(), Uploaded.class);
        }
        catch (JacksonException ex) {
            // The run is stored; an unreadable host check only means its host is not judged.
            log.warn("run {}: host check not readable, not judged: {}", run.run(), ex.getOriginalMessage());
            return;
        }
        String workload = uploaded.workload() == null || uploaded.workload().isBlank() ? "reference-1"
                : uploaded.workload();
        RunnersProperties.Noise noise = properties.noise();
        OptionalDouble baseline = store.baseline(run.runner(), workload, noise);
        List<String> reasons = rules.reasons(uploaded.before(), uploaded.after(), baseline);
        boolean noisy = !reasons.isEmpty();
        String reason = noisy ? String.join("; ", reasons) : null;
        ObjectNode stored = (ObjectNode) json.readTree(run.hostCheck());
        baseline.ifPresent(value -> stored.put("baselineNanos", Math.round(value)));
        stored.put("noisy", noisy);
        stored.put("reason", reason);
        store.insertRunNoise(run.run(), run.runner(), noisy, reason, stored.toString());
        if (run.runner() != null) {
            record(run, "before", workload, uploaded.before(), baseline);
            record(run, "after", workload, uploaded.after(), baseline);
        }
        if (noisy) {
            log.info("run {}: noisy host: {}", run.run(), reason);
            rerun(run);
        }
        if (run.runner() != null) {
            health.judge(run.runner());
        }
    }

    private void record(HostCheckStore.RunContext run, String moment, String workload, ReferenceCheck check,
            OptionalDouble baseline) {
        if (check != null && check.measured()) {
            store.insertCheck(run.runner(), run.run(), moment, workload, check, rules.inLine(check, baseline));
        }
    }

    /** Nightly runs only: a request or a confirmation decides its own repetitions. */
    private void rerun(HostCheckStore.RunContext run) {
        if (run.job() == null || !"nightly".equals(run.jobKind()) || properties.noise().maxReruns() == 0) {
            return;
        }
        Job job = jobs.find(run.job()).orElse(null);
        if (job == null || store.reruns(job.project(), job.commit(), job.hostClass(), job.jvm()) >= properties
            .noise()
            .maxReruns()) {
            return;
        }
        Job rerun = jobs.create(new JobSpec(job.project(), job.branch(), job.commit(), job.suite(), job.hostClass(),
                job.jvm(), job.profile(), Kind.NIGHTLY, null, job.maxAttempts(), job.timeoutSeconds()), RERUN_CREATOR);
        store.rerunQueued(run.run(), rerun.id());
        log.info("run {}: queued re-run {} of {} {}", run.run(), rerun.id(), job.project(), job.commit());
    }
}
