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
import dev.perfwatch.ingest.IngestService;
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

    private final GitHistory git;

    private final IngestService ingest;

    Confirmations(PipelineStore store, Jobs jobs, JobsProperties jobsProperties, Alerts alerts,
            PipelineProperties properties, JsonMapper json, GitHistory git, IngestService ingest) {
        this.git = git;
        this.ingest = ingest;
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
                store.reopen(confirmation.id());
                queueRound(store.find(confirmation.id()), confirmation.round() + 1, 1,
                        confirmation.goodSha(), confirmation.badSha());
            }
            else if (added > 0 && confirmation.round() == 0) {
                queueRound(confirmation, 1, 1, confirmation.goodSha(), confirmation.badSha());
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

    /** Queues one round comparing two commits: pairs of jobs, before then after, in the order one runner takes them. */
    private void queueRound(PipelineStore.ConfirmationRow confirmation, int round, int stepRound, String before,
            String after) {
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
        Kind kind = confirmation.phase().equals("bisect") ? Kind.BISECTION : Kind.CONFIRMATION;
        int jobsPerRound = 2 * properties.confirmation().pairs();
        for (int k = 0; k < jobsPerRound; k++) {
            String commit = k % 2 == 0 ? before : after;
            // Jobs made in one transaction share their creation time; the priority keeps them in order.
            JobSpec spec = new JobSpec(base.project(), base.branch(), commit, measured, confirmation.hostClass(),
                    base.jvm(), base.profile(), kind, kind.defaultPriority() - k, null, base.timeoutSeconds());
            Job job = jobs.create(spec, "pipeline");
            store.addJob(confirmation.id(), job.id(), round, commit);
        }
        store.startRound(confirmation.id(), round, stepRound);
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

    /**
     * Decides the confirmation if its round has ended: alerts the series that changed, dismisses those that did
     * not, queues another round while some are unclear and the budget lasts, or bisects the range when the change
     * is confirmed and the nightly covered several commits. Returns whether it decided.
     */
    boolean settle(PipelineStore.ConfirmationRow confirmation) {
        List<PipelineStore.SuspectRow> suspects = store.confirming(confirmation.id());
        List<UUID> runs = store.jobs(confirmation.id()).stream()
            .filter(j -> j.run() != null && j.status().equals("succeeded"))
            .map(PipelineStore.JobRow::run)
            .toList();
        Map<String, List<Double>> forks = new HashMap<>();
        for (PipelineStore.SampleRow row : store.samples(runs)) {
            String key = row.caseId() + "/" + row.metricId() + "/" + row.commit();
            for (double mean : ForkSamples.forkMeans(row.samples())) {
                forks.computeIfAbsent(key, k -> new ArrayList<>()).add(mean);
            }
        }
        return confirmation.phase().equals("bisect") ? bisect(confirmation, suspects, forks, runs)
                : confirm(confirmation, suspects, forks, runs);
    }

    private boolean confirm(PipelineStore.ConfirmationRow confirmation, List<PipelineStore.SuspectRow> suspects,
            Map<String, List<Double>> forks, List<UUID> runs) {
        boolean last = confirmation.stepRound() >= properties.confirmation().maxRounds();
        Map<PipelineStore.SuspectRow, Verdict> verdicts = verdicts(suspects, forks, confirmation.goodSha(),
                confirmation.badSha(), last);
        if (verdicts.values().stream().anyMatch(v -> v.outcome() == Verdict.Outcome.UNCLEAR)) {
            queueRound(confirmation, confirmation.round() + 1, confirmation.stepRound() + 1, confirmation.goodSha(),
                    confirmation.badSha());
            return false;
        }
        Map<PipelineStore.SuspectRow, Verdict> changed = new LinkedHashMap<>();
        verdicts.forEach((suspect, verdict) -> {
            String text = "round " + confirmation.round() + ": " + verdict.text();
            if (verdict.outcome() == Verdict.Outcome.CHANGED) {
                changed.put(suspect, verdict);
                store.confirmed(suspect.id(), confidence(verdict), text);
            }
            else {
                store.decideSuspect(suspect.id(), "dismissed", text);
            }
        });
        if (!changed.isEmpty() && !confirmation.goodSha().equals(confirmation.badParent())) {
            Optional<List<String>> range = range(confirmation);
            if (range.isPresent() && range.get().size() >= 2) {
                List<String> commits = range.get();
                store.bisect(confirmation.id(), commits, 0, commits.size(),
                        "changed; bisecting " + commits.size() + " commits");
                queueRound(store.find(confirmation.id()), confirmation.round() + 1, 1,
                        confirmation.goodSha(), commits.get(commits.size() / 2 - 1));
                return false;
            }
        }
        Map<PipelineStore.SuspectRow, Double> confidences = new LinkedHashMap<>();
        changed.forEach((suspect, verdict) -> confidences.put(suspect, confidence(verdict)));
        finish(confirmation, suspects.size(), confidences, confirmation.bad(), confirmation.good(), runs,
                "round " + confirmation.round() + (last ? ", at the end of the budget" : ""));
        return true;
    }

    /**
     * One bisection step: the commit in the middle of (lo, hi] against commits[lo]. Changed: the culprit is at or
     * before the middle; the same: after it. Unclear at the end of the budget: the middle goes with the end whose
     * level it is nearer.
     */
    private boolean bisect(PipelineStore.ConfirmationRow confirmation, List<PipelineStore.SuspectRow> suspects,
            Map<String, List<Double>> forks, List<UUID> runs) {
        int lo = confirmation.lo();
        int hi = confirmation.hi();
        int mid = (lo + hi) / 2;
        boolean last = confirmation.stepRound() >= properties.confirmation().maxRounds();
        Map<PipelineStore.SuspectRow, Verdict> verdicts = verdicts(suspects, forks, confirmation.at(lo),
                confirmation.at(mid), last);
        if (verdicts.values().stream().anyMatch(v -> v.outcome() == Verdict.Outcome.CHANGED)) {
            hi = mid;
        }
        else if (verdicts.values().stream().allMatch(v -> v.outcome() == Verdict.Outcome.SAME) && !last) {
            lo = mid;
        }
        else if (!last) {
            queueRound(confirmation, confirmation.round() + 1, confirmation.stepRound() + 1, confirmation.at(lo),
                    confirmation.at(mid));
            return false;
        }
        else if (nearerToAfter(suspects.get(0), forks, confirmation.at(lo), confirmation.at(mid),
                confirmation.at(hi))) {
            hi = mid;
        }
        else {
            lo = mid;
        }
        String text = "culprit in " + abbreviate(confirmation.at(lo)) + ".." + abbreviate(confirmation.at(hi));
        if (hi - lo > 1) {
            store.bisect(confirmation.id(), confirmation.commits(), lo, hi, text);
            queueRound(confirmation, confirmation.round() + 1, 1, confirmation.at(lo),
                    confirmation.at((lo + hi) / 2));
            return false;
        }
        store.bisect(confirmation.id(), confirmation.commits(), lo, hi, text);
        // The range's commits get their places on the tracked branch, so the culprit is in branch order (for the
        // alert's summary, and for a later recovery to resolve it).
        ingest.placeCommits(confirmation.project(), confirmation.branch(), confirmation.goodSha(),
                confirmation.commits());
        // Both ends were measured, so perfwatch knows both commits; the range is kept if not.
        long firstBad = store.commitId(confirmation.project(), confirmation.at(hi)).orElse(confirmation.bad());
        long lastGood = store.commitId(confirmation.project(), confirmation.at(lo)).orElse(confirmation.good());
        // The confidence is that of the confirmation of the whole range; the steps only placed the change.
        Map<PipelineStore.SuspectRow, Double> confidences = new LinkedHashMap<>();
        suspects.forEach(s -> confidences.put(s, s.confidence()));
        finish(confirmation, suspects.size(), confidences, firstBad, lastGood, runs, "bisected: " + text);
        return true;
    }

    private Map<PipelineStore.SuspectRow, Verdict> verdicts(List<PipelineStore.SuspectRow> suspects,
            Map<String, List<Double>> forks, String before, String after, boolean last) {
        PipelineProperties.Confirmation budget = properties.confirmation();
        Map<PipelineStore.SuspectRow, Verdict> verdicts = new LinkedHashMap<>();
        for (PipelineStore.SuspectRow suspect : suspects) {
            verdicts.put(suspect, Verdict.of(values(forks, suspect, before), values(forks, suspect, after),
                    suspect.magnitude(), budget.alpha(), budget.budgetAlpha(), last));
        }
        return verdicts;
    }

    private static boolean nearerToAfter(PipelineStore.SuspectRow suspect, Map<String, List<Double>> forks,
            String before, String middle, String after) {
        double mid = mean(values(forks, suspect, middle));
        return Math.abs(mid - mean(values(forks, suspect, after))) < Math.abs(mid - mean(values(forks, suspect,
                before)));
    }

    private static double mean(double[] values) {
        return java.util.Arrays.stream(values).average().orElse(Double.NaN);
    }

    private Optional<List<String>> range(PipelineStore.ConfirmationRow confirmation) {
        String repository = json.readValue(confirmation.spec(), JobSpec.class).suite().repository();
        try {
            return Optional.of(git.between(repository, confirmation.goodSha(), confirmation.badSha()));
        }
        catch (RuntimeException ex) {
            log.warn("Confirmation {}: cannot list the commits between {} and {}, alerting on the range: {}",
                    confirmation.id(), confirmation.goodSha(), confirmation.badSha(), ex.getMessage());
            return Optional.empty();
        }
    }

    /** Alerts the changed series at the culprit (or restores their earlier level) and records the decision. */
    private void finish(PipelineStore.ConfirmationRow confirmation, int suspected,
            Map<PipelineStore.SuspectRow, Double> changed, long firstBad, long lastGood, List<UUID> runs,
            String note) {
        List<AlertCandidate> candidates = new ArrayList<>();
        for (Map.Entry<PipelineStore.SuspectRow, Double> entry : changed.entrySet()) {
            PipelineStore.SuspectRow suspect = entry.getKey();
            if (restores(suspect)) {
                store.decideStatus(suspect.id(), "restored", note);
                continue;
            }
            store.decideStatus(suspect.id(), "alerted", note);
            List<UUID> all = new ArrayList<>(new LinkedHashSet<>(suspect.runs()));
            runs.stream().filter(r -> !all.contains(r)).forEach(all::add);
            candidates.add(new AlertCandidate(suspect.series(), firstBad, lastGood, level(suspect.before()),
                    level(suspect.after()), entry.getValue(), all));
        }
        alerts.raise(candidates);
        String status = runs.isEmpty() ? "failed" : changed.isEmpty() ? "dismissed" : "decided";
        String decision = changed.size() + " of " + suspected + " series changed after " + confirmation.round()
                + (confirmation.round() == 1 ? " round" : " rounds") + " (" + runs.size() + " runs); " + note;
        store.decide(confirmation.id(), status, decision);
        log.info("Confirmation {}: {}", confirmation.id(), decision);
    }

    private static double confidence(Verdict verdict) {
        return verdict.comparison() == null ? 0 : Math.max(0, Math.min(1, 1 - verdict.comparison().p()));
    }

    private static String abbreviate(String sha) {
        return sha.length() > 10 ? sha.substring(0, 10) : sha;
    }

    private static double[] values(Map<String, List<Double>> forks, PipelineStore.SuspectRow suspect, String commit) {
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
