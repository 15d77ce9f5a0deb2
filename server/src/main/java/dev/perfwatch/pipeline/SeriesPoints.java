package dev.perfwatch.pipeline;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * What a run's detection reads of its series: the run's own results, the lock on its series, and each series' newest
 * {@link PipelineStore#POINTS} points up to the run's commit, from {@link RecentPoints} where that is exact and from
 * {@link PipelineStore#points} otherwise. The cached points of a series are exactly what the statement would read
 * when, since this instance's last detection of the series wrote them: (1) no other detection wrote the series (its
 * row version, {@code xmin}, is still the one that detection left), and (2) no run of the branch at or before this
 * run's commit, other than this run, is still queued. Every result stored since was stored with its run's detection
 * task (DetectionQueue): a task still queued is (2), a task done elsewhere is (1), a task done here replaced the
 * entry. A run before the cached tail (late) reads the statement, as do all of a run's series while (2) fails.
 * This rests on stored results never changing and never being deleted without a detection of their series: a
 * feature that removes results (retention) must write the series row, which changes its version.
 */
@Component
class SeriesPoints {

    private final JdbcClient jdbc;

    private final PipelineStore store;

    private final RecentPoints recent;

    private final SeriesFacts facts;

    private final java.util.concurrent.atomic.AtomicLong hits = new java.util.concurrent.atomic.AtomicLong();

    /** Tests: compare every read from the cache with the statement in the same transaction, and note differences. */
    volatile List<String> mismatches;

    @org.springframework.beans.factory.annotation.Autowired
    SeriesPoints(JdbcClient jdbc, PipelineStore store, SeriesFacts facts) {
        this(jdbc, store, facts, RecentPoints.CAPACITY);
    }

    SeriesPoints(JdbcClient jdbc, PipelineStore store, SeriesFacts facts, long capacity) {
        this.jdbc = jdbc;
        this.store = store;
        this.facts = facts;
        this.recent = new RecentPoints(capacity);
    }

    /** A result of the run; {@code counted}: not left out of detection (a loaded host's times are). */
    record Own(PipelineStore.SeriesRow series, PipelineStore.PointRow point, boolean counted) {
    }

    /**
     * The statement of {@link #own}: the result table alone, the run's results found by the run. Joined to their
     * series, metric, case and benchmark, PostgreSQL planned five tables anew for every run (ImportStatements), and
     * where a few runs hold most results (Codespeed's, or ScaleBenchmark's bulk runs of 50,000) it estimated 47,000
     * results for a 500-result run and joined every series of the database instead: 50,000 probes, 330–560 ms per
     * detection on 50 million results (docs/performance.md, "Scale again, on the Xeon"). RunResultsPlanTest.
     */
    static final String OWN = """
            select mine.series_id, mine.commit_id, mine.position, mine.score, mine.error, mine.samples,
                   not exists (select 1 from run_noise n where n.run_id = mine.run_id and n.noisy) as quiet_host
            from result mine
            where mine.run_id = :run
            order by mine.series_id
            """;

    /**
     * The run's results on the series detection reads (not the quiet metrics), with their samples, in series order.
     * One statement of the result table alone (with whether the run's host was loaded, {@link #OWN}): what names
     * each series is {@link SeriesFacts}', which never change.
     */
    List<Own> own(UUID run, List<String> quiet) {
        record Mine(long series, PipelineStore.PointRow point, boolean quietHost) {
        }
        List<Mine> rows = jdbc.sql(OWN)
            .param("run", run)
            .query((rs, n) -> {
                long series = rs.getLong("series_id");
                java.sql.Array samples = rs.getArray("samples");
                double[][] forks = ForkSamples.of(samples == null ? null : samples.getArray());
                return new Mine(series, new PipelineStore.PointRow(series, rs.getLong("commit_id"),
                        rs.getBigDecimal("position"), run, rs.getDouble("score"),
                        rs.getObject("error") == null ? Double.NaN : rs.getDouble("error"), forks),
                        rs.getBoolean("quiet_host"));
            })
            .list();
        Map<Long, SeriesFacts.Facts> facts = this.facts.of(rows.stream().mapToLong(Mine::series).toArray());
        List<Own> own = new ArrayList<>(rows.size());
        for (Mine mine : rows) {
            SeriesFacts.Facts series = facts.get(mine.series());
            if (quiet.contains(series.metric())) {
                continue;
            }
            store.keepSamples(mine.point());
            // a host that moved skews times, not bytes or collections per operation
            boolean counted = PipelineStore.COUNTED_ON_LOADED_HOSTS.contains(series.metric()) || mine.quietHost();
            own.add(new Own(series.row(), mine.point(), counted));
        }
        return own;
    }

    /** A locked series: the newest position a detection saw, and the row's version. */
    record State(BigDecimal detectedPosition, long stamp) {
    }

    /** {@code queued}: another run of the branch at or before the run's commit waits for detection. */
    record Locked(Map<Long, State> series, boolean queued) {

        boolean late(long series, BigDecimal position) {
            BigDecimal detected = this.series.get(series).detectedPosition();
            return detected != null && position.compareTo(detected) < 0;
        }
    }

    /**
     * Locks the run's series for this detection (ordered by id, so two detections cannot deadlock) and reads, of the
     * locked rows, the newest position a detection saw and the row's version. A series seen past the run's commit is
     * late: the run arrived after them, out of order; later results still queued are no reason: their own detections
     * come after this run was stored and read it. The lock makes a concurrent detection of a later run either finish
     * first (a row updated meanwhile is returned as that detection left it: this one sees its
     * {@code detected_position}) or wait for this one (and then read this run's results). It is a row lock without a
     * write, so the ingest's upsert of the same series does not wait for it. {@code queued} is read as the statement
     * starts: a detection it waited for changed the row's version, which is checked as well.
     */
    Locked lock(long[] series, UUID run, long branch, BigDecimal position) {
        Map<Long, State> states = new HashMap<>();
        boolean[] queued = new boolean[1];
        jdbc.sql("""
                with queued as (
                    select exists (select 1
                                   from detection_task t
                                   where t.branch_id = :branch and t.run_id <> :run and t.position <= :position)
                           as queued)
                select s.id, s.detected_position, cast(cast(s.xmin as text) as bigint) as stamp, q.queued
                from series s cross join queued q
                where s.id = any(cast(:series as bigint[]))
                order by s.id
                for no key update of s
                """)
            .param("series", series)
            .param("run", run)
            .param("branch", branch)
            .param("position", position)
            .query((rs, n) -> {
                queued[0] = rs.getBoolean("queued");
                return states.put(rs.getLong("id"),
                        new State(rs.getBigDecimal("detected_position"), rs.getLong("stamp")));
            })
            .list();
        return new Locked(states, queued[0]);
    }

    /** Each series' newest points up to the run's commit, oldest first, as {@link PipelineStore#points} reads them. */
    Map<Long, List<PipelineStore.PointRow>> read(UUID run, List<Own> own, Locked locked) {
        Map<Long, List<PipelineStore.PointRow>> points = new LinkedHashMap<>();
        List<Own> missing = new ArrayList<>();
        for (Own mine : own) {
            long id = mine.series().id();
            RecentPoints.Entry entry = locked.queued() ? null : recent.get(id);
            List<PipelineStore.PointRow> rows = entry == null || entry.stamp() != locked.series().get(id).stamp()
                    || locked.late(id, mine.point().position()) ? null : entry.with(mine.point(), mine.counted());
            points.put(id, rows);
            if (rows == null) {
                missing.add(mine);
            }
            else {
                hits.incrementAndGet();
            }
        }
        List<String> check = mismatches;
        if (check != null) {
            compare(run, own, points, check);
        }
        if (!missing.isEmpty()) {
            missing.forEach(mine -> points.put(mine.series().id(), new ArrayList<>()));
            for (PipelineStore.PointRow row : store.points(missing)) {
                points.get(row.series()).add(row);
            }
        }
        return points;
    }

    /**
     * After the detection commits: each series' points are the entry for the next run, with the row version the
     * detection's write left ({@code stamps}); a late run's series are forgotten (its redetection read past it).
     */
    void remember(Map<Long, List<PipelineStore.PointRow>> points, List<Own> own, Set<Long> late,
            Map<Long, Long> stamps) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                for (Own mine : own) {
                    long id = mine.series().id();
                    Long stamp = stamps.get(id);
                    if (late.contains(id) || stamp == null) {
                        recent.remove(id);
                    }
                    else {
                        recent.put(id, new RecentPoints.Entry(List.copyOf(points.get(id)), mine.point().position(),
                                stamp));
                    }
                }
            }
        });
    }

    private void compare(UUID run, List<Own> own, Map<Long, List<PipelineStore.PointRow>> points,
            List<String> check) {
        List<Own> cached = own.stream().filter(mine -> points.get(mine.series().id()) != null).toList();
        if (cached.isEmpty()) {
            return;
        }
        Map<Long, List<PipelineStore.PointRow>> read = new HashMap<>();
        for (PipelineStore.PointRow row : store.points(cached)) {
            read.computeIfAbsent(row.series(), s -> new ArrayList<>()).add(row);
        }
        for (long id : cached.stream().mapToLong(mine -> mine.series().id()).toArray()) {
            if (!same(points.get(id), read.getOrDefault(id, List.of()))) {
                check.add("run " + run + ", series " + id + ": cached " + points.get(id).size() + " points, read "
                        + read.getOrDefault(id, List.of()).size());
            }
        }
    }

    private static boolean same(List<PipelineStore.PointRow> a, List<PipelineStore.PointRow> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            PipelineStore.PointRow x = a.get(i);
            PipelineStore.PointRow y = b.get(i);
            if (x.series() != y.series() || x.commit() != y.commit() || x.position().compareTo(y.position()) != 0
                    || !x.run().equals(y.run()) || Double.compare(x.score(), y.score()) != 0
                    || Double.compare(x.error(), y.error()) != 0 || !Arrays.deepEquals(x.forks(), y.forks())) {
                return false;
            }
        }
        return true;
    }

    /** Series whose points came from the cache since start (tests). */
    long hits() {
        return hits.get();
    }
}
