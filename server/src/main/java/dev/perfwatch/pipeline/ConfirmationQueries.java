package dev.perfwatch.pipeline;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads confirmations for the API: what the runners were asked to re-run, and what it showed. */
@Repository
class ConfirmationQueries {

    private final JdbcClient jdbc;

    ConfirmationQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<ConfirmationViews.Confirmation> list(String project, String status, int limit) {
        return jdbc.sql(SELECT + """
                 where (cast(:project as text) is null or p.name = :project)
                   and (cast(:status as text) is null or c.status = :status)
                 order by c.id desc
                 limit :limit
                """)
            .param("project", project)
            .param("status", status)
            .param("limit", limit)
            .query(this::confirmation)
            .list();
    }

    Optional<ConfirmationViews.Confirmation> find(long id) {
        return jdbc.sql(SELECT + " where c.id = :id").param("id", id).query(this::confirmation).optional();
    }

    private static final String SELECT = """
            select c.id, p.name as project, c.host_class, c.phase, c.status, c.round, g.sha as good, b.sha as bad,
                   c.commits, c.lo, c.hi, c.decision, c.created_at, c.decided_at
            from confirmation c
            join project p on p.id = c.project_id
            join commit g on g.id = c.good_commit_id
            join commit b on b.id = c.bad_commit_id
            """;

    private ConfirmationViews.Confirmation confirmation(ResultSet rs, int row) throws SQLException {
        long id = rs.getLong("id");
        List<String> commits = List.of((String[]) rs.getArray("commits").getArray());
        ConfirmationViews.Range range = null;
        if (rs.getString("phase").equals("bisect")) {
            int lo = rs.getInt("lo");
            int hi = rs.getInt("hi");
            range = new ConfirmationViews.Range(lo == 0 ? rs.getString("good") : commits.get(lo - 1),
                    commits.get(hi - 1), commits.size());
        }
        return new ConfirmationViews.Confirmation(id, rs.getString("project"), rs.getString("host_class"),
                rs.getString("phase"), rs.getString("status"), rs.getInt("round"), rs.getString("good"),
                rs.getString("bad"), range, rs.getString("decision"), instant(rs.getTimestamp("created_at")),
                instant(rs.getTimestamp("decided_at")), suspects(id), jobs(id));
    }

    private List<ConfirmationViews.Suspect> suspects(long confirmation) {
        return jdbc.sql("""
                select s.id, s.series_id, b.name as benchmark, m.name as metric, s.direction, s.magnitude, s.status,
                       s.verdict
                from suspect s
                join series se on se.id = s.series_id
                join benchmark_case bc on bc.id = se.case_id
                join benchmark b on b.id = bc.benchmark_id
                join metric m on m.id = se.metric_id
                where s.confirmation_id = :confirmation
                order by s.id
                """)
            .param("confirmation", confirmation)
            .query((rs, row) -> new ConfirmationViews.Suspect(rs.getLong("id"), rs.getLong("series_id"),
                    rs.getString("benchmark"), rs.getString("metric"), rs.getString("direction"),
                    rs.getDouble("magnitude"), rs.getString("status"), rs.getString("verdict")))
            .list();
    }

    private List<ConfirmationViews.Job> jobs(long confirmation) {
        return jdbc.sql("""
                select j.id, cj.round, j.kind, cj.commit_sha, j.status, j.run_id
                from confirmation_job cj join job j on j.id = cj.job_id
                where cj.confirmation_id = :confirmation
                order by cj.round, j.priority desc
                """)
            .param("confirmation", confirmation)
            .query((rs, row) -> new ConfirmationViews.Job(rs.getObject("id", UUID.class), rs.getInt("round"),
                    rs.getString("kind"), rs.getString("commit_sha"), rs.getString("status"),
                    rs.getObject("run_id", UUID.class)))
            .list();
    }

    private static java.time.Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
