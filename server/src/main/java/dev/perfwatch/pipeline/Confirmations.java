package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Service;

import dev.perfwatch.detection.ChangePoint;
import dev.perfwatch.jobs.JobSpec;

/**
 * Confirms suspected changes before anyone is alerted: re-runs the bad commit and the last good one on the same host
 * class through the job queue, interleaved good, bad, good, bad, and decides per series from the fork means of both
 * (see {@link Verdict}). One confirmation per project, bad commit and host class covers every series suspected there.
 * Methods run in the caller's transaction. See docs/pipeline.md.
 */
@Service
class Confirmations {

    private final SuspectStore suspectStore;

    private final ConfirmationStore confirmationStore;

    private final ConfirmationJobs rounds;

    private final ChangeAlerts outcomes;

    private final Bisection bisection;

    private final PipelineProperties properties;

    private final JsonMapper json;

    Confirmations(SuspectStore suspectStore, ConfirmationStore confirmationStore, ConfirmationJobs rounds, ChangeAlerts outcomes, Bisection bisection,
            PipelineProperties properties, JsonMapper json) {
        this.suspectStore = suspectStore;
        this.confirmationStore = confirmationStore;
        this.rounds = rounds;
        this.outcomes = outcomes;
        this.bisection = bisection;
        this.properties = properties;
        this.json = json;
    }

    /**
     * A change point the pipeline has not seen on the series before.
     *
     * @param needsRuns found on a history too short for the detector's test, with a new level of fewer than 3 commits
     *     whose levels do not repeat exactly (Detector.standsUnconfirmed): only re-runs can decide it, so without
     *     runners it is not alerted (nor stored: it is asked again the next night, and stands with a third commit at
     *     its level). An exactly repeated allocation step, or a level that held 3 commits, is alerted unconfirmed,
     *     as any change is where no runner can re-run it, its reason saying what it rests on
     * @param shortHistory found on a history too short for the detector's test (a request for re-runs); its reason
     *     says what it rests on
     * @param late commits from its commit to the newest one when it was found late; 0 for news. Only re-runs make
     *     a late change news: without them it is historical, never an unconfirmed alert
     * @param reason why it is a change found late, when the tracker says (a mode change whose level held); else empty
     */
    record NewSuspect(PipelineStore.SeriesRow series, long firstBad, long lastGood, ChangePoint change,
            List<UUID> runs, List<UUID> runsAtBad, boolean needsRuns, boolean shortHistory, int late, String reason) {

        SuspectStore.Level before() {
            return new SuspectStore.Level(change.before().value(), change.before().lower(), change.before().upper(),
                    change.before().points());
        }

        SuspectStore.Level after() {
            return new SuspectStore.Level(change.after().value(), change.after().lower(), change.after().upper(),
                    change.after().points());
        }
    }

    /** A change found too deep in the history to notify anyone; its reason, when not empty, says why it is one. */
    void noteHistorical(NewSuspect suspect) {
        Optional<Long> id = insert(suspect, "historical", null);
        if (!suspect.reason().isEmpty()) {
            id.ifPresent(stored -> suspectStore.decideSuspect(stored, "historical", suspect.reason()));
        }
    }

    /** A switch back to a level the series keeps visiting: shown as a mode change, never confirmed or alerted. */
    void noteModeChange(NewSuspect suspect, String reason) {
        suspectStore.insertSuspect(suspect.series().id(), suspect.firstBad(), suspect.lastGood(), "mode-change",
                suspect.change().magnitude(), suspect.change().confidence(), suspect.before(), suspect.after(),
                suspect.runs(), "dismissed", null).ifPresent(id -> suspectStore.decideSuspect(id, "dismissed", reason));
    }

    /** An alerted change whose level did not hold: transient, and its alert closed saying so. */
    void lapsed(SuspectStore.SuspectRow suspect, String reason) {
        suspectStore.decideStatus(suspect.id(), "transient", reason);
        outcomes.lapsed(suspect, reason);
    }

    /** Starts (or joins) the confirmation of each bad commit among the suspects of one run. */
    void suspect(PipelineStore.RunRow run, List<NewSuspect> suspects) {
        Map<Long, List<NewSuspect>> byCommit = new LinkedHashMap<>();
        suspects.forEach(s -> byCommit.computeIfAbsent(s.firstBad(), c -> new ArrayList<>()).add(s));
        for (List<NewSuspect> group : byCommit.values()) {
            NewSuspect first = group.get(0);
            List<UUID> runs = new ArrayList<>(List.of(run.id()));
            group.forEach(s -> runs.addAll(s.runsAtBad()));
            // No job is ever queued for a host class no runner serves: it would wait for ever (an imported history
            // measured elsewhere). Then, as without a repository, the detector's word is all there is.
            boolean served = confirmationStore.served(run.hostClass());
            Optional<JobSpec> spec = properties.confirmation().enabled() && served ? rounds.spec(run, runs)
                    : Optional.empty();
            if (spec.isEmpty()) {
                String verdict = !properties.confirmation().enabled() ? "not confirmed: confirmation is off"
                        : !served ? "not confirmed: no runner serves host class " + run.hostClass()
                        : "not confirmed: no repository to re-run the commits from";
                Map<SuspectStore.SuspectRow, String> rows = new LinkedHashMap<>();
                group.stream().filter(s -> s.late() > 0).forEach(this::noteHistorical);
                group.stream()
                    .filter(s -> !s.needsRuns() && s.late() == 0)
                    .forEach(s -> insert(s, "confirming", null).ifPresent(id -> rows.put(row(id, s),
                            s.shortHistory() ? verdict + "; " + s.reason() : verdict)));
                outcomes.unconfirmed(rows);
                continue;
            }
            ConfirmationStore.ConfirmationRow confirmation = confirmationStore.confirmation(run.project(), run.branch(),
                    run.hostClass(), first.firstBad(), first.lastGood(), json.writeValueAsString(spec.get()));
            int added = 0;
            for (NewSuspect suspect : group) {
                Optional<Long> id = insert(suspect, "confirming", confirmation.id());
                added += id.isPresent() ? 1 : 0;
                // kept ahead of the verdict (SuspectStore.confirmed): a late alert says how late it was found
                id.filter(i -> suspect.late() > 0).ifPresent(i -> suspectStore.decideStatus(i, "confirming",
                        dev.perfwatch.detection.Replay.foundLate(suspect.late())
                                + (suspect.reason().isEmpty() ? "" : "; " + suspect.reason())));
            }
            // A running confirmation measures the new series in its next round; a finished one is taken up again.
            if (added > 0 && !confirmation.status().equals("running")) {
                confirmationStore.reopen(confirmation.id());
                rounds.queueRound(confirmationStore.find(confirmation.id()), confirmation.round() + 1, 1,
                        confirmation.goodSha(), confirmation.badSha());
            }
            else if (added > 0 && confirmation.round() == 0) {
                rounds.queueRound(confirmation, 1, 1, confirmation.goodSha(), confirmation.badSha());
            }
        }
    }

    private Optional<Long> insert(NewSuspect suspect, String status, Long confirmation) {
        return suspectStore.insertSuspect(suspect.series().id(), suspect.firstBad(), suspect.lastGood(),
                suspect.change().direction().word(), suspect.change().magnitude(), suspect.change().confidence(),
                suspect.before(), suspect.after(), suspect.runs(), status, confirmation);
    }

    private static SuspectStore.SuspectRow row(long id, NewSuspect s) {
        return new SuspectStore.SuspectRow(id, s.series().id(), s.firstBad(), s.lastGood(),
                s.change().direction().word(), s.change().magnitude(), s.change().confidence(), s.before(), s.after(),
                s.runs(), "confirming", 0, 0, s.series().benchmark(), s.series().metric(), "", false);
    }

    /**
     * Decides the confirmation if its round has ended: alerts the series that changed, dismisses those that did
     * not, queues another round while some are unclear and the budget lasts, or bisects the range when the change
     * is confirmed and the nightly covered several commits. Returns whether it decided.
     */
    boolean settle(ConfirmationStore.ConfirmationRow confirmation) {
        List<SuspectStore.SuspectRow> suspects = suspectStore.confirming(confirmation.id());
        List<ConfirmationStore.JobRow> jobs = confirmationStore.jobs(confirmation.id());
        List<UUID> runs = jobs.stream()
            .filter(j -> j.run() != null && j.status().equals("succeeded"))
            .map(ConfirmationStore.JobRow::run)
            .toList();
        // A round that measured nothing (a build that fails at the commit) would fail again: no more rounds.
        boolean measured = jobs.stream()
            .anyMatch(j -> j.round() == confirmation.round() && j.status().equals("succeeded"));
        boolean last = !measured || confirmation.stepRound() >= properties.confirmation().maxRounds();
        Forks forks = Forks.of(confirmationStore.samples(runs));
        return confirmation.phase().equals("bisect") ? bisection.step(confirmation, suspects, forks, runs, last)
                : confirm(confirmation, suspects, forks, runs, last);
    }

    private boolean confirm(ConfirmationStore.ConfirmationRow confirmation, List<SuspectStore.SuspectRow> suspects,
            Forks forks, List<UUID> runs, boolean last) {
        Map<SuspectStore.SuspectRow, Verdict> verdicts = forks.verdicts(suspects, confirmation.goodSha(),
                confirmation.badSha(), properties, confirmation.stepRound(), last);
        if (verdicts.values().stream().anyMatch(v -> v.outcome() == Verdict.Outcome.UNCLEAR)) {
            rounds.queueRound(confirmation, confirmation.round() + 1, confirmation.stepRound() + 1,
                    confirmation.goodSha(), confirmation.badSha());
            return false;
        }
        Map<SuspectStore.SuspectRow, Double> changed = new LinkedHashMap<>();
        verdicts.forEach((suspect, verdict) -> {
            String text = "round " + confirmation.round() + ": " + verdict.text();
            if (verdict.outcome() == Verdict.Outcome.CHANGED) {
                changed.put(suspect, verdict.confidence());
                suspectStore.confirmed(suspect.id(), verdict.confidence(), text);
            }
            else {
                suspectStore.decideSuspect(suspect.id(), "dismissed", text);
            }
        });
        if (!changed.isEmpty() && bisection.start(confirmation)) {
            return false;
        }
        outcomes.finish(confirmation, suspects.size(), changed, confirmation.bad(), confirmation.good(), runs,
                "round " + confirmation.round() + (last ? ", at the end of the budget" : ""));
        return true;
    }
}
