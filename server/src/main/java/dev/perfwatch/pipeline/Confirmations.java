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

    private final PipelineStore store;

    private final ConfirmationJobs rounds;

    private final ChangeAlerts outcomes;

    private final Bisection bisection;

    private final PipelineProperties properties;

    private final JsonMapper json;

    Confirmations(PipelineStore store, ConfirmationJobs rounds, ChangeAlerts outcomes, Bisection bisection,
            PipelineProperties properties, JsonMapper json) {
        this.store = store;
        this.rounds = rounds;
        this.outcomes = outcomes;
        this.bisection = bisection;
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
            List<UUID> runs = new ArrayList<>(List.of(run.id()));
            group.forEach(s -> runs.addAll(s.runsAtBad()));
            Optional<JobSpec> spec = properties.confirmation().enabled() ? rounds.spec(run, runs) : Optional.empty();
            if (spec.isEmpty()) {
                List<PipelineStore.SuspectRow> rows = new ArrayList<>();
                group.forEach(s -> insert(s, "confirming", null).ifPresent(id -> rows.add(row(id, s))));
                outcomes.unconfirmed(rows, properties.confirmation().enabled()
                        ? "not confirmed: no repository to re-run the commits from"
                        : "not confirmed: confirmation is off");
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
                rounds.queueRound(store.find(confirmation.id()), confirmation.round() + 1, 1,
                        confirmation.goodSha(), confirmation.badSha());
            }
            else if (added > 0 && confirmation.round() == 0) {
                rounds.queueRound(confirmation, 1, 1, confirmation.goodSha(), confirmation.badSha());
            }
        }
    }

    private Optional<Long> insert(NewSuspect suspect, String status, Long confirmation) {
        return store.insertSuspect(suspect.series().id(), suspect.firstBad(), suspect.lastGood(),
                suspect.change().direction().word(), suspect.change().magnitude(), suspect.change().confidence(),
                suspect.before(), suspect.after(), suspect.runs(), status, confirmation);
    }

    private static PipelineStore.SuspectRow row(long id, NewSuspect s) {
        return new PipelineStore.SuspectRow(id, s.series().id(), s.firstBad(), s.lastGood(),
                s.change().direction().word(), s.change().magnitude(), s.change().confidence(), s.before(), s.after(),
                s.runs(), "confirming", 0, 0, s.series().benchmark());
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
        Forks forks = Forks.of(store.samples(runs));
        return confirmation.phase().equals("bisect") ? bisection.step(confirmation, suspects, forks, runs)
                : confirm(confirmation, suspects, forks, runs);
    }

    private boolean confirm(PipelineStore.ConfirmationRow confirmation, List<PipelineStore.SuspectRow> suspects,
            Forks forks, List<UUID> runs) {
        boolean last = confirmation.stepRound() >= properties.confirmation().maxRounds();
        Map<PipelineStore.SuspectRow, Verdict> verdicts = forks.verdicts(suspects, confirmation.goodSha(),
                confirmation.badSha(), properties.confirmation(), last);
        if (verdicts.values().stream().anyMatch(v -> v.outcome() == Verdict.Outcome.UNCLEAR)) {
            rounds.queueRound(confirmation, confirmation.round() + 1, confirmation.stepRound() + 1,
                    confirmation.goodSha(), confirmation.badSha());
            return false;
        }
        Map<PipelineStore.SuspectRow, Double> changed = new LinkedHashMap<>();
        verdicts.forEach((suspect, verdict) -> {
            String text = "round " + confirmation.round() + ": " + verdict.text();
            if (verdict.outcome() == Verdict.Outcome.CHANGED) {
                changed.put(suspect, verdict.confidence());
                store.confirmed(suspect.id(), verdict.confidence(), text);
            }
            else {
                store.decideSuspect(suspect.id(), "dismissed", text);
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
