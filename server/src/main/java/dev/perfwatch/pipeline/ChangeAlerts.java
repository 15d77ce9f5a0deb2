package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

import dev.perfwatch.alerts.AlertCandidate;
import dev.perfwatch.alerts.Alerts;

/**
 * The end of a confirmation: confirmed changes become alerts at the culprit, or resolve the alerts whose level they
 * bring back; the confirmation records its decision. Runs in the caller's transaction.
 */
@Component
class ChangeAlerts {

    private static final Logger log = LoggerFactory.getLogger(ChangeAlerts.class);

    private final PipelineStore store;

    private final Alerts alerts;

    ChangeAlerts(PipelineStore store, Alerts alerts) {
        this.store = store;
        this.alerts = alerts;
    }

    /**
     * Alerts the changed series (with their confidence) at (lastGood, firstBad], and decides the confirmation.
     *
     * @param note what the decision rests on, added to each suspect's verdict and the confirmation's decision
     */
    void finish(PipelineStore.ConfirmationRow confirmation, int suspected,
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
            candidates.add(candidate(suspect, firstBad, lastGood, entry.getValue(), all));
        }
        alerts.raise(candidates);
        String status = runs.isEmpty() ? "failed" : changed.isEmpty() ? "dismissed" : "decided";
        String decision = changed.size() + " of " + suspected + " series changed after " + confirmation.round()
                + (confirmation.round() == 1 ? " round" : " rounds") + " (" + runs.size() + " runs); " + note;
        store.decide(confirmation.id(), status, decision);
        log.info("Confirmation {}: {}", confirmation.id(), decision);
    }

    /** Without a way to re-run the commits, the detector's word is all there is: alert on it, and say so. */
    void unconfirmed(List<PipelineStore.SuspectRow> suspects, String verdict) {
        List<AlertCandidate> candidates = new ArrayList<>();
        for (PipelineStore.SuspectRow suspect : suspects) {
            if (restores(suspect)) {
                store.decideSuspect(suspect.id(), "restored", verdict);
            }
            else {
                store.decideSuspect(suspect.id(), "alerted", verdict);
                candidates.add(candidate(suspect, suspect.firstBad(), suspect.lastGood(), suspect.confidence(),
                        suspect.runs()));
            }
        }
        alerts.raise(candidates);
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

    private static AlertCandidate candidate(PipelineStore.SuspectRow suspect, long firstBad, long lastGood,
            double confidence, List<UUID> runs) {
        return new AlertCandidate(suspect.series(), firstBad, lastGood, level(suspect.before()),
                level(suspect.after()), Math.max(0, Math.min(1, confidence)), runs);
    }

    private static AlertCandidate.Level level(PipelineStore.Level level) {
        return new AlertCandidate.Level(level.value(), level.lower(), level.upper(), level.points());
    }
}
