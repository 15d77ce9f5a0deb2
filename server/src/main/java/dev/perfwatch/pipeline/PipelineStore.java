package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The pipeline's SQL: the detection queue, the runs and series it works on, and the points detection reads. */
@Repository
class PipelineStore {

    /** Results read per series for detection: the detector's four windows of 40 commits, and re-runs. */
    static final int POINTS = 200;

    /** Results a re-detection of a whole series replays (a late run of a long history re-detects its newest ones). */
    static final int HISTORY = 2000;

    /** Metrics whose results on a loaded host still count: bytes and collections per operation, not times. */
    static final java.util.Set<String> COUNTED_ON_LOADED_HOSTS = java.util.Set.of("gc.alloc.rate.norm", "gc.count");

    private final JdbcClient jdbc;

    private final SampleCache samples = new SampleCache(SampleCache.CAPACITY);

    PipelineStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Queues the run with its branch and commit position, by which {@link #takeTask} orders a branch's runs. */
    void enqueue(UUID run, long branch, long commit) {
        jdbc.sql("""
                insert into detection_task (run_id, branch_id, position)
                values (:run, :branch, (select position from branch_commit
                                        where branch_id = :branch and commit_id = :commit))
                on conflict do nothing
                """)
            .param("run", run)
            .param("branch", branch)
            .param("commit", commit)
            .update();
    }

    /**
     * The next due run, its task taken: locked (other instances skip it) and deleted in this transaction, so that it is
     * gone when the detection commits and back when it rolls back. With the run's row: one statement where taking,
     * reading the run and deleting the task were three. Which run: the branch of the oldest due task is served first
     * (no branch waits behind another's burst), and of that branch the run at the earliest commit, whatever order the
     * runs arrived in. A run detected after a later commit's is late and re-detects its series over their whole
     * history (Redetection); two uploaders storing neighbouring commits made every other run of a backlog late. Where
     * other instances hold every due task of that branch, the oldest due task anywhere.
     */
    Optional<Taken> takeTask(String project) {
        // Due tasks, of the project when one is named: the worker names none, and then the statement joins no run or
        // project to the queue (every run's take was planned anew with them, 1.8 ms at load 16, the most of any).
        String due = project == null ? "detection_task t where"
                : "detection_task t join run r on r.id = t.run_id join project p on p.id = r.project_id"
                        + " where p.name = :project and";
        return jdbc.sql("""
                with oldest as (
                    select t.branch_id
                    from %1$s t.next_attempt_at <= now()
                    order by t.next_attempt_at, t.created_at
                    limit 1),
                taken as (
                    delete from detection_task
                    where run_id = coalesce(
                        (select t.run_id
                         from detection_task t
                         where t.branch_id = (select branch_id from oldest)
                           and t.next_attempt_at <= now()
                         order by t.position nulls last, t.created_at
                         limit 1
                         for update of t skip locked),
                        (select t.run_id
                         from %1$s t.next_attempt_at <= now()
                         order by t.next_attempt_at, t.created_at
                         limit 1
                         for update of t skip locked))
                    returning run_id)
                select r.id, r.project_id, p.name as project, p.repository, p.default_branch, r.branch_id,
                       b.name as branch, r.commit_id, r.host_class,
                       exists (select 1 from %1$s t.next_attempt_at <= now() and t.run_id <> taken.run_id) as more,
                       exists (select 1 from confirmation where status = 'running') as confirming
                from taken
                join run r on r.id = taken.run_id
                join project p on p.id = r.project_id
                join branch b on b.id = r.branch_id
                """.formatted(due))
            .param("project", project)
            .query((rs, n) -> new Taken(runRow(rs, n), rs.getBoolean("more"), rs.getBoolean("confirming")))
            .optional();
    }

    /**
     * A run taken for detection. {@code more}: another task (of the project named, if one is) was due as it was taken,
     * so the worker asks again; without it, a task that commits later wakes the worker (PipelineWakeUp) or waits for
     * its poll.
     * {@code confirming}: a confirmation was running then, whose round may have ended; without one, none can end
     * before the worker's next take or poll (a confirmation starts with its jobs queued).
     */
    record Taken(RunRow run, boolean more, boolean confirming) {
    }

    /** Keeps the task for later: after 10 s, doubling with each failure, at most an hour. */
    void failTask(UUID run, String error) {
        jdbc.sql("""
                update detection_task
                set attempts = attempts + 1, last_error = :error,
                    next_attempt_at = now() + least(interval '1 hour', interval '10 seconds' * power(2, attempts))
                where run_id = :run
                """)
            .param("run", run)
            .param("error", error)
            .update();
    }

    private static RunRow runRow(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new RunRow(rs.getObject("id", UUID.class), rs.getLong("project_id"), rs.getString("project"),
                rs.getString("repository"), rs.getString("default_branch"), rs.getLong("branch_id"),
                rs.getString("branch"), rs.getLong("commit_id"), rs.getString("host_class"));
    }

    record RunRow(UUID id, long project, String projectName, String repository, String defaultBranch, long branch,
            String branchName, long commit, String hostClass) {
    }

    record SeriesRow(long id, String direction, String benchmark, String caseKey, String metric) {

        String name() {
            return benchmark + " " + caseKey + " " + metric;
        }
    }

    /** {@link #points}' statement: the result table alone, a key range per series (RunResultsPlanTest). */
    static final String RECENT_POINTS = """
                with arrived as (
                    -- the runs of the run's commit stored up to it: those stored after it are detected after it
                    select o.id
                    from run me
                    join run o on o.commit_id = me.commit_id
                    where me.id = :run
                      and (o.created_at, o.id) <= (me.created_at, me.id))
                select r.series_id, r.commit_id, r.position, r.run_id, r.score, r.error
                from unnest(cast(:series as bigint[]), cast(:positions as numeric[]), cast(:everyRun as boolean[]))
                     as s(id, position, every_run)
                cross join lateral (select series_id, commit_id, position, run_id, score, error
                                    from result
                                    where series_id = s.id and position <= s.position
                                      and (position < s.position or run_id in (select id from arrived))
                                      and (s.every_run
                                           or not exists (select 1 from run_noise n
                                                          where n.run_id = result.run_id and n.noisy))
                                    -- re-runs by score: their order is the values', not the run ids' (below);
                                    -- which re-runs of the oldest commit are kept is the cache's choice too
                                    order by position desc, score desc, run_id desc
                                    limit :limit) r
                order by r.series_id, r.position, r.score, r.run_id
                """;

    /**
     * The newest {@link #POINTS} results of each series up to the run's commit, oldest first per series. Up to the
     * run's commit, not the newest stored: each run is detected on the history as it stood at its commit, as
     * {@code detect --replay} does, so the outcome is the same whether an import arrives in a burst or a run a night.
     * Of the run's own commit, only the runs stored up to it: a commit benchmarked several times (Lettuce's nightly
     * job measures whatever main is, up to 9 entries of one commit in a row) was decided on its first run alone when
     * the runs came a night apart and on all of them when they came in one burst, and what a detection decides
     * (a change point, a lapse) stands: three imports of one file gave 94, 98 and 99 change points.
     * The statement reads the result table alone: each series' position and loaded-host rule come from the run's own
     * results ({@link SeriesPoints#own}). Joined to the series and metric tables by the unnest of their ids,
     * PostgreSQL hashed every series of the database to find a run's 250 (72 ms on 51,501 series at scale).
     */
    List<PointRow> points(List<SeriesPoints.Own> own) {
        long[] series = new long[own.size()];
        // as text: an exact numeric each, where pgjdbc binds no array of BigDecimal
        String[] positions = new String[own.size()];
        Boolean[] everyRun = new Boolean[own.size()];
        for (int i = 0; i < series.length; i++) {
            series[i] = own.get(i).series().id();
            positions[i] = own.get(i).point().position().toPlainString();
            // a host that moved skews times, not bytes or collections per operation
            everyRun[i] = COUNTED_ON_LOADED_HOSTS.contains(own.get(i).series().metric());
        }
        return withSamples(jdbc.sql(RECENT_POINTS)
            .param("run", own.get(0).point().run())
            .param("series", series)
            .param("positions", positions)
            .param("everyRun", everyRun)
            .param("limit", POINTS)
            .query(PipelineStore::point)
            .list());
    }

    /** The series' whole stored history (its newest {@link #HISTORY} results), oldest first, as detection reads it. */
    List<PointRow> history(long series) {
        return withSamples(jdbc.sql("""
                select r.series_id, r.commit_id, r.position, r.run_id, r.score, r.error
                from (select series_id, commit_id, position, run_id, score, error
                      from result
                      where series_id = :series
                        and ((select m.name from series s join metric m on m.id = s.metric_id where s.id = :series)
                                 in ('gc.alloc.rate.norm', 'gc.count')
                             or not exists (select 1 from run_noise n where n.run_id = result.run_id and n.noisy))
                      order by position desc, score desc, run_id desc
                      limit :limit) r
                order by r.position, r.score, r.run_id
                """)
            .param("series", series)
            .param("limit", HISTORY)
            .query(PipelineStore::point)
            .list());
    }

    private static PointRow point(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new PointRow(rs.getLong("series_id"), rs.getLong("commit_id"), rs.getBigDecimal("position"),
                rs.getObject("run_id", UUID.class), rs.getDouble("score"),
                rs.getObject("error") == null ? Double.NaN : rs.getDouble("error"), null);
    }

    /**
     * The rows with their samples: from the cache, and for those not in it, read by primary key in one statement,
     * parsed and kept. Reading the points without their samples lets the statement above stay on the covering index.
     */
    private List<PointRow> withSamples(List<PointRow> rows) {
        java.util.Map<SampleCache.Key, SampleCache.Samples> found = new java.util.HashMap<>();
        List<SampleCache.Key> missing = new java.util.ArrayList<>();
        for (PointRow row : rows) {
            SampleCache.Key key = new SampleCache.Key(row.run(), row.series());
            SampleCache.Samples kept = samples.get(key);
            if (kept == null) {
                missing.add(key);
            }
            else {
                found.put(key, kept);
            }
        }
        if (!missing.isEmpty()) {
            java.util.Map<SampleCache.Key, Double> scores = new java.util.HashMap<>();
            for (PointRow row : rows) {
                scores.put(new SampleCache.Key(row.run(), row.series()), row.score());
            }
            jdbc.sql("""
                    select r.run_id, r.series_id, r.samples
                    from unnest(cast(:runs as uuid[]), cast(:series as bigint[])) as k(run_id, series_id)
                    -- one key lookup per pair whatever the plan (GenericPlans): joined plainly, the generic plan, which
                    -- cannot count the pairs, read result whole (6 ms a run where the lookups took 0.09)
                    cross join lateral (select run_id, series_id, samples from result
                                        where run_id = k.run_id and series_id = k.series_id
                                        limit 1) as r
                    """)
                .param("runs", missing.stream().map(SampleCache.Key::run).toArray(UUID[]::new))
                .param("series", missing.stream().mapToLong(SampleCache.Key::series).toArray())
                .query((rs, n) -> {
                    SampleCache.Key key = new SampleCache.Key(rs.getObject("run_id", UUID.class),
                            rs.getLong("series_id"));
                    java.sql.Array stored = rs.getArray("samples");
                    double[][] forks = ForkSamples.of(stored == null ? null : stored.getArray());
                    SampleCache.Samples kept = new SampleCache.Samples(forks,
                            dev.perfwatch.detection.Point.reduce(scores.get(key), forks));
                    samples.put(key, kept);
                    found.put(key, kept);
                    return key;
                })
                .list();
        }
        List<PointRow> out = new java.util.ArrayList<>(rows.size());
        for (PointRow row : rows) {
            out.add(row.with(found.get(new SampleCache.Key(row.run(), row.series()))));
        }
        return out;
    }

    /** Keeps a result's samples read elsewhere (the run's own, SeriesPoints.own), so the statement above finds them. */
    void keepSamples(PointRow row) {
        samples.put(new SampleCache.Key(row.run(), row.series()), new SampleCache.Samples(row.forks(), row.value()));
    }

    /**
     * {@code forks}: the result's samples, forks × iterations, finite ones only (ForkSamples.parse); {@code value}:
     * the detector's reduction of them (Point.reduce), made once with the samples and kept with the row, so that the
     * recent points (RecentPoints) are not reduced again for every later run of the series; null without samples.
     */
    record PointRow(long series, long commit, java.math.BigDecimal position, UUID run, double score, double error,
            double[][] forks, dev.perfwatch.detection.RunValue value) {

        PointRow(long series, long commit, java.math.BigDecimal position, UUID run, double score, double error,
                double[][] forks) {
            this(series, commit, position, run, score, error, forks,
                    forks == null ? null : dev.perfwatch.detection.Point.reduce(score, forks));
        }

        PointRow with(SampleCache.Samples samples) {
            return samples == null ? new PointRow(series, commit, position, run, score, error, new double[0][])
                    : new PointRow(series, commit, position, run, score, error, samples.forks(), samples.value());
        }
    }

    /** How long ago the commit was made; empty when its time is unknown. */
    Optional<java.time.Duration> commitAge(long commit) {
        return jdbc.sql("select extract(epoch from now() - time) from commit where id = :id and time is not null")
            .param("id", commit)
            .query(Double.class)
            .optional()
            .map(seconds -> java.time.Duration.ofMillis(Math.round(seconds * 1000)));
    }

    /** {@link #noise}' statement (RunResultsPlanTest explains it on many series). */
    static final String NOISE = """
                update series s
                set noise = nullif(n.noise, 'NaN'), minimal_detectable_change = nullif(n.mdc, 'NaN'),
                    noise_in_unit = n.in_unit, noise_note = n.note, detected_at = now(),
                    detected_position = greatest(s.detected_position, :position)
                from unnest(cast(:series as bigint[]), cast(:noise as float8[]), cast(:mdc as float8[]),
                            cast(:inUnit as boolean[]), cast(:notes as text[])) as n(id, noise, mdc, in_unit, note)
                cross join (select set_config('synchronous_commit',
                                              case when :uneventful then 'off' else current_setting('synchronous_commit') end,
                                              true)) as commit_mode
                -- the series by key: joined by the unnest alone, PostgreSQL hashed every series of the database
                where s.id = n.id and s.id = any(cast(:series as bigint[]))
                returning s.id, cast(cast(s.xmin as text) as bigint) as stamp
                """;

    /**
     * {@code inUnit}: the two numbers are in the metric's unit (a near-zero metric), not relative; {@code notes}: why
     * a series is not judged (its numbers NaN), null where it is. Also moves each series' {@code detected_position}
     * up to the run's commit's {@code position} on the branch (every result of the run is at it: a parameter, where a
     * join to the results was planned anew for every run). Returns each series' row version after the write
     * (SeriesPoints' stamp).
     * <p>
     * {@code uneventful}: the detection found nothing, closed nothing and replayed nothing, so all it writes is this and
     * the taken task; then its commit does not wait for the disk ({@code synchronous_commit} off for this transaction
     * alone). Should the database crash before the write reaches the disk, the task is back with it and the detection
     * is simply done again: nothing a run stored is at stake, and nobody was notified. A durable commit of one
     * detection per run was a disk flush per run (10,000 for an import).
     */
    java.util.Map<Long, Long> noise(java.math.BigDecimal position, long[] series, double[] noise,
            double[] minimalDetectableChange, boolean[] inUnit, String[] notes, boolean uneventful) {
        Boolean[] units = new Boolean[inUnit.length];
        for (int i = 0; i < units.length; i++) {
            units[i] = inUnit[i];
        }
        return jdbc.sql(NOISE)
            .param("position", position)
            .param("series", series)
            .param("noise", noise)
            .param("mdc", minimalDetectableChange)
            .param("inUnit", units)
            .param("notes", notes)
            .param("uneventful", uneventful)
            .query((rs, n) -> java.util.Map.entry(rs.getLong("id"), rs.getLong("stamp")))
            .list()
            .stream()
            .collect(java.util.stream.Collectors.toMap(java.util.Map.Entry::getKey, java.util.Map.Entry::getValue));
    }

    /** Per series: how many runs it holds, and how many of them were on a loaded host (kept out of detection). */
    java.util.Map<Long, long[]> loadedRuns(long[] series) {
        java.util.Map<Long, long[]> counts = new java.util.HashMap<>();
        jdbc.sql("""
                select r.series_id, count(*) as runs, count(*) filter (where n.noisy) as loaded
                from result r
                left join run_noise n on n.run_id = r.run_id
                where r.series_id = any(cast(:series as bigint[]))
                group by r.series_id
                """)
            .param("series", series)
            .query((rs, row) -> counts.put(rs.getLong("series_id"),
                    new long[] { rs.getLong("loaded"), rs.getLong("runs") }))
            .list();
        return counts;
    }
}
