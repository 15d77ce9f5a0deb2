package dev.perfwatch.series;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Read-side SQL: projects, benchmarks, series and their points in branch order. */
@Repository
class SeriesQueries {

    private final JdbcClient jdbc;

    private final CommitCache commits;

    private final SeriesPacks packs;

    SeriesQueries(JdbcClient jdbc, CommitCache commits, SeriesPacks packs) {
        this.jdbc = jdbc;
        this.commits = commits;
        this.packs = packs;
    }

    List<SeriesViews.Project> projects() {
        return jdbc.sql("""
                select p.id, p.name, p.repository, p.default_branch,
                       coalesce(array(select b.name from branch b where b.project_id = p.id order by b.name),
                                '{}') as branches
                from project p
                order by p.name
                """)
            .query((rs, row) -> new SeriesViews.Project(rs.getLong("id"), rs.getString("name"),
                    rs.getString("repository"), rs.getString("default_branch"), strings(rs, "branches")))
            .list();
    }

    static final int JUDGING_NOTES = 3;

    /**
     * {@link SeriesViews.Judging} of a project: two passes over its series, by {@code series}' project key. Series
     * detection never works on ({@code quiet} metrics, branches neither the project's default nor {@code tracked})
     * are counted apart: "waiting for detection" would never end for them.
     */
    SeriesViews.Judging judging(long project, String name, List<String> quiet, List<String> tracked) {
        SeriesViews.Judging counts = jdbc.sql("""
                select count(*) filter (where d.detected) as series,
                       count(*) filter (where d.detected and d.detected_at is not null and d.noise_note is null)
                           as judged,
                       count(*) filter (where d.detected and d.detected_at is null) as waiting,
                       count(*) filter (where not d.detected) as undetected
                from (select s.detected_at, s.noise_note,
                             m.name <> all(:quiet) and (b.name = p.default_branch or b.name = any(:tracked))
                                 as detected
                      from series s
                      join metric m on m.id = s.metric_id
                      join branch b on b.id = s.branch_id
                      join project p on p.id = s.project_id
                      where s.project_id = :project) d
                """)
            .param("project", project)
            .param("quiet", quiet.toArray(String[]::new))
            .param("tracked", tracked.toArray(String[]::new))
            .query((rs, row) -> new SeriesViews.Judging(name, rs.getLong("series"), rs.getLong("judged"),
                    rs.getLong("waiting"), rs.getLong("undetected"), List.of()))
            .single();
        List<SeriesViews.JudgingNote> notes = jdbc.sql("""
                select s.noise_note as note, count(*) as series
                from series s
                where s.project_id = :project and s.noise_note is not null
                group by s.noise_note
                order by count(*) desc, s.noise_note
                limit :limit
                """)
            .param("project", project)
            .param("limit", JUDGING_NOTES)
            .query((rs, row) -> new SeriesViews.JudgingNote(rs.getString("note"), rs.getLong("series")))
            .list();
        return new SeriesViews.Judging(name, counts.series(), counts.judged(), counts.waiting(), counts.undetected(),
                notes);
    }

    Optional<Long> projectId(String name) {
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).optional();
    }

    List<SeriesViews.Benchmark> benchmarks(long project) {
        return jdbc.sql("""
                select b.id, b.name, count(c.id) as cases
                from benchmark b left join benchmark_case c on c.benchmark_id = b.id
                where b.project_id = :project
                group by b.id, b.name
                order by b.name
                """)
            .param("project", project)
            .query((rs, row) -> new SeriesViews.Benchmark(rs.getLong("id"), rs.getString("name"), rs.getInt("cases")))
            .list();
    }

    /** Series of a project; every filter is optional and matched exactly. */
    List<SeriesViews.Series> series(long project, String benchmark, String metric, String hostClass, String branch) {
        return jdbc.sql("""
                select s.id, p.name as project, br.name as branch, b.name as benchmark,
                       c.id as case_id, c.mode, c.threads, c.params,
                       m.name as metric, m.unit, m.direction,
                       e.id as environment_id, e.host_class, e.jdk_version, e.vm_name, e.vm_version, e.jvm_args,
                       s.noise, s.minimal_detectable_change, s.noise_in_unit, s.noise_note
                from series s
                join project p on p.id = s.project_id
                join branch br on br.id = s.branch_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                where s.project_id = :project
                  and (cast(:benchmark as text) is null or b.name = :benchmark)
                  and (cast(:metric as text) is null or m.name = :metric)
                  and (cast(:hostClass as text) is null or e.host_class = :hostClass)
                  and (cast(:branch as text) is null or br.name = :branch)
                order by b.name, c.key, m.name, e.host_class, e.id
                """)
            .param("project", project)
            .param("benchmark", benchmark)
            .param("metric", metric)
            .param("hostClass", hostClass)
            .param("branch", branch)
            .query(SeriesQueries::series)
            .list();
    }

    Optional<SeriesViews.Series> series(long id) {
        return jdbc.sql("""
                select s.id, p.name as project, br.name as branch, b.name as benchmark,
                       c.id as case_id, c.mode, c.threads, c.params,
                       m.name as metric, m.unit, m.direction,
                       e.id as environment_id, e.host_class, e.jdk_version, e.vm_name, e.vm_version, e.jvm_args,
                       s.noise, s.minimal_detectable_change, s.noise_in_unit, s.noise_note
                from series s
                join project p on p.id = s.project_id
                join branch br on br.id = s.branch_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                where s.id = :id
                """)
            .param("id", id)
            .query(SeriesQueries::series)
            .optional();
    }

    /**
     * The version of a series that {@link ReadCache} holds answers at: how many results it has, summed from
     * result_block (V19: a row per block, or a few until they are folded; the fold keeps the sums), about one
     * index entry per 32 results instead of one per result. Results are only ever added, so the count changes with
     * every result stored in the series and never comes back to an earlier value. 0 for a series without results,
     * or none at all.
     */
    long version(long series) {
        return jdbc.sql("select cast(coalesce(sum(count), 0) as bigint) from result_block where series_id = :series")
            .param("series", series)
            .query(Long.class)
            .single();
    }

    /**
     * The points statement of both forms: an index-only range scan over result (series_id, position), read
     * backwards, the newest {@code limit} in range, newest first; the readers turn it into branch order.
     */
    static final String POINTS = """
            -- only the noisy runs (V25's index of them; a reason is stored exactly when noisy): joined to all of
            -- run_noise, a row per run wherever runners check their hosts, every read hashed the whole table.
            -- Materialized once per read: joined directly, an empty or nearly empty run_noise was rescanned for
            -- every point (a nested loop: each rescan of a table asks the file system for its size)
            with n as materialized (select run_id, true as noisy, reason from run_noise where noisy)
            select r.commit_id, r.score, r.error, r.ci_lower, r.ci_upper, r.run_id, r.recorded_at,
                   coalesce(n.noisy, false) as noisy, n.reason as noise_reason
            from (select commit_id, position, run_id, score, error, ci_lower, ci_upper,
                         -- results stored before V16 have no copy of their run's time: coalesce evaluates
                         -- the subquery only for those
                         coalesce(recorded_at, (select created_at from run where run.id = result.run_id))
                             as recorded_at
                  from result
                  where series_id = :series
                    and position >= coalesce(cast(:from as numeric), '-Infinity')
                    and position <= coalesce(cast(:to as numeric), 'Infinity')
                  order by position desc
                  limit :limit) r
            left join n on n.run_id = r.run_id
            -- the scan's own order, newest first: Java reverses it (BranchOrder) rather than PostgreSQL sorting
            -- 10,000 numeric positions and uuids again (a third of the statement's time)
            order by r.position desc
            """;

    /**
     * The newest {@code limit} points of a series in branch order, optionally only commits made since a time and only
     * positions in a range (both ends inclusive, null for open). The statement is an index-only range scan over
     * result (series_id, position), read backwards; each point's commit (sha, time, author and the subject line of
     * its message: the whole message is a commit's detail, not a timeline's) comes from {@link CommitCache}, which
     * reads only the commits it does not hold.
     */
    List<SeriesViews.Point> points(long series, int limit, Instant since, PointRange.Positions range) {
        List<Stored> stored = jdbc.sql(POINTS)
            .param("series", series)
            .param("limit", limit)
            .param("from", range.from())
            .param("to", range.to())
            .query(SeriesQueries::stored)
            .list();
        stored = BranchOrder.of(stored, Stored::commit, Stored::run);
        Map<Long, SeriesViews.Commit> commits = this.commits.commits(
                stored.stream().mapToLong(Stored::commit).toArray());
        List<SeriesViews.Point> points = new ArrayList<>(stored.size());
        for (Stored s : stored) {
            SeriesViews.Commit commit = commits.get(s.commit());
            // a commit without a time is placed by when its run was recorded, as the timeline draws it
            Instant drawnAt = commit.time() != null ? commit.time() : s.recordedAt();
            if (since == null || (drawnAt != null && !drawnAt.isBefore(since))) {
                points.add(new SeriesViews.Point(commit, s.score(), s.error(), s.ciLower(), s.ciUpper(), s.run(),
                        s.recordedAt(), s.noisy(), s.noiseReason()));
            }
        }
        return points;
    }

    /** The points of {@link #points} as columns, and their commits. */
    record Columns(PointColumns points, Map<Long, SeriesViews.Commit> commits) {
    }

    /**
     * The same points as {@link #points}, kept as columns of primitives (the {@code form=columns} read). A read of
     * the whole series (no from or to) takes them from the series' packs ({@link SeriesPacks}) where it can.
     */
    Columns columns(long series, int limit, Instant since, PointRange.Positions range) {
        PointColumns columns = range.from() == null && range.to() == null ? packs.newest(series, limit) : null;
        if (columns == null) {
            columns = byStatement(series, limit, range);
        }
        return inBranchOrder(columns, since);
    }

    /** The points of {@link #columns} read by {@link #POINTS} alone, as before the packs (tests compare them). */
    Columns columnsByStatement(long series, int limit, Instant since, PointRange.Positions range) {
        return inBranchOrder(byStatement(series, limit, range), since);
    }

    private PointColumns byStatement(long series, int limit, PointRange.Positions range) {
        PointColumns columns = new PointColumns(limit);
        jdbc.sql(POINTS)
            .param("series", series)
            .param("limit", limit)
            .param("from", range.from())
            .param("to", range.to())
            .query(columns::add);
        return columns;
    }

    private Columns inBranchOrder(PointColumns columns, Instant since) {
        columns.toBranchOrder();
        Map<Long, SeriesViews.Commit> commits = this.commits.commits(columns.commits());
        columns.since(since, commits);
        return new Columns(columns, commits);
    }

    /** A point as the statement reads it: its commit by id. */
    private record Stored(long commit, Double score, Double error, Double ciLower, Double ciUpper, UUID run,
            Instant recordedAt, boolean noisy, String noiseReason) {
    }

    private static Stored stored(ResultSet rs, int row) throws SQLException {
        return new Stored(rs.getLong(1), finite(rs.getDouble(2)), nullableFinite(rs, 3), nullableFinite(rs, 4),
                nullableFinite(rs, 5), rs.getObject(6, UUID.class), instant(rs.getTimestamp(7)), rs.getBoolean(8),
                rs.getString(9));
    }

    private static SeriesViews.Series series(ResultSet rs, int row) throws SQLException {
        return new SeriesViews.Series(rs.getLong("id"), rs.getString("project"), rs.getString("branch"),
                rs.getString("benchmark"),
                new SeriesViews.Case(rs.getLong("case_id"), rs.getString("mode"), rs.getInt("threads"),
                        rs.getString("params")),
                new SeriesViews.Metric(rs.getString("metric"), rs.getString("unit"), rs.getString("direction")),
                new SeriesViews.Environment(rs.getLong("environment_id"), rs.getString("host_class"),
                        rs.getString("jdk_version"), rs.getString("vm_name"), rs.getString("vm_version"),
                        strings(rs, "jvm_args")),
                nullableFinite(rs, "noise"), nullableFinite(rs, "minimal_detectable_change"),
                rs.getBoolean("noise_in_unit"), rs.getString("noise_note"));
    }

    private static List<String> strings(ResultSet rs, String column) throws SQLException {
        return Arrays.asList((String[]) rs.getArray(column).getArray());
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private static Double nullableFinite(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : finite(value);
    }

    private static Double nullableFinite(ResultSet rs, int column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : finite(value);
    }
}
