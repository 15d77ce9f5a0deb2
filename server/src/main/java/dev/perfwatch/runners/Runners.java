package dev.perfwatch.runners;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

import dev.perfwatch.jobs.JobsProperties;
import dev.perfwatch.jobs.Progress;

/** The registry of runner agents: who they are, what they run, and whether they are alive. */
@Service
public class Runners {

    private final JdbcClient jdbc;

    private final JsonMapper json;

    private final JobsProperties properties;

    private final RunnerHealth health;

    Runners(JdbcClient jdbc, JsonMapper json, JobsProperties properties, RunnerHealth health) {
        this.jdbc = jdbc;
        this.json = json;
        this.properties = properties;
        this.health = health;
    }

    /** Registers a runner, or updates it when one of that name registered before (a restarted runner). */
    public RunnerView register(Registration registration, String tokenName) {
        UUID id = jdbc.sql("""
                insert into runner (id, name, host_class, cores, cpu_model, memory_mb, os, kernel, jdks, version,
                                    token_name)
                values (:id, :name, :hostClass, :cores, :cpuModel, :memoryMb, :os, :kernel, :jdks, :version,
                        :tokenName)
                on conflict (name) do update set
                    host_class = excluded.host_class, cores = excluded.cores, cpu_model = excluded.cpu_model,
                    memory_mb = excluded.memory_mb, os = excluded.os, kernel = excluded.kernel,
                    jdks = excluded.jdks, version = excluded.version, token_name = excluded.token_name,
                    last_seen_at = now(), stopped_at = null, stop_reason = null
                returning id
                """)
            .param("id", UUID.randomUUID())
            .param("name", registration.name())
            .param("hostClass", registration.hostClass())
            .param("cores", registration.cores())
            .param("cpuModel", registration.cpuModel())
            .param("memoryMb", registration.memoryMb())
            .param("os", registration.os())
            .param("kernel", registration.kernel())
            .param("jdks", registration.jdks() == null ? new String[0] : registration.jdks().toArray(String[]::new))
            .param("version", registration.version())
            .param("tokenName", tokenName)
            .query(UUID.class)
            .single();
        return find(id).orElseThrow();
    }

    /** The runner, marked as seen now. */
    Optional<Registered> touch(UUID id) {
        return jdbc.sql("""
                update runner set last_seen_at = now(), stopped_at = null, stop_reason = null where id = :id
                returning id, name, host_class, jdks, quarantine_reason
                """)
            .param("id", id)
            .query((rs, row) -> new Registered(rs.getObject("id", UUID.class), rs.getString("name"),
                    rs.getString("host_class"), Arrays.asList((String[]) rs.getArray("jdks").getArray()),
                    rs.getString("quarantine_reason")))
            .optional();
    }

    /**
     * The name of the token a runner registered with, and of the runner's attempt: a runner token acts only for the
     * runners it registered, so token B cannot heartbeat, finish or lease as runner A (attempt ids are public).
     */
    Optional<String> tokenOfRunner(UUID runner) {
        return jdbc.sql("select coalesce(token_name, '') from runner where id = :id")
            .param("id", runner)
            .query(String.class)
            .optional();
    }

    Optional<String> tokenOfRunnerNamed(String name) {
        return jdbc.sql("select coalesce(token_name, '') from runner where name = :name")
            .param("name", name)
            .query(String.class)
            .optional();
    }

    Optional<String> tokenOfAttempt(UUID attempt) {
        return jdbc.sql("""
                select coalesce(r.token_name, '') from job_attempt a join runner r on r.id = a.runner_id
                where a.id = :attempt
                """)
            .param("attempt", attempt)
            .query(String.class)
            .optional();
    }

    void touchByAttempt(UUID attempt) {
        jdbc.sql("""
                update runner set last_seen_at = now(), stopped_at = null, stop_reason = null
                where id = (select runner_id from job_attempt where id = :attempt)
                """)
            .param("attempt", attempt)
            .update();
    }

    /** The runner exits on purpose: shown as stopped, saying why, until it is heard of again. */
    boolean stopped(UUID id, String reason) {
        return jdbc.sql("""
                update runner set stopped_at = now(), stop_reason = :reason, last_seen_at = now() where id = :id
                """)
            .param("id", id)
            .param("reason", reason)
            .update() == 1;
    }

    public List<RunnerView> list() {
        return jdbc.sql(SELECT + " order by r.host_class, r.name")
            .param("offlineAfter", offlineAfterSeconds())
            .query(this::view).list();
    }

    public Optional<RunnerView> find(UUID id) {
        return jdbc.sql(SELECT + " where r.id = :id")
            .param("id", id)
            .param("offlineAfter", offlineAfterSeconds())
            .query(this::view).optional();
    }

    private long offlineAfterSeconds() {
        return properties.leaseDuration().toSeconds() * 3;
    }

    /**
     * Each runner with its running attempt and its record over its newest 50 finished attempts: a runner that
     * failed every job is not "idle". streak: failures since its last success.
     */
    private static final String SELECT = """
            select r.*, a.id as attempt_id, a.job_id, cast(a.progress as text) as progress_json,
                   r.last_seen_at < now() - make_interval(secs => :offlineAfter) as offline,
                   done.attempts, done.succeeded, done.failed, done.streak,
                   last.status as last_outcome, last.failure as last_failure, last.finished_at as last_finished_at
            from runner r
            left join lateral (
                select id, job_id, progress from job_attempt
                where runner_id = r.id and status = 'running'
                order by started_at desc limit 1
            ) a on true
            left join lateral (
                select count(*) as attempts, count(*) filter (where status = 'succeeded') as succeeded,
                       count(*) filter (where status in ('failed', 'expired')) as failed,
                       count(*) filter (where status in ('failed', 'expired') and successes_after = 0) as streak
                from (select status, count(*) filter (where status = 'succeeded')
                                     over (order by started_at desc, id) as successes_after
                      from job_attempt
                      where runner_id = r.id and status <> 'running'
                      order by started_at desc, id
                      limit 50) newest
            ) done on true
            left join lateral (
                select status, failure, finished_at from job_attempt
                where runner_id = r.id and status <> 'running'
                order by started_at desc, id limit 1
            ) last on true
            """;

    private RunnerView view(ResultSet rs, int row) throws SQLException {
        UUID attempt = rs.getObject("attempt_id", UUID.class);
        UUID id = rs.getObject("id", UUID.class);
        RunnerHealth.Health health = this.health.of(id);
        int streak = rs.getInt("streak");
        String state = attempt != null ? "busy" : rs.getTimestamp("stopped_at") != null ? "stopped"
                : rs.getBoolean("offline") ? "offline"
                : "quarantined".equals(health.state()) ? "quarantined" : streak >= FAILING_STREAK ? "failing" : "idle";
        String progress = rs.getString("progress_json");
        RunnerView.Activity activity = new RunnerView.Activity(rs.getInt("attempts"), rs.getInt("succeeded"),
                rs.getInt("failed"), streak, rs.getString("last_outcome"), rs.getString("last_failure"),
                rs.getTimestamp("last_finished_at") == null ? null : rs.getTimestamp("last_finished_at").toInstant());
        return new RunnerView(id, rs.getString("name"), rs.getString("host_class"),
                (Integer) rs.getObject("cores"), rs.getString("cpu_model"), (Long) rs.getObject("memory_mb"),
                rs.getString("os"), rs.getString("kernel"), Arrays.asList((String[]) rs.getArray("jdks").getArray()),
                rs.getString("version"), rs.getTimestamp("registered_at").toInstant(),
                rs.getTimestamp("last_seen_at").toInstant(), state, rs.getString("stop_reason"),
                rs.getObject("job_id", UUID.class), attempt,
                progress == null ? null : json.readValue(progress, Progress.class), activity, health);
    }

    /** Failures in a row after which an idle runner shows as failing: a broken job fails once, a broken runner all. */
    static final int FAILING_STREAK = 3;

    /** A runner asking for work; quarantineReason is set while it is quarantined. */
    record Registered(UUID id, String name, String hostClass, List<String> jdks, String quarantineReason) {
    }
}
