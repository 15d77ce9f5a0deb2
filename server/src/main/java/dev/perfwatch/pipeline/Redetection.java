package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

import dev.perfwatch.detection.Replay;
import dev.perfwatch.detection.Tracker;

/**
 * A run that arrives after runs of later commits (a backfill, an import posted out of order, a re-run nightly)
 * changes the history those later runs were detected on. Its series are detected again from its commit on, run by
 * run as {@code detect --replay} does ({@link Replay}, the same {@link Tracker}), starting from the change points
 * stored before that commit (the history before it did not change), and what is stored from that commit on is
 * brought to that: change points that notified nobody (historical ones, mode changes) and that the history no longer
 * holds are removed, alerted ones it no longer holds are withdrawn (their alerts closed, saying why), and those it
 * now holds are added by the usual policy. Verdicts of re-runs stay: they were news when they were made. See
 * docs/pipeline.md, "Runs out of order".
 */
@Component
class Redetection {

    private static final Logger log = LoggerFactory.getLogger(Redetection.class);

    /** How far (in commits) a change may have moved for the withdrawal to say where the history now places it. */
    private static final int MOVE = 5;

    private final PipelineStore store;

    private final SuspectStore suspectStore;

    private final ChangeAlerts changeAlerts;

    private final io.micrometer.core.instrument.Counter redetected;

    Redetection(PipelineStore store, SuspectStore suspectStore, ChangeAlerts changeAlerts,
            io.micrometer.core.instrument.MeterRegistry meters) {
        this.store = store;
        this.suspectStore = suspectStore;
        this.changeAlerts = changeAlerts;
        // On /actuator/prometheus: each is a replay of a series from a late run's commit on.
        this.redetected = io.micrometer.core.instrument.Counter.builder("perfwatch.detection.redetected")
            .description("series detected again from a run's commit on because the run arrived after a later"
                    + " commit's run was detected")
            .register(meters);
    }

    /** What the history holds, from the late commit on, that is not stored yet, for the caller's policy (recent or historical). */
    record Missing(Tracker.Found found, RunAnalysis.Commits commits) {
    }

    /**
     * Re-detects one series from the late run's commit on; removes what the history from there no longer holds and
     * returns what is missing. The history before that commit did not change: the change points stored before it
     * stand as they are and are what the replay starts from, so a run one commit late costs one commit's detections
     * rather than a replay of all 2,000 (which a late run among neighbouring uploads made a stall of seconds to
     * minutes per run).
     */
    List<Missing> redetect(PipelineStore.SeriesRow series, long lateCommit, Tracker tracker,
            java.util.function.BiFunction<PipelineStore.SeriesRow, RunAnalysis.Commits, dev.perfwatch.detection.Series> as) {
        RunAnalysis.Commits commits = RunAnalysis.Commits.of(store.history(series.id()));
        int from = commits.indexOf(lateCommit);
        if (from < 0) {
            return List.of(); // not in the history detection reads (a loaded host's times): nothing there changed
        }
        redetected.increment();
        List<SuspectStore.SuspectRow> suspects = suspectStore.suspects(new long[] { series.id() });
        List<Replay.Report> before = new ArrayList<>();
        for (SuspectStore.SuspectRow suspect : suspects) {
            int index = commits.indexOf(suspect.firstBad());
            if (index >= 0 && index < from) {
                before.add(Replay.reportedBefore(KnownChanges.of(suspect, index, series.direction())));
            }
        }
        List<Replay.Report> reports = new Replay(tracker, null).run(as.apply(series, commits), from, before);
        Map<Long, Replay.Report> held = new HashMap<>();
        for (Replay.Report report : reports) {
            held.put(commits.commit(report.firstIndex()), report);
        }
        List<Long> gone = new ArrayList<>();
        List<Long> stored = new ArrayList<>();
        for (SuspectStore.SuspectRow suspect : suspects) {
            stored.add(suspect.firstBad());
            if (!held.containsKey(suspect.firstBad()) && commits.indexOf(suspect.firstBad()) >= 0) {
                gone.add(suspect.id());
            }
        }
        int forgotten = gone.isEmpty() ? 0 : suspectStore.forget(gone);
        Set<Integer> movedTo = new HashSet<>();
        int withdrawn = withdraw(series, commits, reports, held, movedTo);
        List<Missing> missing = new ArrayList<>();
        int newest = commits.size() - 1;
        for (Replay.Report report : reports) {
            if (stored.contains(commits.commit(report.firstIndex())) || report.firstIndex() < 1) {
                continue;
            }
            Tracker.Kind kind = report.status() == Replay.Status.MODE_CHANGE ? Tracker.Kind.MODE_CHANGE
                    : Tracker.Kind.CHANGE;
            // A change an alert named, now placed at another commit, keeps notifying: the alert moves with it.
            boolean recent = report.firstIndex() > newest - tracker.alertWindow()
                    || movedTo.contains(report.firstIndex());
            boolean confirmable = recent || report.firstIndex() > newest - Tracker.CONFIRM_WINDOW;
            // the reason a mode change or a historical change gives; the others' reasons are the replay's own verdicts
            String reason = report.status() == Replay.Status.MODE_CHANGE || report.status() == Replay.Status.HISTORICAL
                    ? report.reason() : "";
            missing.add(new Missing(new Tracker.Found(report.named(), kind, recent, confirmable,
                    newest - report.firstIndex(), reason), commits));
        }
        if (forgotten > 0 || withdrawn > 0 || !missing.isEmpty()) {
            log.info("Re-detected series {} over its newest {} of {} commits after a late run: {} change point(s)"
                    + " removed, {} withdrawn, {} added", series.id(), commits.size() - from, commits.size(), forgotten,
                    withdrawn, missing.size());
        }
        return missing;
    }

    /**
     * Alerted change points (after re-runs or on the detector's word) that the history replayed no longer holds at
     * their commit: an alert left open there would name a change the tracker no longer sees. Each is withdrawn and
     * its open alert closed, saying why; when the history now places a change of the same direction a few commits
     * away, the reason says where, and that commit's index is added to {@code movedTo}: the caller stores it as news
     * (the alert moves to it) even when it lies deeper than the newest commits.
     */
    private int withdraw(PipelineStore.SeriesRow series, RunAnalysis.Commits commits, List<Replay.Report> reports,
            Map<Long, Replay.Report> held, Set<Integer> movedTo) {
        int withdrawn = 0;
        for (SuspectStore.SuspectRow suspect : suspectStore.suspects(new long[] { series.id() })) {
            int index = commits.indexOf(suspect.firstBad());
            // Only open alerts: an alert a person closed (fixed, won't fix, ...) keeps its change point as it was.
            boolean alerted = (suspect.status().equals("alerted") || suspect.status().equals("unconfirmed"))
                    && suspect.alertOpen();
            if (!alerted || index < 0 || held.containsKey(suspect.firstBad())) {
                continue;
            }
            String reason = "withdrawn: re-detection after a late run no longer finds this change";
            for (Replay.Report report : reports) {
                int moved = report.firstIndex() - index;
                if (moved != 0 && Math.abs(moved) <= MOVE && report.named().direction().word()
                    .equals(suspect.direction())) {
                    reason = "withdrawn: re-detection after a late run places this change " + Math.abs(moved)
                            + (Math.abs(moved) == 1 ? " commit " : " commits ") + (moved > 0 ? "later" : "earlier");
                    movedTo.add(report.firstIndex());
                    break;
                }
            }
            changeAlerts.withdrawn(suspect, reason);
            withdrawn++;
        }
        return withdrawn;
    }
}
