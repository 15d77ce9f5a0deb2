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
import dev.perfwatch.detection.Tracker;

/**
 * The end of a confirmation: confirmed changes become alerts at the culprit, or resolve the alerts whose level they
 * bring back; the confirmation records its decision. Runs in the caller's transaction.
 */
@Component
class ChangeAlerts {

    private static final Logger log = LoggerFactory.getLogger(ChangeAlerts.class);

    private final SuspectStore suspectStore;

    private final ConfirmationStore confirmationStore;

    private final Alerts alerts;

    ChangeAlerts(SuspectStore suspectStore, ConfirmationStore confirmationStore, Alerts alerts) {
        this.suspectStore = suspectStore;
        this.confirmationStore = confirmationStore;
        this.alerts = alerts;
    }

    /**
     * Alerts the changed series (with their confidence) at (lastGood, firstBad], and decides the confirmation.
     *
     * @param note what the decision rests on, added to each suspect's verdict and the confirmation's decision
     */
    void finish(ConfirmationStore.ConfirmationRow confirmation, int suspected,
            Map<SuspectStore.SuspectRow, Double> changed, long firstBad, long lastGood, List<UUID> runs,
            String note) {
        List<AlertCandidate> candidates = new ArrayList<>();
        for (Map.Entry<SuspectStore.SuspectRow, Double> entry : changed.entrySet()) {
            SuspectStore.SuspectRow suspect = entry.getKey();
            if (restores(suspect)) {
                suspectStore.decideStatus(suspect.id(), "resolved", note);
                continue;
            }
            suspectStore.decideStatus(suspect.id(), "alerted", note);
            List<UUID> all = new ArrayList<>(new LinkedHashSet<>(suspect.runs()));
            runs.stream().filter(r -> !all.contains(r)).forEach(all::add);
            candidates.add(candidate(suspect, firstBad, lastGood, entry.getValue(), all));
        }
        alerts.raise(candidates);
        String status = runs.isEmpty() ? "failed" : changed.isEmpty() ? "dismissed" : "decided";
        String decision = changed.size() + " of " + suspected + " series changed after " + confirmation.round()
                + (confirmation.round() == 1 ? " round" : " rounds") + " (" + runs.size() + " runs); " + note;
        confirmationStore.decide(confirmation.id(), status, decision);
        log.info("Confirmation {}: {}", confirmation.id(), decision);
    }

    /**
     * Without a way to re-run the commits, the detector's word is all there is: alert on it, and say so (each
     * suspect's verdict says why it was not re-run, and for a short history what it rests on).
     */
    void unconfirmed(Map<SuspectStore.SuspectRow, String> suspects) {
        List<AlertCandidate> candidates = new ArrayList<>();
        for (Map.Entry<SuspectStore.SuspectRow, String> entry : suspects.entrySet()) {
            SuspectStore.SuspectRow suspect = entry.getKey();
            String verdict = entry.getValue();
            if (restores(suspect)) {
                suspectStore.decideSuspect(suspect.id(), "resolved", verdict);
            }
            else {
                suspectStore.decideSuspect(suspect.id(), "unconfirmed", verdict);
                candidates.add(candidate(suspect, suspect.firstBad(), suspect.lastGood(), suspect.confidence(),
                        suspect.runs()));
            }
        }
        alerts.raise(candidates);
    }

    /** Closes the open alert of a change whose level did not hold, saying so. */
    void lapsed(SuspectStore.SuspectRow suspect, String reason) {
        alerts.didNotHold(suspect.series(), suspect.firstBad(), reason);
    }

    /**
     * An alerted change that re-detection after a late run no longer finds at its commit: withdrawn, and its
     * open alert closed saying why. Alerts are news when made; taking one back is news too, so it is never left open.
     */
    void withdrawn(SuspectStore.SuspectRow suspect, String reason) {
        suspectStore.decideStatus(suspect.id(), "withdrawn", reason);
        alerts.withdraw(suspect.series(), suspect.firstBad(), reason);
    }

    /**
     * Whether the change is a fix: an improvement that brings back the level an alerted regression of the series left
     * (ending within half of that change of the level before it). Then the alert is resolved, not answered by another.
     * A regression that gives back an alerted improvement is a regression all the same: it is alerted, and the
     * improvement's alert is closed saying where it went.
     */
    private boolean restores(SuspectStore.SuspectRow suspect) {
        for (SuspectStore.SuspectRow earlier : suspectStore.alerted(suspect.series())) {
            if (earlier.firstBad() == suspect.firstBad() || earlier.direction().equals(suspect.direction())) {
                continue;
            }
            if (Tracker.bringsBack(earlier.before().value(), earlier.after().value(), suspect.after().value())) {
                if (suspect.direction().equals("regression")) {
                    alerts.improvementGivenBack(suspect.series(), suspect.firstBad());
                    return false;
                }
                alerts.levelRestored(suspect.series(), suspect.firstBad());
                return true;
            }
        }
        return false;
    }

    private static AlertCandidate candidate(SuspectStore.SuspectRow suspect, long firstBad, long lastGood,
            double confidence, List<UUID> runs) {
        return new AlertCandidate(suspect.series(), firstBad, lastGood, level(suspect.before()),
                level(suspect.after()), Math.max(0, Math.min(1, confidence)), runs);
    }

    private static AlertCandidate.Level level(SuspectStore.Level level) {
        return new AlertCandidate.Level(level.value(), level.lower(), level.upper(), level.points());
    }
}
