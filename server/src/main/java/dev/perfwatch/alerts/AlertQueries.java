package dev.perfwatch.alerts;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.perfwatch.notifications.Notifications;

/** Read-side SQL of alerts and groups, shaped as {@link AlertViews}. */
@Repository
class AlertQueries {

    // Every alert row carries its series' description and its commits, so that one query answers a list.
    private static final String SELECT_ALERT = """
            select a.*, cast(a.run_ids as text[]) as runs,
                   p.name as project, br.name as branch, b.name as benchmark,
                   c.mode, c.threads, cast(c.params as text) as params,
                   (select string_agg(kv.key || '=' || kv.value, ', ' order by kv.key)
                    from jsonb_each_text(c.params) kv) as params_label,
                   m.name as metric, m.unit, m.direction,
                   s.case_id, e.id as environment_id, e.host_class, e.jdk_version, e.vm_name,
                   bad.sha as bad_sha, bad.time as bad_time, bad.author as bad_author, bad.message as bad_message,
                   good.sha as good_sha, good.time as good_time, good.author as good_author,
                   good.message as good_message,
                   coalesce(bad.parents[1] = good.sha, false) as exact,
                   back.sha as back_sha, back.time as back_time, back.author as back_author,
                   back.message as back_message
            from alert a
            join alert_group g on g.id = a.group_id
            join project p on p.id = g.project_id
            join series s on s.id = a.series_id
            join branch br on br.id = s.branch_id
            join benchmark_case c on c.id = s.case_id
            join benchmark b on b.id = c.benchmark_id
            join metric m on m.id = s.metric_id
            join environment e on e.id = s.environment_id
            join commit bad on bad.id = a.first_bad_commit_id
            join commit good on good.id = a.last_good_commit_id
            left join commit back on back.id = a.restored_commit_id
            """;

    private final JdbcClient jdbc;

    private final Notifications notifications;

    AlertQueries(JdbcClient jdbc, Notifications notifications) {
        this.jdbc = jdbc;
        this.notifications = notifications;
    }

    Optional<Long> projectId(String name) {
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).optional();
    }

    Optional<AlertViews.Alert> alert(long id) {
        return jdbc.sql(SELECT_ALERT + " where a.id = :id").param("id", id).query(this::alertRow).optional();
    }

    /** Alerts, newest first; every filter is optional. */
    List<AlertViews.Alert> alerts(Long project, List<Status> statuses, Kind kind, String hostClass, Long series,
            Instant since, int limit) {
        return jdbc.sql(SELECT_ALERT + """
                where (cast(:project as bigint) is null or g.project_id = :project)
                  and (cardinality(cast(:statuses as text[])) = 0 or a.status = any(cast(:statuses as text[])))
                  and (cast(:kind as text) is null or a.kind = :kind)
                  and (cast(:hostClass as text) is null or e.host_class = :hostClass)
                  and (cast(:series as bigint) is null or a.series_id = :series)
                  and (cast(:since as timestamptz) is null or a.created_at >= :since)
                order by a.created_at desc, a.id desc
                limit :limit
                """)
            .param("project", project)
            .param("statuses", statuses.stream().map(Status::word).toArray(String[]::new))
            .param("kind", kind == null ? null : kind.word())
            .param("hostClass", hostClass)
            .param("series", series)
            .param("since", since == null ? null : Timestamp.from(since))
            .param("limit", limit)
            .query(this::alertRow)
            .list();
    }

    /** A group's alerts: regressions first, the primary metric first, the largest changes first. */
    List<AlertViews.Alert> alertsOfGroups(List<Long> groups) {
        return jdbc.sql(SELECT_ALERT + """
                where a.group_id = any(cast(:groups as bigint[]))
                order by a.group_id, a.kind = 'regression' desc, m.name = 'primary' desc,
                         abs(coalesce(a.magnitude, 'Infinity')) desc, a.id
                """)
            .param("groups", groups.stream().mapToLong(Long::longValue).toArray())
            .query(this::alertRow)
            .list();
    }

    List<AlertViews.Change> history(long alert) {
        return jdbc.sql("""
                select actor, at, from_status, to_status, duplicate_of, comment
                from alert_history where alert_id = :alert order by id
                """)
            .param("alert", alert)
            .query((rs, row) -> new AlertViews.Change(rs.getString("actor"), instant(rs, "at"),
                    rs.getString("from_status"), rs.getString("to_status"), rs.getObject("duplicate_of", Long.class),
                    rs.getString("comment")))
            .list();
    }

    /** Groups, newest first, with their alerts. */
    List<AlertViews.Group> groups(Long project, Long id, int limit) {
        List<GroupRow> rows = jdbc.sql("""
                select g.id, p.name as project, p.repository, g.summary, g.created_at, g.updated_at,
                       bad.sha as bad_sha, bad.time as bad_time, bad.author as bad_author, bad.message as bad_message,
                       good.sha as good_sha, good.time as good_time, good.author as good_author,
                       good.message as good_message,
                       coalesce(bad.parents[1] = good.sha, false) as exact
                from alert_group g
                join project p on p.id = g.project_id
                join commit bad on bad.id = g.first_bad_commit_id
                join commit good on good.id = g.last_good_commit_id
                where (cast(:project as bigint) is null or g.project_id = :project)
                  and (cast(:id as bigint) is null or g.id = :id)
                order by g.created_at desc, g.id desc
                limit :limit
                """)
            .param("project", project)
            .param("id", id)
            .param("limit", limit)
            .query((rs, row) -> new GroupRow(rs.getLong("id"), rs.getString("project"), rs.getString("repository"),
                    rs.getString("summary"), commit(rs, "bad"), commit(rs, "good"), rs.getBoolean("exact"),
                    instant(rs, "created_at"), instant(rs, "updated_at")))
            .list();
        List<AlertViews.Alert> alerts = alertsOfGroups(rows.stream().map(GroupRow::id).toList());
        return rows.stream().map(row -> {
            List<AlertViews.Alert> own = alerts.stream().filter(a -> a.group() == row.id()).toList();
            boolean regression = own.stream().anyMatch(a -> a.kind().equals(Kind.REGRESSION.word()));
            boolean open = own.stream().anyMatch(a -> Status.fromSql(a.status()).open());
            return new AlertViews.Group(row.id(), row.project(),
                    (regression ? Kind.REGRESSION : Kind.IMPROVEMENT).word(), open, row.summary(), row.commit(),
                    row.lastGood(), row.exact(), own, row.createdAt(), row.updatedAt());
        }).toList();
    }

    Optional<String> repository(long group) {
        return jdbc.sql("""
                select p.repository from alert_group g join project p on p.id = g.project_id where g.id = :group
                """)
            .param("group", group)
            .query(String.class)
            .optional();
    }

    List<FalseAlarms> falseAlarms(long project) {
        return jdbc.sql("""
                select b.name as benchmark, count(*) filter (where a.status = 'invalid') as false_alarms,
                       count(*) as alerts
                from alert a
                join series s on s.id = a.series_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                where s.project_id = :project
                group by b.name
                order by false_alarms desc, b.name
                """)
            .param("project", project)
            .query((rs, row) -> new FalseAlarms(rs.getString("benchmark"), rs.getLong("false_alarms"),
                    rs.getLong("alerts")))
            .list();
    }

    private AlertViews.Alert alertRow(ResultSet rs, int row) throws SQLException {
        String benchmark = rs.getString("benchmark");
        String params = rs.getString("params");
        AlertViews.Series series = new AlertViews.Series(rs.getLong("series_id"), rs.getString("branch"), benchmark,
                Labels.of(benchmark, rs.getString("params_label")),
                new AlertViews.Case(rs.getLong("case_id"), rs.getString("mode"), rs.getInt("threads"), params),
                new AlertViews.Metric(rs.getString("metric"), rs.getString("unit"), rs.getString("direction")),
                new AlertViews.Environment(rs.getLong("environment_id"), rs.getString("host_class"),
                        rs.getString("jdk_version"), rs.getString("vm_name")));
        List<UUID> runs = Arrays.stream((String[]) rs.getArray("runs").getArray()).map(UUID::fromString).toList();
        return new AlertViews.Alert(rs.getLong("id"), rs.getLong("group_id"), rs.getString("project"),
                rs.getString("status"), rs.getString("kind"), series, commit(rs, "bad"), commit(rs, "good"),
                rs.getBoolean("exact"), level(rs, "before"), level(rs, "after"), rs.getObject("magnitude", Double.class),
                rs.getDouble("confidence"), runs, rs.getObject("duplicate_of", Long.class),
                rs.getString("back_sha") == null ? null : commit(rs, "back"), instant(rs, "created_at"),
                instant(rs, "updated_at"), notifications.timeline(rs.getLong("series_id")));
    }

    private static AlertViews.Level level(ResultSet rs, String side) throws SQLException {
        return new AlertViews.Level(rs.getDouble(side + "_value"), rs.getDouble(side + "_lower"),
                rs.getDouble(side + "_upper"), rs.getInt(side + "_points"));
    }

    private static AlertViews.Commit commit(ResultSet rs, String prefix) throws SQLException {
        return new AlertViews.Commit(rs.getString(prefix + "_sha"), instant(rs, prefix + "_time"),
                rs.getString(prefix + "_author"), rs.getString(prefix + "_message"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp timestamp = rs.getTimestamp(column);
        return timestamp == null ? null : timestamp.toInstant();
    }

    record GroupRow(long id, String project, String repository, String summary, AlertViews.Commit commit,
            AlertViews.Commit lastGood, boolean exact, Instant createdAt, Instant updatedAt) {
    }
}
