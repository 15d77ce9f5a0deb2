package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The confirmations' SQL: their rounds, phases and jobs, and the samples of their runs. */
@Repository
class ConfirmationStore {

    private final JdbcClient jdbc;

    ConfirmationStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
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
            .query(ConfirmationStore::confirmation)
            .single();
    }

    /**
     * A running confirmation whose round has ended (no job of it queued or running), locked; one another instance
     * is deciding is skipped.
     */
    List<ConfirmationRow> lockSettleable(String project, List<Long> skip) {
        return jdbc.sql(CONFIRMATION_SELECT + """
                 where c.status = 'running' and c.id <> all(cast(:skip as bigint[]))
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
            .param("skip", skip.stream().mapToLong(Long::longValue).toArray())
            .query(ConfirmationStore::confirmation)
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
            .query(ConfirmationStore::confirmation)
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
    /** Whether any runner has ever registered for the host class, so that a confirmation job there will be taken. */
    boolean served(String hostClass) {
        return jdbc.sql("select exists (select 1 from runner where host_class = :hostClass)")
            .param("hostClass", hostClass)
            .query(Boolean.class)
            .single();
    }

    List<SampleRow> samples(List<UUID> runs) {
        if (runs.isEmpty()) {
            return new ArrayList<>();
        }
        return jdbc.sql("""
                select r.run_id, c.sha, s.case_id, s.metric_id, samples_json(r.samples) as samples
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
