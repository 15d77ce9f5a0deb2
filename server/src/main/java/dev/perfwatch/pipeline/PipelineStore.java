package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The pipeline's SQL: the detection queue, the points detection reads, suspects and confirmations. */
@Repository
class PipelineStore {

    /** Results read per series for detection: the detector's four windows of 40 commits, and re-runs. */
    static final int POINTS = 200;

    private final JdbcClient jdbc;

    PipelineStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void enqueue(UUID run) {
        jdbc.sql("insert into detection_task (run_id) values (:run) on conflict do nothing").param("run", run).update();
    }

    /** The oldest due run, locked until the transaction ends; other instances skip it. */
    Optional<UUID> takeTask(String project) {
        return jdbc.sql("""
                select t.run_id
                from detection_task t
                join run r on r.id = t.run_id
                join project p on p.id = r.project_id
                where t.next_attempt_at <= now() and (cast(:project as text) is null or p.name = :project)
                order by t.next_attempt_at, t.created_at
                limit 1
                for update of t skip locked
                """)
            .param("project", project)
            .query(UUID.class)
            .optional();
    }

    void deleteTask(UUID run) {
        jdbc.sql("delete from detection_task where run_id = :run").param("run", run).update();
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

    Optional<RunRow> run(UUID run) {
        return jdbc.sql("""
                select r.id, r.project_id, p.name as project, p.repository, p.default_branch, r.branch_id,
                       b.name as branch, r.commit_id, r.host_class
                from run r
                join project p on p.id = r.project_id
                join branch b on b.id = r.branch_id
                where r.id = :run
                """)
            .param("run", run)
            .query((rs, row) -> new RunRow(rs.getObject("id", UUID.class), rs.getLong("project_id"),
                    rs.getString("project"), rs.getString("repository"), rs.getString("default_branch"),
                    rs.getLong("branch_id"), rs.getString("branch"), rs.getLong("commit_id"),
                    rs.getString("host_class")))
            .optional();
    }

    record RunRow(UUID id, long project, String projectName, String repository, String defaultBranch, long branch,
            String branchName, long commit, String hostClass) {
    }

    /** The series of a run, with what detection needs to know of each. */
    List<SeriesRow> seriesOf(UUID run) {
        return jdbc.sql("""
                select s.id, m.direction, b.name as benchmark, c.key, m.name as metric
                from result r
                join series s on s.id = r.series_id
                join metric m on m.id = s.metric_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                where r.run_id = :run
                order by s.id
                """)
            .param("run", run)
            .query((rs, row) -> new SeriesRow(rs.getLong("id"), rs.getString("direction"), rs.getString("benchmark"),
                    rs.getString("key"), rs.getString("metric")))
            .list();
    }

    record SeriesRow(long id, String direction, String benchmark, String caseKey, String metric) {

        String name() {
            return benchmark + " " + caseKey + " " + metric;
        }
    }

    /** The newest {@link #POINTS} results of each series, oldest first per series. */
    List<PointRow> points(long[] series) {
        return jdbc.sql("""
                select r.series_id, r.commit_id, r.position, r.run_id, r.score, r.error, cast(r.samples as text) as samples
                from unnest(cast(:series as bigint[])) as s(id)
                cross join lateral (select series_id, commit_id, position, run_id, score, error, samples
                                    from result
                                    where series_id = s.id
                                    order by position desc
                                    limit :limit) r
                order by r.series_id, r.position, r.run_id
                """)
            .param("series", series)
            .param("limit", POINTS)
            .query((rs, row) -> new PointRow(rs.getLong("series_id"), rs.getLong("commit_id"),
                    rs.getBigDecimal("position"), rs.getObject("run_id", UUID.class), rs.getDouble("score"),
                    rs.getObject("error") == null ? Double.NaN : rs.getDouble("error"), rs.getString("samples")))
            .list();
    }

    record PointRow(long series, long commit, java.math.BigDecimal position, UUID run, double score, double error,
            String samples) {
    }

    void noise(long[] series, double[] noise, double[] minimalDetectableChange) {
        jdbc.sql("""
                update series s
                set noise = nullif(n.noise, 'NaN'), minimal_detectable_change = nullif(n.mdc, 'NaN'), detected_at = now()
                from unnest(cast(:series as bigint[]), cast(:noise as float8[]), cast(:mdc as float8[]))
                     as n(id, noise, mdc)
                where s.id = n.id
                """)
            .param("series", series)
            .param("noise", noise)
            .param("mdc", minimalDetectableChange)
            .update();
    }

    List<SuspectRow> suspects(long[] series) {
        return jdbc.sql(SUSPECT_SELECT + " where s.series_id = any(cast(:series as bigint[])) order by s.id")
            .param("series", series)
            .query(PipelineStore::suspect)
            .list();
    }

    List<SuspectRow> confirming(long confirmation) {
        return jdbc.sql(SUSPECT_SELECT + " where s.confirmation_id = :confirmation and s.status = 'confirming' "
                + "order by s.id")
            .param("confirmation", confirmation)
            .query(PipelineStore::suspect)
            .list();
    }

    private static final String SUSPECT_SELECT = """
            select s.id, s.series_id, s.first_bad_commit_id, s.last_good_commit_id, s.direction, s.magnitude,
                   s.confidence, s.before_value, s.before_lower, s.before_upper, s.before_points, s.after_value,
                   s.after_lower, s.after_upper, s.after_points, s.run_ids, s.status, se.case_id, se.metric_id,
                   b.name as benchmark
            from suspect s
            join series se on se.id = s.series_id
            join benchmark_case c on c.id = se.case_id
            join benchmark b on b.id = c.benchmark_id
            """;

    private static SuspectRow suspect(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        UUID[] runs = (UUID[]) rs.getArray("run_ids").getArray();
        return new SuspectRow(rs.getLong("id"), rs.getLong("series_id"), rs.getLong("first_bad_commit_id"),
                rs.getLong("last_good_commit_id"), rs.getString("direction"), rs.getDouble("magnitude"),
                rs.getDouble("confidence"),
                new Level(rs.getDouble("before_value"), rs.getDouble("before_lower"), rs.getDouble("before_upper"),
                        rs.getInt("before_points")),
                new Level(rs.getDouble("after_value"), rs.getDouble("after_lower"), rs.getDouble("after_upper"),
                        rs.getInt("after_points")),
                Arrays.asList(runs), rs.getString("status"), rs.getLong("case_id"), rs.getLong("metric_id"),
                rs.getString("benchmark"));
    }

    record Level(double value, double lower, double upper, int points) {
    }

    record SuspectRow(long id, long series, long firstBad, long lastGood, String direction, double magnitude,
            double confidence, Level before, Level after, List<UUID> runs, String status, long caseId, long metricId,
            String benchmark) {
    }

    /** Stores a new suspect; empty when the series already has one at that commit (another instance was first). */
    Optional<Long> insertSuspect(long series, long firstBad, long lastGood, String direction, double magnitude,
            double confidence, Level before, Level after, List<UUID> runs, String status, Long confirmation) {
        return jdbc.sql("""
                insert into suspect (series_id, first_bad_commit_id, last_good_commit_id, direction, magnitude,
                                     confidence, before_value, before_lower, before_upper, before_points, after_value,
                                     after_lower, after_upper, after_points, run_ids, status, confirmation_id)
                values (:series, :firstBad, :lastGood, :direction, :magnitude, :confidence, :beforeValue, :beforeLower,
                        :beforeUpper, :beforePoints, :afterValue, :afterLower, :afterUpper, :afterPoints,
                        cast(:runs as uuid[]), :status, :confirmation)
                on conflict (series_id, first_bad_commit_id) do nothing
                returning id
                """)
            .param("series", series)
            .param("firstBad", firstBad)
            .param("lastGood", lastGood)
            .param("direction", direction)
            .param("magnitude", magnitude)
            .param("confidence", confidence)
            .param("beforeValue", before.value())
            .param("beforeLower", before.lower())
            .param("beforeUpper", before.upper())
            .param("beforePoints", before.points())
            .param("afterValue", after.value())
            .param("afterLower", after.lower())
            .param("afterUpper", after.upper())
            .param("afterPoints", after.points())
            .param("runs", runs.toArray(UUID[]::new))
            .param("status", status)
            .param("confirmation", confirmation)
            .query(Long.class)
            .optional();
    }

    /** The change is confirmed: its confidence becomes the confirmation's. */
    void confirmed(long suspect, double confidence, String verdict) {
        jdbc.sql("update suspect set confidence = :confidence, verdict = :verdict where id = :id")
            .param("id", suspect)
            .param("confidence", confidence)
            .param("verdict", verdict)
            .update();
    }

    /** The final status, with a note after the verdict that led to it. */
    void decideStatus(long suspect, String status, String note) {
        jdbc.sql("update suspect set status = :status, verdict = coalesce(verdict || '; ', '') || :note where id = :id")
            .param("id", suspect)
            .param("status", status)
            .param("note", note)
            .update();
    }

    void decideSuspect(long suspect, String status, String verdict) {
        jdbc.sql("update suspect set status = :status, verdict = :verdict where id = :id")
            .param("id", suspect)
            .param("status", status)
            .param("verdict", verdict)
            .update();
    }

    /** The alerted changes of the series before the commit, newest first: a later change may restore them. */
    List<SuspectRow> alerted(long series) {
        return jdbc.sql(SUSPECT_SELECT + " where s.series_id = :series and s.status = 'alerted' order by s.id desc")
            .param("series", series)
            .query(PipelineStore::suspect)
            .list();
    }

    /** The confirmation of the commit on the host class, created if there is none, locked. */
    ConfirmationRow confirmation(long project, long branch, String hostClass, long bad, long good, String spec) {
        jdbc.sql("""
                insert into confirmation (project_id, branch_id, host_class, bad_commit_id, good_commit_id, spec, round)
                values (:project, :branch, :hostClass, :bad, :good, cast(:spec as jsonb), 0)
                on conflict (project_id, bad_commit_id, host_class) do nothing
                """)
            .param("project", project)
            .param("branch", branch)
            .param("hostClass", hostClass)
            .param("bad", bad)
            .param("good", good)
            .param("spec", spec)
            .update();
        return jdbc.sql(CONFIRMATION_SELECT
                + " where c.project_id = :project and c.bad_commit_id = :bad and c.host_class = :hostClass for update")
            .param("project", project)
            .param("bad", bad)
            .param("hostClass", hostClass)
            .query(PipelineStore::confirmation)
            .single();
    }

    /**
     * A running confirmation whose round has ended (no job of it queued or running), locked; one another instance
     * is deciding is skipped.
     */
    List<ConfirmationRow> lockSettleable(String project) {
        return jdbc.sql(CONFIRMATION_SELECT + """
                 where c.status = 'running'
                   and (cast(:project as text) is null
                        or c.project_id = (select id from project where name = :project))
                   and not exists (select 1 from confirmation_job cj join job j on j.id = cj.job_id
                                   where cj.confirmation_id = c.id and cj.round = c.round
                                     and j.status in ('queued', 'running'))
                 order by c.id
                 limit 1
                 for update of c skip locked
                """)
            .param("project", project)
            .query(PipelineStore::confirmation)
            .list();
    }

    private static final String CONFIRMATION_SELECT = """
            select c.id, c.project_id, c.branch_id, c.host_class, c.bad_commit_id, c.good_commit_id, c.status,
                   c.round, cast(c.spec as text) as spec, c.phase, c.commits, c.lo, c.hi, c.step_round,
                   (select sha from commit where id = c.good_commit_id) as good_sha,
                   (select sha from commit where id = c.bad_commit_id) as bad_sha,
                   (select parents[1] from commit where id = c.bad_commit_id) as bad_parent
            from confirmation c
            """;

    private static ConfirmationRow confirmation(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new ConfirmationRow(rs.getLong("id"), rs.getLong("project_id"), rs.getLong("branch_id"),
                rs.getString("host_class"), rs.getLong("bad_commit_id"), rs.getLong("good_commit_id"),
                rs.getString("status"), rs.getInt("round"), rs.getString("spec"), rs.getString("phase"),
                List.of((String[]) rs.getArray("commits").getArray()), rs.getInt("lo"), rs.getInt("hi"),
                rs.getInt("step_round"), rs.getString("good_sha"), rs.getString("bad_sha"),
                rs.getString("bad_parent"));
    }

    /**
     * @param commits in the bisect phase, the first-parent commits after good up to bad, oldest first; position
     *     0 of a range is good, position i (1..n) is commits[i - 1]
     * @param badParent the bad commit's first parent as its upload said, null when unknown
     */
    record ConfirmationRow(long id, long project, long branch, String hostClass, long bad, long good, String status,
            int round, String spec, String phase, List<String> commits, int lo, int hi, int stepRound,
            String goodSha, String badSha, String badParent) {

        /** The sha at a position of the bisected range: 0 is good, n is bad. */
        String at(int position) {
            return position == 0 ? goodSha : commits.get(position - 1);
        }
    }

    void startRound(long confirmation, int round, int stepRound) {
        jdbc.sql("""
                update confirmation set status = 'running', round = :round, step_round = :stepRound, decided_at = null
                where id = :id
                """)
            .param("id", confirmation)
            .param("round", round)
            .param("stepRound", stepRound)
            .update();
    }

    /** Enters (or moves) the bisection: the culprit is among positions (lo, hi] of the commits. */
    void bisect(long confirmation, List<String> commits, int lo, int hi, String decision) {
        jdbc.sql("""
                update confirmation set phase = 'bisect', commits = cast(:commits as text[]), lo = :lo, hi = :hi,
                                        decision = :decision
                where id = :id
                """)
            .param("id", confirmation)
            .param("commits", commits.toArray(String[]::new))
            .param("lo", lo)
            .param("hi", hi)
            .param("decision", decision)
            .update();
    }

    ConfirmationRow find(long confirmation) {
        return jdbc.sql(CONFIRMATION_SELECT + " where c.id = :id").param("id", confirmation)
            .query(PipelineStore::confirmation)
            .single();
    }

    /** Back to comparing good and bad, for a series suspected at the commit after the confirmation ended. */
    void reopen(long confirmation) {
        jdbc.sql("update confirmation set phase = 'confirm', commits = '{}', lo = null, hi = null where id = :id")
            .param("id", confirmation)
            .update();
    }

    Optional<Long> commitId(long project, String sha) {
        return jdbc.sql("select id from commit where project_id = :project and sha = :sha")
            .param("project", project)
            .param("sha", sha)
            .query(Long.class)
            .optional();
    }


    void decide(long confirmation, String status, String decision) {
        jdbc.sql("update confirmation set status = :status, decision = :decision, decided_at = now() where id = :id")
            .param("id", confirmation)
            .param("status", status)
            .param("decision", decision)
            .update();
    }

    void addJob(long confirmation, UUID job, int round, String commit) {
        jdbc.sql("""
                insert into confirmation_job (job_id, confirmation_id, round, commit_sha)
                values (:job, :confirmation, :round, :commit)
                """)
            .param("job", job)
            .param("confirmation", confirmation)
            .param("round", round)
            .param("commit", commit)
            .update();
    }

    /** The confirmation's jobs, with where they stand and the run of each that succeeded. */
    List<JobRow> jobs(long confirmation) {
        return jdbc.sql("""
                select cj.job_id, cj.round, cj.commit_sha, j.status, j.run_id
                from confirmation_job cj join job j on j.id = cj.job_id
                where cj.confirmation_id = :confirmation
                order by cj.round, j.priority desc
                """)
            .param("confirmation", confirmation)
            .query((rs, row) -> new JobRow(rs.getObject("job_id", UUID.class), rs.getInt("round"),
                    rs.getString("commit_sha"), rs.getString("status"), rs.getObject("run_id", UUID.class)))
            .list();
    }

    record JobRow(UUID job, int round, String commit, String status, UUID run) {

        boolean finished() {
            return status.equals("succeeded") || status.equals("failed") || status.equals("cancelled");
        }
    }

    /** The per-fork samples of the runs, per (case, metric): a confirmation run is on its own branch's series. */
    List<SampleRow> samples(List<UUID> runs) {
        if (runs.isEmpty()) {
            return new ArrayList<>();
        }
        return jdbc.sql("""
                select r.run_id, c.sha, s.case_id, s.metric_id, cast(r.samples as text) as samples
                from result r join series s on s.id = r.series_id join commit c on c.id = r.commit_id
                where r.run_id = any(cast(:runs as uuid[]))
                """)
            .param("runs", runs.toArray(UUID[]::new))
            .query((rs, row) -> new SampleRow(rs.getObject("run_id", UUID.class), rs.getString("sha"),
                    rs.getLong("case_id"), rs.getLong("metric_id"), rs.getString("samples")))
            .list();
    }

    record SampleRow(UUID run, String commit, long caseId, long metricId, String samples) {
    }

    Optional<String> sha(long commit) {
        return jdbc.sql("select sha from commit where id = :id").param("id", commit).query(String.class).optional();
    }

    /** The job that measured one of the runs (a run's id is its job attempt's id), if any did. */
    Optional<UUID> jobOfRuns(List<UUID> runs) {
        return jdbc.sql("""
                select a.job_id from job_attempt a
                where a.id = any(cast(:runs as uuid[]))
                order by a.started_at desc
                limit 1
                """)
            .param("runs", runs.toArray(UUID[]::new))
            .query(UUID.class)
            .optional();
    }
}
