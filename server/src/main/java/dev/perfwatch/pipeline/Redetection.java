package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

import dev.perfwatch.detection.Replay;
import dev.perfwatch.detection.Tracker;

/**
 * A run that arrives after runs of later commits (a backfill, an import posted out of order, a re-run nightly)
 * changes the history those later runs were detected on. Its series are detected again over their whole stored
 * history, run by run as {@code detect --replay} does ({@link Replay}, the same {@link Tracker}), and what is stored
 * is brought to that: change points that notified nobody (historical ones, mode changes) and that the history no
 * longer holds are removed, and those it now holds are added by the usual policy. Alerts already raised, and
 * verdicts of re-runs, stay: they were news when they were made. See docs/pipeline.md, "Runs out of order".
 */
@Component
class Redetection {

    private static final Logger log = LoggerFactory.getLogger(Redetection.class);

    private final PipelineStore store;

    private final SuspectStore suspectStore;

    Redetection(PipelineStore store, SuspectStore suspectStore) {
        this.store = store;
        this.suspectStore = suspectStore;
    }

    /** What the whole history holds that is not stored yet, for the caller's policy (recent or historical). */
    record Missing(Tracker.Found found, RunAnalysis.Commits commits) {
    }

    /**
     * Re-detects one series over its stored history; removes what it no longer holds and returns what is missing.
     */
    List<Missing> redetect(PipelineStore.SeriesRow series, Tracker tracker,
            java.util.function.BiFunction<PipelineStore.SeriesRow, RunAnalysis.Commits, dev.perfwatch.detection.Series> as) {
        RunAnalysis.Commits commits = RunAnalysis.Commits.of(store.history(series.id()));
        List<Replay.Report> reports = new Replay(tracker, null).run(as.apply(series, commits));
        Map<Long, Replay.Report> held = new HashMap<>();
        for (Replay.Report report : reports) {
            held.put(commits.commit(report.firstIndex()), report);
        }
        List<Long> gone = new ArrayList<>();
        List<Long> stored = new ArrayList<>();
        for (SuspectStore.SuspectRow suspect : suspectStore.suspects(new long[] { series.id() })) {
            stored.add(suspect.firstBad());
            if (!held.containsKey(suspect.firstBad()) && commits.indexOf(suspect.firstBad()) >= 0) {
                gone.add(suspect.id());
            }
        }
        int forgotten = gone.isEmpty() ? 0 : suspectStore.forget(gone);
        List<Missing> missing = new ArrayList<>();
        int newest = commits.size() - 1;
        for (Replay.Report report : reports) {
            if (stored.contains(commits.commit(report.firstIndex())) || report.firstIndex() < 1) {
                continue;
            }
            Tracker.Kind kind = report.status() == Replay.Status.MODE_CHANGE ? Tracker.Kind.MODE_CHANGE
                    : Tracker.Kind.CHANGE;
            boolean recent = report.firstIndex() > newest - tracker.alertWindow();
            boolean confirmable = report.firstIndex() > newest - Tracker.CONFIRM_WINDOW;
            missing.add(new Missing(new Tracker.Found(report.named(), kind, recent, confirmable,
                    newest - report.firstIndex(), report.reason()), commits));
        }
        if (forgotten > 0 || !missing.isEmpty()) {
            log.info("Re-detected series {} over {} commits after a late run: {} change point(s) removed, {} added",
                    series.id(), commits.size(), forgotten, missing.size());
        }
        return missing;
    }
}
