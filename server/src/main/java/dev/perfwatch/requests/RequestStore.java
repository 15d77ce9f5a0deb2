package dev.perfwatch.requests;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.perfwatch.jobs.Profile;

/** The SQL of requests and their jobs (V5__requests.sql). */
@Repository
class RequestStore {

    private final JdbcClient jdbc;

    RequestStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(StoredRequest request) {
        jdbc.sql("""
                insert into request (id, project, base_sha, head_sha, host_classes, jvms, benchmarks, profile, forks,
                                     max_forks, first_forks, status, repository, pull_request, comment_id,
                                     requested_by)
                values (:id, :project, :base, :head, :hostClasses, :jvms, :benchmarks, :profile, :forks, :maxForks,
                        :forks,
                        :status, :repository, :pullRequest, :commentId, :requestedBy)
                """)
            .param("id", request.id())
            .param("project", request.project())
            .param("base", request.base())
            .param("head", request.head())
            .param("hostClasses", request.hostClasses().toArray(String[]::new))
            .param("jvms", request.jvms().toArray(String[]::new))
            .param("benchmarks", request.benchmarks())
            .param("profile", request.profile().name().toLowerCase(Locale.ROOT))
            .param("forks", request.forks())
            .param("maxForks", request.maxForks())
            .param("status", request.status().sql())
            .param("repository", request.repository())
            .param("pullRequest", request.pullRequest())
            .param("commentId", request.commentId())
            .param("requestedBy", request.requestedBy())
            .update();
    }

    void addJob(UUID request, UUID job, String side, int position) {
        jdbc.sql("insert into request_job (request_id, job_id, side, position) values (:request, :job, :side, :position)")
            .param("request", request)
            .param("job", job)
            .param("side", side)
            .param("position", position)
            .update();
    }

    List<RequestJob> jobs(UUID request) {
        return jdbc.sql("select job_id, side, position from request_job where request_id = :request order by position")
            .param("request", request)
            .query((rs, row) -> new RequestJob(rs.getObject("job_id", UUID.class), rs.getString("side"),
                    rs.getInt("position")))
            .list();
    }

    Optional<StoredRequest> find(UUID id) {
        return jdbc.sql("select * from request where id = :id").param("id", id).query(RequestStore::request).optional();
    }

    /** The request locked for this transaction, unless another transaction holds it. */
    Optional<StoredRequest> lock(UUID id) {
        return jdbc.sql("select * from request where id = :id for update")
            .param("id", id)
            .query(RequestStore::request)
            .optional();
    }

    /** The active request most overdue for a refresh, locked; requests other instances are refreshing are skipped. */
    Optional<StoredRequest> claimDue() {
        return jdbc.sql("""
                select * from request
                where status in ('resolving', 'queued', 'running') and next_check_at <= now()
                order by next_check_at, id
                limit 1
                for update skip locked
                """)
            .query(RequestStore::request)
            .optional();
    }

    List<StoredRequest> list(String project, Status status, int limit) {
        return jdbc.sql("""
                select * from request
                where (cast(:project as text) is null or project = :project)
                  and (cast(:status as text) is null or status = :status)
                order by created_at desc, id
                limit :limit
                """)
            .param("project", project)
            .param("status", status == null ? null : status.sql())
            .param("limit", limit)
            .query(RequestStore::request)
            .list();
    }

    /** The newest request of the pull request that is not finished. */
    Optional<StoredRequest> activeOf(String repository, int pullRequest) {
        return jdbc.sql("""
                select * from request
                where repository = :repository and pull_request = :pullRequest
                  and status in ('resolving', 'queued', 'running')
                order by created_at desc
                limit 1
                for update
                """)
            .param("repository", repository)
            .param("pullRequest", pullRequest)
            .query(RequestStore::request)
            .optional();
    }

    void resolved(UUID id, String base, String head) {
        jdbc.sql("""
                update request set base_sha = :base, head_sha = :head, status = 'queued', attempts = 0,
                                   updated_at = now()
                where id = :id
                """)
            .param("id", id)
            .param("base", base)
            .param("head", head)
            .update();
    }

    void status(UUID id, Status status) {
        jdbc.sql("update request set status = :status, updated_at = now() where id = :id")
            .param("id", id)
            .param("status", status.sql())
            .update();
    }

    void finish(UUID id, Status status, String outcome, String failure) {
        jdbc.sql("""
                update request set status = :status, outcome = :outcome, failure = :failure, updated_at = now(),
                                   finished_at = now()
                where id = :id
                """)
            .param("id", id)
            .param("status", status.sql())
            .param("outcome", outcome)
            .param("failure", failure)
            .update();
    }

    /** Another round queued: forks a side so far, the round's number, and why it runs. */
    void nextRound(UUID id, int forks, int rounds, String note) {
        jdbc.sql("""
                update request set forks = :forks, rounds = :rounds, round_note = :note, updated_at = now()
                where id = :id
                """)
            .param("id", id)
            .param("forks", forks)
            .param("rounds", rounds)
            .param("note", note)
            .update();
    }

    /** What ended the measuring: "data" (every case decided) or "budget". */
    void endedBy(UUID id, String endedBy) {
        jdbc.sql("update request set ended_by = :endedBy where id = :id")
            .param("id", id)
            .param("endedBy", endedBy)
            .update();
    }

    void headMoved(UUID id, String sha) {
        jdbc.sql("update request set head_moved_to = :sha, updated_at = now() where id = :id")
            .param("id", id)
            .param("sha", sha)
            .update();
    }

    /** When to look at the request next; attempts counts GitHub failures in a row, for the backoff. */
    void nextCheck(UUID id, long millis, int attempts) {
        jdbc.sql("""
                update request set next_check_at = now() + make_interval(secs => :millis / 1000.0),
                                   attempts = :attempts
                where id = :id
                """)
            .param("id", id)
            .param("millis", millis)
            .param("attempts", attempts)
            .update();
    }

    /**
     * The runs among these whose runner reported a busy host (runners' host checks, docs/runner.md), with the
     * reason the server gave: the answer says so beside the throughput it could not judge.
     */
    Map<UUID, String> busyRuns(Collection<UUID> runs) {
        if (runs.isEmpty()) {
            return Map.of();
        }
        Map<UUID, String> busy = new LinkedHashMap<>();
        for (BusyRun run : jdbc.sql("""
                select run_id, reason from run_noise
                where noisy and run_id = any(cast(:runs as uuid[]))
                order by created_at, run_id
                """)
            .param("runs", runs.stream().map(UUID::toString).toArray(String[]::new))
            .query((rs, row) -> new BusyRun(rs.getObject("run_id", UUID.class), rs.getString("reason")))
            .list()) {
            busy.put(run.run(), run.reason());
        }
        return busy;
    }

    /** The project's benchmarks with how many cases each has, to tell how many cases a request will run. */
    List<BenchmarkCases> benchmarks(String project) {
        return jdbc.sql("""
                select b.name, count(c.id) as cases
                from benchmark b
                join project p on p.id = b.project_id
                join benchmark_case c on c.benchmark_id = b.id
                where p.name = :project
                group by b.name
                """)
            .param("project", project)
            .query((rs, row) -> new BenchmarkCases(rs.getString("name"), rs.getInt("cases")))
            .list();
    }

    record BenchmarkCases(String benchmark, int cases) {
    }

    private record BusyRun(UUID run, String reason) {
    }

    private static StoredRequest request(ResultSet rs, int row) throws SQLException {
        return new StoredRequest(rs.getObject("id", UUID.class), rs.getString("project"), rs.getString("base_sha"),
                rs.getString("head_sha"), strings(rs, "host_classes"), strings(rs, "jvms"),
                rs.getString("benchmarks"), Profile.valueOf(rs.getString("profile").toUpperCase(Locale.ROOT)),
                rs.getInt("forks"), Status.fromSql(rs.getString("status")), rs.getString("outcome"),
                rs.getString("failure"), rs.getString("repository"), (Integer) rs.getObject("pull_request"),
                (Long) rs.getObject("comment_id"), rs.getString("requested_by"), rs.getString("head_moved_to"),
                rs.getInt("attempts"), instant(rs, "created_at"), instant(rs, "updated_at"),
                instant(rs, "finished_at"),
                rs.getObject("max_forks") == null ? rs.getInt("forks") : rs.getInt("max_forks"), rs.getInt("rounds"),
                rs.getString("round_note"), rs.getString("ended_by"),
                rs.getObject("first_forks") == null ? rs.getInt("forks") : rs.getInt("first_forks"));
    }

    private static List<String> strings(ResultSet rs, String column) throws SQLException {
        return Arrays.asList((String[]) rs.getArray(column).getArray());
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp timestamp = rs.getTimestamp(column);
        return timestamp == null ? null : timestamp.toInstant();
    }

    record RequestJob(UUID job, String side, int position) {
    }
}
