package dev.perfwatch.jobs;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The SQL of the job queue. Every state change is one conditional UPDATE on the row's current status, so that two
 * server instances (or a runner and an admin) racing on one job cannot both win.
 */
@Repository
class JobQueue {

    // The running attempt's runner and progress ride along with every job row.
    private static final String SELECT_JOB = """
            select j.*, ra.runner_name, ra.progress as current_progress
            from job j
            left join lateral (
                select r.name as runner_name, cast(a.progress as text) as progress
                from job_attempt a join runner r on r.id = a.runner_id
                where a.job_id = j.id and a.status = 'running'
                order by a.number desc limit 1
            ) ra on true
            """;

    private final JdbcClient jdbc;

    private final JsonMapper json;

    JobQueue(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    void insert(UUID id, JobSpec spec, String createdBy) {
        JobSpec.Suite suite = spec.suite();
        jdbc.sql("""
                insert into job (id, project, branch, commit_sha, repository, build_command, module_dir, jar, include,
                                 exclude, jmh_options, host_class, jvm, profile, kind, priority, status, max_attempts,
                                 timeout_seconds, created_by)
                values (:id, :project, :branch, :commit, :repository, :buildCommand, :moduleDir, :jar, :include,
                        :exclude, :jmhOptions, :hostClass, :jvm, :profile, :kind, :priority, 'queued', :maxAttempts,
                        :timeoutSeconds, :createdBy)
                """)
            .param("id", id)
            .param("project", spec.project())
            .param("branch", spec.branch())
            .param("commit", spec.commit())
            .param("repository", suite.repository())
            .param("buildCommand", suite.buildCommand())
            .param("moduleDir", suite.moduleDir())
            .param("jar", suite.jar())
            .param("include", suite.include().toArray(String[]::new))
            .param("exclude", suite.exclude().toArray(String[]::new))
            .param("jmhOptions", suite.jmhOptions().toArray(String[]::new))
            .param("hostClass", spec.hostClass())
            .param("jvm", spec.jvm())
            .param("profile", spec.profile().sql())
            .param("kind", spec.kind().sql())
            .param("priority", spec.priority())
            .param("maxAttempts", spec.maxAttempts())
            .param("timeoutSeconds", spec.timeoutSeconds())
            .param("createdBy", createdBy)
            .update();
    }

    Optional<Job> find(UUID id) {
        return jdbc.sql(SELECT_JOB + " where j.id = :id").param("id", id).query(this::job).optional();
    }

    List<Job> list(JobStatus status, String project, String hostClass, int limit) {
        return jdbc.sql(SELECT_JOB + """
                where (cast(:status as text) is null or j.status = :status)
                  and (cast(:project as text) is null or j.project = :project)
                  and (cast(:hostClass as text) is null or j.host_class = :hostClass)
                order by j.created_at desc, j.id
                limit :limit
                """)
            .param("status", status == null ? null : status.sql())
            .param("project", project)
            .param("hostClass", hostClass)
            .param("limit", limit)
            .query(this::job)
            .list();
    }

    List<Attempt> attempts(UUID job) {
        return jdbc.sql("""
                select a.*, r.name as runner_name, cast(a.progress as text) as progress_json
                from job_attempt a join runner r on r.id = a.runner_id
                where a.job_id = :job
                order by a.number
                """)
            .param("job", job)
            .query((rs, row) -> new Attempt(rs.getObject("id", UUID.class), rs.getInt("number"),
                    rs.getString("runner_name"), rs.getString("status"), instant(rs, "started_at"),
                    instant(rs, "lease_expires_at"), instant(rs, "heartbeat_at"), instant(rs, "finished_at"),
                    progress(rs.getString("progress_json")), rs.getString("failure"), rs.getString("log_tail")))
            .list();
    }

    /**
     * Takes the first queued job of the host class that the runner has a JVM for, highest priority first, and makes
     * it running. SKIP LOCKED lets concurrent leases (other runners, other server instances) pass over a row
     * another transaction is taking instead of waiting for it and then finding it gone.
     */
    Optional<LeasedJob> takeNext(String hostClass, List<String> jvms) {
        return jdbc.sql("""
                with next as (
                    select id from job
                    where status = 'queued' and host_class = :hostClass
                      and (cardinality(cast(:jvms as text[])) = 0 or jvm = any(cast(:jvms as text[])))
                    order by priority desc, created_at, id
                    limit 1
                    for update skip locked
                )
                update job set status = 'running', attempts = job.attempts + 1, updated_at = now()
                from next where job.id = next.id
                returning job.id, job.attempts
                """)
            .param("hostClass", hostClass)
            .param("jvms", jvms.toArray(String[]::new))
            .query((rs, row) -> new LeasedJob(rs.getObject("id", UUID.class), rs.getInt("attempts")))
            .optional();
    }

    /** The new attempt's number: attempts handed back do not count against the job, but keep their number. */
    int insertAttempt(UUID attempt, LeasedJob job, UUID runner, long leaseSeconds) {
        return jdbc.sql("""
                insert into job_attempt (id, job_id, number, runner_id, status, lease_expires_at, progress)
                select :id, :job, coalesce(max(number), 0) + 1, :runner, 'running',
                       now() + make_interval(secs => :lease), '{"phase": "leased"}'
                from job_attempt where job_id = :job
                returning number
                """)
            .param("id", attempt)
            .param("job", job.id())
            .param("runner", runner)
            .param("lease", leaseSeconds)
            .query(Integer.class)
            .single();
    }

    Optional<Instant> heartbeat(UUID attempt, Progress progress, String logTail, long leaseSeconds) {
        return jdbc.sql("""
                update job_attempt set lease_expires_at = now() + make_interval(secs => :lease),
                                       heartbeat_at = now(),
                                       progress = coalesce(cast(:progress as jsonb), progress),
                                       log_tail = coalesce(:logTail, log_tail)
                where id = :id and status = 'running'
                returning lease_expires_at
                """)
            .param("id", attempt)
            .param("lease", leaseSeconds)
            .param("progress", progress == null ? null : json.writeValueAsString(progress))
            .param("logTail", logTail)
            .query((rs, row) -> instant(rs, "lease_expires_at"))
            .optional();
    }

    Optional<UUID> jobOfAttempt(UUID attempt) {
        return jdbc.sql("select job_id from job_attempt where id = :id").param("id", attempt).query(UUID.class)
            .optional();
    }

    /** The attempt with its job, both locked (attempt first, then job: the order every writer uses). */
    Optional<AttemptRow> lockAttempt(UUID attempt) {
        Optional<AttemptRow> row = jdbc.sql("""
                select a.id, a.job_id, a.number, a.status, r.name as runner_name
                from job_attempt a join runner r on r.id = a.runner_id
                where a.id = :id
                for update of a
                """)
            .param("id", attempt)
            .query((rs, n) -> new AttemptRow(rs.getObject("id", UUID.class), rs.getObject("job_id", UUID.class),
                    rs.getInt("number"), rs.getString("status"), rs.getString("runner_name"), null))
            .optional();
        return row.map(a -> new AttemptRow(a.id(), a.job(), a.number(), a.status(), a.runner(),
                JobStatus.fromSql(jdbc.sql("select status from job where id = :id for update")
                    .param("id", a.job())
                    .query(String.class)
                    .single())));
    }

    void endAttempt(UUID attempt, String status, String failure, String logTail) {
        jdbc.sql("""
                update job_attempt set status = :status, finished_at = now(), failure = :failure,
                                       log_tail = coalesce(:logTail, log_tail)
                where id = :id
                """)
            .param("id", attempt)
            .param("status", status)
            .param("failure", failure)
            .param("logTail", logTail)
            .update();
    }

    /** Ends the other running attempts of a job (a late success of an expired lease won the race). */
    void cancelOtherAttempts(UUID job, UUID except) {
        jdbc.sql("""
                update job_attempt set status = 'cancelled', finished_at = now(),
                                       failure = 'another attempt of the job succeeded'
                where job_id = :job and status = 'running' and id <> :except
                """)
            .param("job", job)
            .param("except", except)
            .update();
    }

    void succeed(UUID job, UUID run) {
        jdbc.sql("""
                update job set status = 'succeeded', run_id = :run, failure = null, finished_at = now(),
                               updated_at = now()
                where id = :id
                """)
            .param("id", job)
            .param("run", run)
            .update();
    }

    void fail(UUID job, String failure) {
        jdbc.sql("""
                update job set status = 'failed', failure = :failure, finished_at = now(), updated_at = now()
                where id = :id
                """)
            .param("id", job)
            .param("failure", failure)
            .update();
    }

    /** Puts a handed-back job back in the queue; the lease it gave back does not count as an attempt. */
    void requeueReleased(UUID job) {
        jdbc.sql("""
                update job set status = 'queued', attempts = greatest(attempts - 1, 0), updated_at = now()
                where id = :id and status = 'running'
                """)
            .param("id", job)
            .update();
    }

    /**
     * Expired leases, locked; SKIP LOCKED so that several server instances checking at once share the work instead
     * of queueing behind each other.
     */
    List<AttemptRow> lockExpired(int limit) {
        return jdbc.sql("""
                select a.id, a.job_id, a.number, a.status, r.name as runner_name
                from job_attempt a join runner r on r.id = a.runner_id
                where a.status = 'running' and a.lease_expires_at < now()
                order by a.lease_expires_at
                limit :limit
                for update of a skip locked
                """)
            .param("limit", limit)
            .query((rs, n) -> new AttemptRow(rs.getObject("id", UUID.class), rs.getObject("job_id", UUID.class),
                    rs.getInt("number"), rs.getString("status"), rs.getString("runner_name"), null))
            .list();
    }

    /** After an expired lease: back to the queue, or failed when it has had all its attempts. */
    Optional<JobStatus> requeueOrFail(UUID job, String reason) {
        return jdbc.sql("""
                update job set status = case when attempts >= max_attempts then 'failed' else 'queued' end,
                               failure = case when attempts >= max_attempts
                                              then :reason || ' (attempt ' || attempts || ' of ' || max_attempts
                                                   || '; no attempts left)'
                                              else failure end,
                               finished_at = case when attempts >= max_attempts then now() end,
                               updated_at = now()
                where id = :id and status = 'running'
                  and not exists (select 1 from job_attempt a where a.job_id = :id and a.status = 'running')
                returning status
                """)
            .param("id", job)
            .param("reason", reason)
            .query((rs, n) -> JobStatus.fromSql(rs.getString("status")))
            .optional();
    }

    /** Cancels a job that has not finished; its running attempt learns it on the next heartbeat. */
    Optional<JobStatus> cancel(UUID job, String by) {
        jdbc.sql("""
                update job_attempt set status = 'cancelled', finished_at = now(), failure = :reason
                where job_id = :job and status = 'running'
                """)
            .param("job", job)
            .param("reason", "cancelled by " + by)
            .update();
        return jdbc.sql("""
                update job set status = 'cancelled', failure = :reason, finished_at = now(), updated_at = now()
                where id = :id and status in ('queued', 'running')
                returning status
                """)
            .param("id", job)
            .param("reason", "cancelled by " + by)
            .query((rs, n) -> JobStatus.fromSql(rs.getString("status")))
            .optional();
    }

    /** A failed or cancelled job back in the queue, with a fresh budget of attempts. */
    boolean retry(UUID job, int moreAttempts) {
        return jdbc.sql("""
                update job set status = 'queued', failure = null, finished_at = null, run_id = null,
                               max_attempts = attempts + :more, updated_at = now()
                where id = :id and status in ('failed', 'cancelled')
                """)
            .param("id", job)
            .param("more", moreAttempts)
            .update() == 1;
    }

    boolean prioritize(UUID job, int priority) {
        return jdbc.sql("""
                update job set priority = :priority, updated_at = now()
                where id = :id and status in ('queued', 'running')
                """)
            .param("id", job)
            .param("priority", priority)
            .update() == 1;
    }

    /** Whether the commit has a job that is not lost (queued, running, succeeded) or a stored run there. */
    boolean benchmarked(String project, String commit, String hostClass, String jvm) {
        return jdbc.sql("""
                select exists (
                    select 1 from job
                    where project = :project and commit_sha = :commit and host_class = :hostClass and jvm = :jvm
                      and status in ('queued', 'running', 'succeeded'))
                or exists (
                    select 1 from run r
                    join project p on p.id = r.project_id
                    join commit c on c.id = r.commit_id
                    where p.name = :project and c.sha = :commit and r.host_class = :hostClass)
                """)
            .param("project", project)
            .param("commit", commit)
            .param("hostClass", hostClass)
            .param("jvm", jvm)
            .query(Boolean.class)
            .single();
    }

    /** Serializes the nightly scheduling of all server instances for the rest of the transaction. */
    void lockNightly() {
        jdbc.sql("select pg_advisory_xact_lock(hashtext('perfwatch.jobs.nightly'))").query((rs, n) -> 1).single();
    }

    List<String> runnerHostClasses() {
        return jdbc.sql("select distinct host_class from runner order by host_class").query(String.class).list();
    }

    private Job job(ResultSet rs, int row) throws SQLException {
        JobSpec.Suite suite = new JobSpec.Suite(rs.getString("repository"), rs.getString("build_command"),
                rs.getString("module_dir"), rs.getString("jar"), strings(rs.getArray("include")),
                strings(rs.getArray("exclude")), strings(rs.getArray("jmh_options")));
        return new Job(rs.getObject("id", UUID.class), rs.getString("project"), rs.getString("branch"),
                rs.getString("commit_sha"), suite, rs.getString("host_class"), rs.getString("jvm"),
                Profile.fromSql(rs.getString("profile")), Kind.fromSql(rs.getString("kind")), rs.getInt("priority"),
                JobStatus.fromSql(rs.getString("status")), rs.getInt("attempts"), rs.getInt("max_attempts"),
                rs.getInt("timeout_seconds"), rs.getString("failure"), rs.getObject("run_id", UUID.class),
                rs.getString("created_by"), instant(rs, "created_at"), instant(rs, "updated_at"),
                instant(rs, "finished_at"), rs.getString("runner_name"), progress(rs.getString("current_progress")),
                null);
    }

    private Progress progress(String text) {
        return text == null ? null : json.readValue(text, Progress.class);
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp timestamp = rs.getTimestamp(column);
        return timestamp == null ? null : timestamp.toInstant();
    }

    record LeasedJob(UUID id, int attempt) {
    }

    record AttemptRow(UUID id, UUID job, int number, String status, String runner, JobStatus jobStatus) {
    }
}
