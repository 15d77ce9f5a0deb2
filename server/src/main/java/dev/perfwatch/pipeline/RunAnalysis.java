package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.ChangePoint;
import dev.perfwatch.detection.Detection;
import dev.perfwatch.detection.Detector;
import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Series;
import dev.perfwatch.detection.Tracker;

/**
 * Detection after one run: every series the run touched, read back to the detector's four windows, through
 * {@link Detector#detectRecent}. Stores each series' noise and minimal detectable change, and hands the change
 * points it has not seen before on the newest commits to confirmation. Runs in the worker's transaction.
 */
@Component
class RunAnalysis {

    private static final Logger log = LoggerFactory.getLogger(RunAnalysis.class);

    private final Tracker tracker;

    /** Commits a series needs for its noise to be measured rather than the detector's floor (Analysis). */
    static final int JUDGED = 3;

    private final PipelineStore store;

    private final SuspectStore suspectStore;

    private final PipelineProperties properties;

    private final Confirmations confirmations;

    private final Redetection redetection;

    private final SeriesPoints reads;

    private final DetectionThreads threads;

    RunAnalysis(PipelineStore store, SuspectStore suspectStore, PipelineProperties properties, Confirmations confirmations,
            Redetection redetection, SeriesPoints reads, DetectionThreads threads) {
        this.reads = reads;
        this.threads = threads;
        this.store = store;
        this.suspectStore = suspectStore;
        this.properties = properties;
        this.confirmations = confirmations;
        this.redetection = redetection;
        this.tracker = new Tracker(new Detector(), properties.alertWindow());
    }

    /** Detects on the run's series; returns the number of new suspected changes on its newest commits. */
    int analyse(PipelineStore.RunRow run) {
        long started = System.nanoTime();
        UUID runId = run.id();
        if (!tracked(run)) {
            return 0;
        }
        // Rates that follow the throughput are drawn, never detected on (PipelineProperties.quietMetrics).
        List<SeriesPoints.Own> own = reads.own(runId, properties.quietMetrics());
        if (own.isEmpty()) {
            return 0;
        }
        List<PipelineStore.SeriesRow> series = own.stream().map(SeriesPoints.Own::series).toList();
        long[] ids = series.stream().mapToLong(PipelineStore.SeriesRow::id).toArray();
        // Before reading points: see SeriesPoints.lock for why the lock comes first.
        java.math.BigDecimal position = own.get(0).point().position();
        SeriesPoints.Locked locked = reads.lock(ids, runId, run.branch(), position);
        java.util.Set<Long> late = new java.util.HashSet<>();
        for (long id : ids) {
            if (locked.late(id, position)) {
                late.add(id);
            }
        }
        long cached = reads.hits();
        Map<Long, List<PipelineStore.PointRow>> points = reads.read(runId, own, locked);
        cached = reads.hits() - cached;
        Map<Long, List<SuspectStore.SuspectRow>> suspects = new LinkedHashMap<>();
        for (SuspectStore.SuspectRow row : suspectStore.suspects(ids)) {
            suspects.computeIfAbsent(row.series(), s -> new ArrayList<>()).add(row);
        }
        // Not finite (too few points yet) is stored as unknown.
        double[] noise = new double[ids.length];
        double[] minimal = new double[ids.length];
        boolean[] inUnit = new boolean[ids.length];
        String[] notes = new String[ids.length];
        List<Confirmations.NewSuspect> recent = new ArrayList<>();
        boolean uneventful = late.isEmpty();
        List<Input> inputs = new ArrayList<>(ids.length);
        for (int i = 0; i < ids.length; i++) {
            PipelineStore.SeriesRow row = series.get(i);
            Commits commits = Commits.of(points.getOrDefault(row.id(), List.of()));
            List<SuspectStore.SuspectRow> rows = new ArrayList<>();
            List<Tracker.Known> known = new ArrayList<>();
            for (SuspectStore.SuspectRow suspect : suspects.getOrDefault(row.id(), List.of())) {
                int index = commits.indexOf(suspect.firstBad());
                if (index >= 0) {
                    rows.add(suspect);
                    known.add(KnownChanges.of(suspect, index, row.direction()));
                }
            }
            inputs.add(new Input(row, commits, rows, known));
        }
        // The one decision detect --replay makes too (Tracker): new change points, modes, short histories. Pure
        // computation on what was read above, so the series are analysed at once (DetectionThreads); what the steps
        // say is applied below, one series after the other in the run's transaction, as before.
        long analysing = System.nanoTime();
        List<Tracker.Step> steps = threads.map(inputs, in -> tracker.next(series(in.row(), in.commits()), in.known()));
        analysing = System.nanoTime() - analysing;
        for (int i = 0; i < ids.length; i++) {
            Input in = inputs.get(i);
            Commits commits = in.commits();
            Tracker.Step step = steps.get(i);
            Detection detection = step.detection();
            noise[i] = detection.noise();
            minimal[i] = detection.minimalDetectableChange();
            inUnit[i] = detection.inUnit();
            if (commits.size() < JUDGED) {
                // Below that the detector answers its floor (0.1%), which reads as "detects >= 0.5%": not judged.
                noise[i] = Double.NaN;
                minimal[i] = Double.NaN;
                notes[i] = "";
            }
            uneventful &= step.lapses().isEmpty() && step.found().isEmpty() && step.promotions().isEmpty();
            for (Tracker.Lapse lapse : step.lapses()) {
                confirmations.lapsed(in.rows().get(lapse.known()), lapse.reason());
            }
            // A mode change whose level held is a change found late: it is stored again as one (it notified nobody).
            for (Tracker.Promotion promotion : step.promotions()) {
                suspectStore.forget(List.of(in.rows().get(promotion.known()).id()));
                place(run, in.row(), commits, promotion.found(), recent);
            }
            for (Tracker.Found found : step.found()) {
                place(run, in.row(), commits, found, recent);
            }
        }
        // A run older than runs already stored changed the history they were detected on: detect it again whole.
        for (PipelineStore.SeriesRow row : series) {
            if (late.contains(row.id())) {
                for (Redetection.Missing missing : redetection.redetect(row, run.commit(), tracker, this::series)) {
                    place(run, row, missing.commits(), missing.found(), recent);
                }
            }
        }
        notJudged(ids, notes);
        reads.remember(points, own, late, store.noise(position, ids, noise, minimal, inUnit, notes, uneventful));
        confirmations.suspect(run, recent);
        log.info("Detected after run {}: {} series ({} read from memory, {} late) in {} ms (the analysis {} µs on {}"
                + " thread(s)), {} new suspected change(s)", runId, ids.length, cached, late.size(),
                (System.nanoTime() - started) / 1_000_000, analysing / 1_000, threads.threads(), recent.size());
        return recent.size();
    }

    /** One series of the run as the tracker is asked about it: its commits and the suspects it already has. */
    private record Input(PipelineStore.SeriesRow row, Commits commits, List<SuspectStore.SuspectRow> rows,
            List<Tracker.Known> known) {
    }

    /**
     * Says why each series marked "" is not judged: most often its runs were on a loaded host and detection left them
     * out (a busy demo machine), else it has too few runs yet.
     */
    private void notJudged(long[] ids, String[] notes) {
        List<Long> wanted = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            if (notes[i] != null) {
                wanted.add(ids[i]);
            }
        }
        if (wanted.isEmpty()) {
            return;
        }
        Map<Long, long[]> counts = store.loadedRuns(wanted.stream().mapToLong(Long::longValue).toArray());
        for (int i = 0; i < ids.length; i++) {
            if (notes[i] != null) {
                long[] count = counts.getOrDefault(ids[i], new long[] { 0, 0 });
                notes[i] = count[0] > 0 ? "not judged: " + count[0] + " of " + count[1] + " runs on a loaded host"
                        : "not judged yet: " + count[1] + (count[1] == 1 ? " run" : " runs") + ", " + JUDGED
                                + " needed";
            }
        }
    }

    /** Stores a new change point by the policy: a mode change, news to confirm, or historical. */
    private void place(PipelineStore.RunRow run, PipelineStore.SeriesRow row, Commits commits, Tracker.Found found,
            List<Confirmations.NewSuspect> recent) {
        ChangePoint change = found.change();
        Confirmations.NewSuspect suspect = new Confirmations.NewSuspect(row, commits.commit(change.index()),
                commits.commit(change.index() - 1), change, commits.runsAround(change.index(), 2),
                commits.runsAt(change.index()),
                found.kind() == Tracker.Kind.SHORT_HISTORY && !found.standsUnconfirmed(),
                found.kind() == Tracker.Kind.SHORT_HISTORY,
                found.recent() ? 0 : found.late(), found.kind() == Tracker.Kind.MODE_CHANGE ? "" : found.reason());
        // Only a change among the newest commits is news; one found deep in an imported history is kept and shown as
        // historical, but nobody is woken up for it (docs/pipeline.md, "Imports and backfills"). One found late but
        // within Tracker.CONFIRM_WINDOW is re-run like news, and alerts only if confirmed (Confirmations.suspect).
        if (found.kind() == Tracker.Kind.MODE_CHANGE) {
            confirmations.noteModeChange(suspect, found.reason());
        }
        else if ((found.recent() || found.confirmableLate()) && !old(run, commits.commit(change.index()))) {
            recent.add(suspect);
        }
        else if (found.kind() != Tracker.Kind.SHORT_HISTORY) {
            // (a request for re-runs is not a change point: too old to re-run, it is dropped, as the replay drops it)
            confirmations.noteHistorical(suspect);
        }
    }

    /** A commit older than the alert age (an imported or backfilled history): shown, never alerted. */
    private boolean old(PipelineStore.RunRow run, long commit) {
        return store.commitAge(commit).map(age -> age.compareTo(properties.alertAge()) > 0).orElse(false);
    }

    Series series(PipelineStore.SeriesRow row, Commits commits) {
        return new Series(row.name(), Better.parse(row.direction()), commits.points(),
                properties.resolution(row.metric()));
    }

    private boolean tracked(PipelineStore.RunRow run) {
        if (run.branchName().equals(properties.confirmation().branch())) {
            return false;
        }
        return run.branchName().equals(run.defaultBranch()) || properties.trackedBranches().contains(run.branchName());
    }

    /**
     * A series' results as the detector's points: one index per commit, re-runs of a commit sharing it. Built for
     * every series of every run from its 200 rows, so it keeps each commit's id and first row in arrays rather than
     * a boxed id and a list of runs per commit; the runs are read from the rows when a change point asks for them.
     */
    static final class Commits {

        private final List<Point> points;

        private final List<PipelineStore.PointRow> rows;

        private final long[] ids;

        /** The first row of each commit, and the number of rows after the last commit's. */
        private final int[] starts;

        private final int size;

        private Commits(List<Point> points, List<PipelineStore.PointRow> rows, long[] ids, int[] starts, int size) {
            this.points = points;
            this.rows = rows;
            this.ids = ids;
            this.starts = starts;
            this.size = size;
        }

        static Commits of(List<PipelineStore.PointRow> rows) {
            int n = rows.size();
            // An immutable list from the start: Series keeps it as it is, where it copied an ArrayList twice over
            // (List.copyOf) for every series of every run, and again whenever a change point asked for the series.
            Point[] points = new Point[n];
            long[] ids = new long[n];
            int[] starts = new int[n + 1];
            int size = 0;
            int i = 0;
            // A series is one branch's: its rows share a position exactly when they share a commit, and a commit id
            // compares without reading two BigDecimals (a sixth of a detection when compared by position).
            for (PipelineStore.PointRow row : rows) {
                if (size == 0 || row.commit() != ids[size - 1]) {
                    ids[size] = row.commit();
                    starts[size] = i;
                    size++;
                }
                points[i] = new Point(size - 1, row.score(), row.error(), row.forks(), row.value());
                i++;
            }
            starts[size] = n;
            return new Commits(List.of(points), rows instanceof java.util.RandomAccess ? rows : new ArrayList<>(rows), ids,
                    starts, size);
        }

        List<Point> points() {
            return points;
        }

        int size() {
            return size;
        }

        long commit(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            return ids[index];
        }

        int indexOf(long commit) {
            for (int i = 0; i < size; i++) {
                if (ids[i] == commit) {
                    return i;
                }
            }
            return -1;
        }

        List<UUID> runsAt(int index) {
            return runs(index, index);
        }

        List<UUID> runsAround(int index, int reach) {
            return runs(Math.max(0, index - reach), Math.min(size - 1, index + reach));
        }

        /** The runs of the commits from {@code first} to {@code last}, in row order. */
        private List<UUID> runs(int first, int last) {
            List<UUID> out = new ArrayList<>();
            for (int r = starts[first]; r < starts[last + 1]; r++) {
                out.add(rows.get(r).run());
            }
            return out;
        }
    }
}
