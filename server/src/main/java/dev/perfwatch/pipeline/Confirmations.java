package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Service;

import dev.perfwatch.alerts.AlertCandidate;
import dev.perfwatch.alerts.Alerts;
import dev.perfwatch.detection.ChangePoint;
import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.JobSpec;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.jobs.JobsProperties;
import dev.perfwatch.jobs.Kind;

/**
 * Confirms suspected changes before anyone is alerted: re-runs the bad commit and the last good one on the same host
 * class through the job queue, interleaved good, bad, good, bad, and decides per series from the fork means of both
 * (see {@link Verdict}). One confirmation per project, bad commit and host class covers every series suspected there.
 * Methods run in the caller's transaction. See docs/pipeline.md.
 */
@Service
class Confirmations {

    private static final Logger log = LoggerFactory.getLogger(Confirmations.class);

    private final PipelineStore store;

    private final Jobs jobs;

    private final JobsProperties jobsProperties;

    private final Alerts alerts;

    private final PipelineProperties properties;

    private final JsonMapper json;

    Confirmations(PipelineStore store, Jobs jobs, JobsProperties jobsProperties, Alerts alerts,
            PipelineProperties properties, JsonMapper json) {
        this.store = store;
        this.jobs = jobs;
        this.jobsProperties = jobsProperties;
        this.alerts = alerts;
        this.properties = properties;
        this.json = json;
    }

    /** A change point the pipeline has not seen on the series before. */
    record NewSuspect(PipelineStore.SeriesRow series, long firstBad, long lastGood, ChangePoint change,
            List<UUID> runs, List<UUID> runsAtBad) {

        PipelineStore.Level before() {
            return new PipelineStore.Level(change.before().value(), change.before().lower(), change.before().upper(),
                    change.before().points());
        }

        PipelineStore.Level after() {
            return new PipelineStore.Level(change.after().value(), change.after().lower(), change.after().upper(),
                    change.after().points());
        }

        String direction() {
            return change.direction().word();
        }
    }

    void noteHistorical(NewSuspect suspect) {
        insert(suspect, "historical", null);
    }

    /** Starts (or joins) the confirmation of each bad commit among the suspects of one run. */
    void suspect(PipelineStore.RunRow run, List<NewSuspect> suspects) {
        Map<Long, List<NewSuspect>> byCommit = new LinkedHashMap<>();
        suspects.forEach(s -> byCommit.computeIfAbsent(s.firstBad(), c -> new ArrayList<>()).add(s));
        for (List<NewSuspect> group : byCommit.values()) {
            NewSuspect first = group.get(0);
            Optional<JobSpec> spec = properties.confirmation().enabled() ? spec(run, group) : Optional.empty();
            if (spec.isEmpty()) {
                alertUnconfirmed(group, properties.confirmation().enabled()
                        ? "not confirmed: no repository to re-run the commits from" : "not confirmed: confirmation is off");
                continue;
            }
            PipelineStore.ConfirmationRow confirmation = store.confirmation(run.project(), run.branch(),
                    run.hostClass(), first.firstBad(), first.lastGood(), json.writeValueAsString(spec.get()));
            int added = 0;
            for (NewSuspect suspect : group) {
                added += insert(suspect, "confirming", confirmation.id()).isPresent() ? 1 : 0;
            }
            // A running confirmation measures the new series in its next round; a finished one is taken up again.
            if (added > 0 && !confirmation.status().equals("running")) {
                queueRound(confirmation, confirmation.round() + 1);
            }
            else if (added > 0 && confirmation.round() == 0) {
                queueRound(confirmation, 1);
            }
        }
    }

    private Optional<Long> insert(NewSuspect suspect, String status, Long confirmation) {
        return store.insertSuspect(suspect.series().id(), suspect.firstBad(), suspect.lastGood(), suspect.direction(),
                suspect.change().magnitude(), suspect.change().confidence(), suspect.before(), suspect.after(),
                suspect.runs(), status, confirmation);
    }

    /** Without a way to re-run the commits, the detector's word is all there is: alert on it, and say so. */
    private void alertUnconfirmed(List<NewSuspect> group, String verdict) {
        List<AlertCandidate> candidates = new ArrayList<>();
        for (NewSuspect suspect : group) {
            Optional<Long> id = insert(suspect, "confirming", null);
            if (id.isEmpty()) {
                continue;
            }
            PipelineStore.SuspectRow row = new PipelineStore.SuspectRow(id.get(), suspect.series().id(),
                    suspect.firstBad(), suspect.lastGood(), suspect.direction(), suspect.change().magnitude(),
                    suspect.change().confidence(), suspect.before(), suspect.after(), suspect.runs(), "confirming", 0,
                    0, suspect.series().benchmark());
            if (restores(row)) {
                store.decideSuspect(row.id(), "restored", verdict);
            }
            else {
                store.decideSuspect(row.id(), "alerted", verdict);
                candidates.add(candidate(row, suspect.change().confidence(), List.of()));
            }
        }
        alerts.raise(candidates);
    }

    /**
     * The suite to re-run: that of the job that measured the bad commit, else the project's nightly schedule,
     * else the project's repository with the default suite settings.
     */
    private Optional<JobSpec> spec(PipelineStore.RunRow run, List<NewSuspect> group) {
        List<UUID> runs = new ArrayList<>(List.of(run.id()));
        group.forEach(s -> runs.addAll(s.runsAtBad()));
        Optional<Job> job = store.jobOfRuns(runs).flatMap(jobs::find);
        if (job.isPresent()) {
            Job j = job.get();
            return Optional.of(new JobSpec(run.projectName(), properties.confirmation().branch(), j.commit(),
                    j.suite(), run.hostClass(), j.jvm(), j.profile(), Kind.CONFIRMATION, null, null,
                    j.timeoutSeconds()));
        }
        Optional<JobsProperties.Nightly> nightly = jobsProperties.nightly().stream()
            .filter(n -> n.project().equals(run.projectName()) && n.branch().equals(run.branchName()))
            .findFirst();
        if (nightly.isPresent()) {
            JobsProperties.Nightly n = nightly.get();
            return Optional.of(new JobSpec(run.projectName(), properties.confirmation().branch(), "0000000",
                    n.suite(), run.hostClass(), n.jvm(), n.profile(), Kind.CONFIRMATION, null, null, null));
        }
        if (run.repository() != null && !run.repository().isBlank()) {
            return Optional.of(new JobSpec(run.projectName(), properties.confirmation().branch(), "0000000",
                    JobSpec.Suite.of(run.repository()), run.hostClass(), null, null, Kind.CONFIRMATION, null, null,
                    null));
        }
        return Optional.empty();
    }

    /** Queues one round: pairs of jobs, good then bad, in the order one runner takes them. */
    private void queueRound(PipelineStore.ConfirmationRow confirmation, int round) {
        JobSpec base = json.readValue(confirmation.spec(), JobSpec.class);
        List<String> benchmarks = store.confirming(confirmation.id()).stream()
            .map(PipelineStore.SuspectRow::benchmark)
            .distinct()
            .sorted()
            .map(name -> "^" + name.replace(".", "\\.").replace("$", "\\$") + "$")
            .toList();
        JobSpec.Suite suite = base.suite();
        JobSpec.Suite measured = new JobSpec.Suite(suite.repository(), suite.buildCommand(), suite.moduleDir(),
                suite.jar(), benchmarks.size() <= 100 ? benchmarks : List.of(), suite.exclude(),
                forks(suite.jmhOptions(), properties.confirmation().forks()));
        String good = store.sha(confirmation.good()).orElseThrow();
        String bad = store.sha(confirmation.bad()).orElseThrow();
        int jobsPerRound = 2 * properties.confirmation().pairs();
        for (int k = 0; k < jobsPerRound; k++) {
            boolean isGood = k % 2 == 0;
            // Jobs made in one transaction share their creation time; the priority keeps them in order.
            JobSpec spec = new JobSpec(base.project(), base.branch(), isGood ? good : bad, measured,
                    confirmation.hostClass(), base.jvm(), base.profile(), Kind.CONFIRMATION,
                    Kind.CONFIRMATION.defaultPriority() - k, null, base.timeoutSeconds());
            Job job = jobs.create(spec, "pipeline");
            store.addJob(confirmation.id(), job.id(), round, isGood ? confirmation.good() : confirmation.bad());
        }
        store.startRound(confirmation.id(), round);
        log.info("Confirmation {}: round {} queued, {} jobs of {} forks on {} ({} vs {})", confirmation.id(), round,
                jobsPerRound, properties.confirmation().forks(), confirmation.hostClass(), good, bad);
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

    /**
     * Decides the confirmation if its round has ended: alerts the series that changed, dismisses those that did
     * not, or queues another round while some are unclear and the budget lasts. Returns whether it decided.
     */
    boolean settle(PipelineStore.ConfirmationRow confirmation) {
        List<PipelineStore.SuspectRow> suspects = store.confirming(confirmation.id());
        List<PipelineStore.JobRow> jobRows = store.jobs(confirmation.id());
        List<UUID> runs = jobRows.stream().filter(j -> j.run() != null && j.status().equals("succeeded"))
            .map(PipelineStore.JobRow::run).toList();
        Map<String, List<Double>> forks = new HashMap<>();
        for (PipelineStore.SampleRow row : store.samples(runs)) {
            String key = row.caseId() + "/" + row.metricId() + "/" + row.commit();
            for (double mean : ForkSamples.forkMeans(row.samples())) {
                forks.computeIfAbsent(key, k -> new ArrayList<>()).add(mean);
            }
        }
        PipelineProperties.Confirmation budget = properties.confirmation();
        boolean last = confirmation.round() >= budget.maxRounds();
        Map<PipelineStore.SuspectRow, Verdict> verdicts = new LinkedHashMap<>();
        for (PipelineStore.SuspectRow suspect : suspects) {
            double[] good = values(forks, suspect, confirmation.good());
            double[] bad = values(forks, suspect, confirmation.bad());
            verdicts.put(suspect, Verdict.of(good, bad, suspect.magnitude(), budget.alpha(), budget.budgetAlpha(),
                    last));
        }
        if (verdicts.values().stream().anyMatch(v -> v.outcome() == Verdict.Outcome.UNCLEAR)) {
            queueRound(confirmation, confirmation.round() + 1);
            return false;
        }
        List<AlertCandidate> candidates = new ArrayList<>();
        int changed = 0;
        for (Map.Entry<PipelineStore.SuspectRow, Verdict> entry : verdicts.entrySet()) {
            PipelineStore.SuspectRow suspect = entry.getKey();
            Verdict verdict = entry.getValue();
            String text = "round " + confirmation.round() + ": " + verdict.text();
            if (verdict.outcome() != Verdict.Outcome.CHANGED) {
                store.decideSuspect(suspect.id(), "dismissed", text);
                continue;
            }
            changed++;
            if (restores(suspect)) {
                store.decideSuspect(suspect.id(), "restored", text);
                continue;
            }
            store.decideSuspect(suspect.id(), "alerted", text);
            List<UUID> all = new ArrayList<>(new LinkedHashSet<>(suspect.runs()));
            runs.stream().filter(r -> !all.contains(r)).forEach(all::add);
            candidates.add(candidate(suspect, Math.max(0, Math.min(1, 1 - verdict.comparison().p())), all));
        }
        alerts.raise(candidates);
        String status = runs.isEmpty() ? "failed" : changed > 0 ? "decided" : "dismissed";
        String decision = changed + " of " + suspects.size() + " series changed after " + confirmation.round()
                + (confirmation.round() == 1 ? " round" : " rounds") + " (" + runs.size() + " runs)"
                + (last ? ", at the end of the budget" : "");
        store.decide(confirmation.id(), status, decision);
        log.info("Confirmation {}: {}", confirmation.id(), decision);
        return true;
    }

    private static double[] values(Map<String, List<Double>> forks, PipelineStore.SuspectRow suspect, long commit) {
        return forks.getOrDefault(suspect.caseId() + "/" + suspect.metricId() + "/" + commit, List.of()).stream()
            .mapToDouble(Double::doubleValue)
            .toArray();
    }

    /**
     * Whether the change brings back the level an alerted change of the series left: the opposite direction, and
     * ending within half of that change of the level before it. Then the alert is resolved, not answered by another.
     */
    private boolean restores(PipelineStore.SuspectRow suspect) {
        for (PipelineStore.SuspectRow earlier : store.alerted(suspect.series())) {
            if (earlier.firstBad() == suspect.firstBad() || earlier.direction().equals(suspect.direction())) {
                continue;
            }
            double step = Math.abs(earlier.after().value() - earlier.before().value());
            double left = Math.abs(suspect.after().value() - earlier.before().value());
            if (step > 0 && left <= step / 2) {
                alerts.levelRestored(suspect.series(), suspect.firstBad());
                return true;
            }
        }
        return false;
    }

    private static AlertCandidate candidate(PipelineStore.SuspectRow suspect, double confidence, List<UUID> runs) {
        return new AlertCandidate(suspect.series(), suspect.firstBad(), suspect.lastGood(), level(suspect.before()),
                level(suspect.after()), confidence, runs);
    }

    private static AlertCandidate.Level level(PipelineStore.Level level) {
        return new AlertCandidate.Level(level.value(), level.lower(), level.upper(), level.points());
    }
}
