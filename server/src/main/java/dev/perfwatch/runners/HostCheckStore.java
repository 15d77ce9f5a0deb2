package dev.perfwatch.runners;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The SQL of host checks: reference timings per runner, the verdict on each run, and what re-runs need. */
@Repository
class HostCheckStore {

    private final JdbcClient jdbc;

    HostCheckStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A run as host checks see it: its uploaded host check, its runner and the job it ran for. */
    record RunContext(UUID run, String hostCheck, UUID runner, UUID job, String jobKind) {
    }

    Optional<RunContext> run(UUID run) {
        return jdbc.sql("""
                select r.id, cast(r.metadata -> 'hostCheck' as text) as host_check,
                       coalesce(a.runner_id, rn.id) as runner_id, j.id as job_id, j.kind
                from run r
                left join job_attempt a on a.id = r.id
                left join job j on j.id = a.job_id
                left join runner rn on rn.name = r.metadata -> 'runner' ->> 'name'
                where r.id = :run and jsonb_typeof(r.metadata -> 'hostCheck') = 'object'
                """)
            .param("run", run)
            .query((rs, row) -> new RunContext(rs.getObject("id", UUID.class), rs.getString("host_check"),
                    rs.getObject("runner_id", UUID.class), rs.getObject("job_id", UUID.class), rs.getString("kind")))
            .optional();
    }

    /**
     * The median reference time of the runner's newest checks of this workload, when it has enough of them. Checks
     * taken while other processes kept the host busy (the load rule, {@link ReferenceCheck#loadPerCore}) are left
     * out: a baseline of loaded checks made the first job on a quiet host look moved (docs/runner.md, "Busy host").
     */
    OptionalDouble baseline(UUID runner, String workload, RunnersProperties.Noise noise) {
        if (runner == null) {
            return OptionalDouble.empty();
        }
        return jdbc.sql("""
                select percentile_cont(0.5) within group (order by median_nanos) as baseline, count(*) as checks
                from (select median_nanos from reference_check
                      where runner_id = :runner and workload = :workload
                        and (cores is null or cores < 1 or coalesce(busy_cpus, load_average) is null
                             or coalesce(busy_cpus, load_average) / cores <= :loadPerCore)
                      order by checked_at desc, id desc
                      limit :limit) newest
                """)
            .param("runner", runner)
            .param("workload", workload)
            .param("loadPerCore", noise.loadPerCore())
            .param("limit", noise.baselineChecks())
            .query((rs, row) -> rs.getLong("checks") >= noise.minBaselineChecks()
                    ? OptionalDouble.of(rs.getDouble("baseline")) : OptionalDouble.empty())
            .single();
    }

    void insertCheck(UUID runner, UUID run, String moment, String workload, ReferenceCheck check, boolean inLine) {
        jdbc.sql("""
                insert into reference_check (runner_id, run_id, moment, workload, median_nanos, spread, load_average,
                                             busy_cpus, cores, in_line)
                values (:runner, :run, :moment, :workload, :median, :spread, :load, :busy, :cores, :inLine)
                """)
            .param("runner", runner)
            .param("run", run)
            .param("moment", moment)
            .param("workload", workload)
            .param("median", check.medianNanos())
            .param("spread", check.spread())
            .param("load", check.loadAverage())
            .param("busy", check.busyCpus())
            .param("cores", check.cores())
            .param("inLine", inLine)
            .update();
    }

    void insertRunNoise(UUID run, UUID runner, boolean noisy, String reason, String hostCheck) {
        jdbc.sql("""
                insert into run_noise (run_id, runner_id, noisy, reason, host_check)
                values (:run, :runner, :noisy, :reason, cast(:hostCheck as jsonb))
                on conflict (run_id) do nothing
                """)
            .param("run", run)
            .param("runner", runner)
            .param("noisy", noisy)
            .param("reason", reason)
            .param("hostCheck", hostCheck)
            .update();
    }

    void rerunQueued(UUID run, UUID job) {
        jdbc.sql("update run_noise set rerun_job = :job where run_id = :run")
            .param("run", run)
            .param("job", job)
            .update();
    }

    /** Re-runs queued already for this commit on this host class and JVM, whichever run asked for them. */
    int reruns(String project, String commit, String hostClass, String jvm) {
        return jdbc.sql("""
                select count(*) from job
                where project = :project and commit_sha = :commit and host_class = :hostClass and jvm = :jvm
                  and created_by = :createdBy
                """)
            .param("project", project)
            .param("commit", commit)
            .param("hostClass", hostClass)
            .param("jvm", jvm)
            .param("createdBy", NoiseMarking.RERUN_CREATOR)
            .query(Integer.class)
            .single();
    }

    /** One check in a runner's history, newest first. */
    record CheckRow(Instant checkedAt, String moment, UUID run, String workload, long medianNanos, double spread,
            Double loadAverage, Double busyCpus, Integer cores, boolean inLine) {
    }

    List<CheckRow> checks(UUID runner, int limit) {
        return jdbc.sql("""
                select checked_at, moment, run_id, workload, median_nanos, spread, load_average, busy_cpus, cores,
                       in_line
                from reference_check
                where runner_id = :runner
                order by checked_at desc, id desc
                limit :limit
                """)
            .param("runner", runner)
            .param("limit", limit)
            .query((rs, row) -> new CheckRow(rs.getTimestamp("checked_at").toInstant(), rs.getString("moment"),
                    rs.getObject("run_id", UUID.class), rs.getString("workload"), rs.getLong("median_nanos"),
                    rs.getDouble("spread"), (Double) rs.getObject("load_average"), (Double) rs.getObject("busy_cpus"),
                    (Integer) rs.getObject("cores"), rs.getBoolean("in_line")))
            .list();
    }

    /** A run's verdict in a runner's history, newest first. */
    record RunRow(UUID run, Instant at, boolean noisy, String reason, UUID rerunJob) {
    }

    List<RunRow> runs(UUID runner, int limit) {
        return jdbc.sql("""
                select run_id, created_at, noisy, reason, rerun_job from run_noise
                where runner_id = :runner
                order by created_at desc
                limit :limit
                """)
            .param("runner", runner)
            .param("limit", limit)
            .query((rs, row) -> new RunRow(rs.getObject("run_id", UUID.class),
                    rs.getTimestamp("created_at").toInstant(), rs.getBoolean("noisy"), rs.getString("reason"),
                    rs.getObject("rerun_job", UUID.class)))
            .list();
    }
}
