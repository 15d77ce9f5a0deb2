package dev.perfwatch.changepoints;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads change points: the pipeline's suspect rows with the series, commit and alert they belong to. The status a
 * reader sees is derived here from the suspect's own and its alert's, so that no state lives in two places.
 */
@Repository
class ChangePointQueries {

    private final JdbcClient jdbc;

    ChangePointQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Long> projectId(String name) {
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).optional();
    }

    /**
     * The newest change points first: by their commit's time, then the commit, then the change point. The newest
     * commits with a change point that passes the filters are walked first (each commit probed in
     * {@code suspect (first_bad_commit_id, id)}), each one's newest {@code perCommit} change points taken from that
     * index backwards, and only the {@code limit} kept are joined to their names and labelled. Labelling every change
     * point before the limit cost 117–231 ms at 100,000 change points against 13–19 ms at 1,000, and sorting every
     * change point of the project (2,500 per commit) still 18 ms against 1.5 ms this way (docs/performance.md,
     * Scale). Every commit of the project belongs to it, so its change points need no join to their series to be
     * the project's.
     */
    List<ChangePointViews.ChangePoint> list(long project, Long series, String status, Instant since, int limit,
            int perCommit) {
        List<ChangePointViews.ChangePoint> newest = list(statement(series != null, status != null, since != null,
                true), project, series, status, since, limit, perCommit);
        if (newest.size() == limit) {
            return newest;
        }
        return list(statement(series != null, status != null, since != null, false), project, series, status, since,
                limit, perCommit);
    }

    private List<ChangePointViews.ChangePoint> list(String statement, long project, Long series, String status,
            Instant since, int limit, int perCommit) {
        return jdbc.sql(statement)
            .param("project", project)
            .param("series", series)
            .param("status", status)
            .param("since", since == null ? null : Timestamp.from(since))
            .param("limit", limit)
            .param("perCommit", perCommit)
            .param("window", WINDOW * limit)
            .query(ChangePointQueries::changePoint)
            .list();
    }

    /** How many of the newest commits per change point asked for the walk reads before it gives up (see below). */
    static final int WINDOW = 10;

    /**
     * The list's statement with the filters asked for. {@code walk}: the newest {@code :window} commits are walked in
     * {@code commit_newest} (V32), newest first, and the walk stops once {@code :limit} change points are found; when
     * it finds fewer, the list is read again without it ({@code walk} false), every commit of the project probed or
     * hashed and sorted. Before the walk that was the only way (its order, unknown times last, is not one
     * {@code commit_time} gives): 1,000 commits of the scale benchmark's bulk project probed for the 2 whose change
     * points it returned. Without the window the walk read every commit of a 100,000-commit project with one change
     * point (200,000 buffers, twice the hashing's time).
     */
    static String statement(boolean series, boolean status, boolean since, boolean walk) {
        // Only the filters asked for are in the statement: an always-true "(:status is null or …)" kept its alert
        // join, which made the planner hash every suspect of the database (11–14 ms against 1.5 ms at 50,000).
        String alert = status ? STATUS_ALERT : "";
        String filters = (series ? " and s.series_id = :series" : "")
                + (status ? " and " + SHOWN_STATUS + " = :status" : "");
        String after = since ? "and co.time >= :since" : "";
        // Walked, in the index's order; otherwise in an order no index gives (the same order: no commit's time is
        // -infinity), so that the planner does not walk every commit of a project where change points are few.
        String order = walk ? "co.time desc nulls last, co.id desc" : "coalesce(co.time, '-infinity') desc, co.id desc";
        String from = walk ? """
                (select co.id, co.time from commit co
                     where co.project_id = :project %s
                     order by co.time desc nulls last, co.id desc
                     limit :window) co""".formatted(after) : "commit co";
        String where = walk ? "true" : "co.project_id = :project " + after;
        return """
                with commits as (
                    select co.id, co.time
                    from %4$s
                    where %5$s
                      and exists (select 1 from suspect s
                                  %2$s
                                  where s.first_bad_commit_id = co.id%3$s)
                    order by %6$s
                    limit :limit
                ),
                newest as (
                    select s.id, c.time as commit_time, c.id as commit_id
                    from commits c
                    cross join lateral (select s.id from suspect s
                                        %2$s
                                        where s.first_bad_commit_id = c.id%3$s
                                        order by s.id desc
                                        limit :perCommit) s
                    order by %7$s, s.id desc
                    limit :limit
                )
                select s.id, s.series_id, b.name as benchmark,
                       coalesce((select string_agg(key || '=' || value, ', ' order by key)
                                 from jsonb_each_text(c.params)) || ', ', '') || 'mode=' || c.mode as case_label,
                       m.name as metric, m.unit, e.id as environment_id, e.host_class,
                       trim(e.jdk_version || ' ' || e.vm_name) as jvm,
                       co.sha, co.time as commit_time, split_part(co.message, E'\\n', 1) as subject,
                       s.direction, s.magnitude, s.before_value, s.after_value, s.confidence, s.verdict,
                       a.group_id, a.status as alert_status, %1$s as shown_status,
                       fx.sha as fixes_sha, fx.time as fixes_time, fx.subject as fixes_subject
                from newest n
                join suspect s on s.id = n.id
                join series se on se.id = s.series_id
                join benchmark_case c on c.id = se.case_id
                join benchmark b on b.id = c.benchmark_id
                join metric m on m.id = se.metric_id
                join environment e on e.id = se.environment_id
                join commit co on co.id = s.first_bad_commit_id
                left join alert a on a.series_id = s.series_id and a.first_bad_commit_id = s.first_bad_commit_id
                -- the regression whose level this improvement brought back: its alert names this commit as restored
                left join lateral (select fc.sha, fc.time, split_part(fc.message, E'\\n', 1) as subject
                                   from alert ra
                                   join commit fc on fc.id = ra.first_bad_commit_id
                                   where s.direction = 'improvement' and s.status in ('resolved', 'restored')
                                     and ra.series_id = s.series_id and ra.kind = 'regression'
                                     and ra.restored_commit_id = s.first_bad_commit_id
                                   order by ra.id
                                   limit 1) fx on true
                order by n.commit_time desc nulls last, n.commit_id desc, n.id desc
                """.formatted(SHOWN_STATUS, alert, filters, from, where, order, order.replace("co.", "c."));
    }

    /*
     * The status a reader sees. Confirming with a verdict is a change the re-runs confirmed while bisection narrows
     * it; alerted whose alert was resolved (a later change brought the level back, or a person marked it fixed) is
     * resolved, and the change that brought it back ('restored' in older rows) is resolved too. A change found late
     * carries that note from the start (Confirmations.suspect): alone, it is no verdict.
     */
    private static final String SHOWN_STATUS = """
            case
                when s.status = 'confirming' and s.verdict is not null
                     and s.verdict !~ '^found [0-9]+ commits? after its commit$' then 'confirmed'
                when s.status = 'restored' then 'resolved'
                when s.status in ('alerted', 'unconfirmed') and a.id is not null
                     and (a.restored_commit_id is not null or a.status = 'fixed') then 'resolved'
                else s.status
            end""";

    /** The alert a status filter needs, joined to a suspect {@code s}. */
    private static final String STATUS_ALERT = """
            left join alert a on a.series_id = s.series_id and a.first_bad_commit_id = s.first_bad_commit_id""";

    private static ChangePointViews.ChangePoint changePoint(ResultSet rs, int row) throws SQLException {
        double before = rs.getDouble("before_value");
        double after = rs.getDouble("after_value");
        double magnitude = rs.getDouble("magnitude");
        Timestamp time = rs.getTimestamp("commit_time");
        String status = rs.getString("shown_status");
        Timestamp fixesTime = rs.getTimestamp("fixes_time");
        ChangePointViews.Commit fixes = rs.getString("fixes_sha") == null ? null
                : new ChangePointViews.Commit(rs.getString("fixes_sha"),
                        fixesTime == null ? null : fixesTime.toInstant(), rs.getString("fixes_subject"));
        return new ChangePointViews.ChangePoint(rs.getLong("id"), rs.getLong("series_id"), rs.getString("benchmark"),
                rs.getString("case_label"), rs.getString("metric"), rs.getString("unit"),
                new ChangePointViews.Environment(rs.getLong("environment_id"), rs.getString("host_class"),
                        rs.getString("jvm")),
                new ChangePointViews.Commit(rs.getString("sha"), time == null ? null : time.toInstant(),
                        rs.getString("subject")),
                rs.getString("direction"),
                Double.isFinite(magnitude) && before != 0 ? magnitude : null,
                Double.isFinite(after - before) ? after - before : null, finite(before), finite(after),
                Math.max(0, Math.min(1, rs.getDouble("confidence"))), status,
                fixes == null ? reason(status, rs.getString("verdict"), rs.getString("alert_status"))
                        : fixes(fixes.sha()) + "; " + reason(status, rs.getString("verdict"), rs.getString("alert_status")),
                rs.getObject("group_id", Long.class), rs.getString("alert_status"), fixes);
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /**
     * What a change that brought an alerted regression's level back says of itself, in every place it is shown (the
     * UI's change-points.js says the same, its sha cut to 8 characters as the UI cuts it): "fixes the regression at
     * c3114ba7", not a bare "resolved", which read as if the improvement had been resolved.
     */
    static String fixes(String sha) {
        return "fixes the regression at " + sha.substring(0, Math.min(8, sha.length()));
    }

    /** The stored verdict, or what the policy behind the status says; a triage of the alert is added to it. */
    static String reason(String status, String verdict, String alertStatus) {
        String reason = verdict != null && !verdict.isBlank() ? verdict : switch (status) {
            case "historical" -> "found deep in the history (an import or a backfill), older than the newest "
                    + "commits that alert: shown, notifies nobody";
            case "confirming", "suspected" -> "the detector's screen saw a new level; re-running the commits";
            case "transient" -> "the level did not hold: the runs that followed went back";
            case "dismissed" -> "the re-runs showed no change";
            case "withdrawn" -> "re-detection after a late run no longer finds this change";
            default -> status;
        };
        if (alertStatus != null && !status.equals("withdrawn") && (alertStatus.equals("invalid") || alertStatus.equals("infra"))) {
            reason += "; its alert was triaged as " + alertStatus;
        }
        return reason;
    }
}
