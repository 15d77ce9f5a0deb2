package dev.perfwatch.alerts;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Write-side SQL of alerts. "Raised once" and "one group per culprit" are the table's unique constraints: inserts
 * say ON CONFLICT DO NOTHING, so two server instances raising the same change agree without checking first.
 */
@Repository
class AlertStore {

    static final String PERFWATCH = "perfwatch";

    private final JdbcClient jdbc;

    AlertStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The series' project and the direction of its metric, by series id. */
    Map<Long, SeriesRow> series(List<Long> ids) {
        return jdbc.sql("""
                select s.id, s.project_id, m.direction
                from series s join metric m on m.id = s.metric_id
                where s.id = any(cast(:ids as bigint[]))
                """)
            .param("ids", ids.stream().mapToLong(Long::longValue).toArray())
            .query((rs, row) -> new SeriesRow(rs.getLong("id"), rs.getLong("project_id"), rs.getString("direction")))
            .list()
            .stream()
            .collect(Collectors.toMap(SeriesRow::id, row -> row));
    }

    /** The project of each commit, by commit id. */
    Map<Long, Long> commitProjects(List<Long> ids) {
        return jdbc.sql("select id, project_id from commit where id = any(cast(:ids as bigint[]))")
            .param("ids", ids.stream().mapToLong(Long::longValue).toArray())
            .query((rs, row) -> Map.entry(rs.getLong("id"), rs.getLong("project_id")))
            .list()
            .stream()
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /**
     * The group of a culprit range, made if new, and locked until the transaction ends: raises into one group take
     * turns, so each one's summary sees the alerts of the one before.
     */
    long lockGroup(long project, long firstBad, long lastGood) {
        jdbc.sql("""
                insert into alert_group (project_id, first_bad_commit_id, last_good_commit_id)
                values (:project, :firstBad, :lastGood)
                on conflict (project_id, first_bad_commit_id, last_good_commit_id) do nothing
                """)
            .param("project", project)
            .param("firstBad", firstBad)
            .param("lastGood", lastGood)
            .update();
        return jdbc.sql("""
                select id from alert_group
                where project_id = :project and first_bad_commit_id = :firstBad and last_good_commit_id = :lastGood
                for update
                """)
            .param("project", project)
            .param("firstBad", firstBad)
            .param("lastGood", lastGood)
            .query(Long.class)
            .single();
    }

    /** Stores the alert unless the series was alerted at that commit before; its id when stored. */
    Optional<Long> insertAlert(long group, AlertCandidate candidate, Kind kind) {
        AlertCandidate.Level before = candidate.before();
        AlertCandidate.Level after = candidate.after();
        return jdbc.sql("""
                insert into alert (group_id, series_id, first_bad_commit_id, last_good_commit_id, kind,
                                   before_value, before_lower, before_upper, before_points,
                                   after_value, after_lower, after_upper, after_points,
                                   magnitude, confidence, run_ids)
                values (:group, :series, :firstBad, :lastGood, :kind,
                        :beforeValue, :beforeLower, :beforeUpper, :beforePoints,
                        :afterValue, :afterLower, :afterUpper, :afterPoints,
                        :magnitude, :confidence, cast(:runs as uuid[]))
                on conflict (series_id, first_bad_commit_id) do nothing
                returning id
                """)
            .param("group", group)
            .param("series", candidate.series())
            .param("firstBad", candidate.firstBadCommit())
            .param("lastGood", candidate.lastGoodCommit())
            .param("kind", kind.word())
            .param("beforeValue", before.value())
            .param("beforeLower", before.lower())
            .param("beforeUpper", before.upper())
            .param("beforePoints", before.points())
            .param("afterValue", after.value())
            .param("afterLower", after.lower())
            .param("afterUpper", after.upper())
            .param("afterPoints", after.points())
            .param("magnitude", candidate.magnitude().isPresent() ? candidate.magnitude().getAsDouble() : null)
            .param("confidence", candidate.confidence())
            .param("runs", candidate.runs().stream().map(UUID::toString).toArray(String[]::new))
            .query(Long.class)
            .optional();
    }

    void history(long alert, String actor, Status from, Status to, Long duplicateOf, String comment) {
        jdbc.sql("""
                insert into alert_history (alert_id, actor, from_status, to_status, duplicate_of, comment)
                values (:alert, :actor, :from, :to, :duplicateOf, :comment)
                """)
            .param("alert", alert)
            .param("actor", actor)
            .param("from", from == null ? null : from.word())
            .param("to", to.word())
            .param("duplicateOf", duplicateOf)
            .param("comment", comment)
            .update();
    }

    /**
     * Rewrites the group's summary from its facts, keeping the notes that closings appended to it ("; transient:
     * ...", "; withdrawn: ..."): they are not facts a rendering knows, and a refresh must not drop them.
     */
    void summary(long group, String summary) {
        jdbc.sql("""
                update alert_group
                set summary = :summary || coalesce(substring(summary from '(; (transient|withdrawn): .*)$'), ''),
                    updated_at = now()
                where id = :group
                """)
            .param("group", group)
            .param("summary", summary)
            .update();
    }

    /** The alert's status, locked until the transaction ends. */
    Optional<Locked> lockAlert(long id) {
        return jdbc.sql("select id, series_id, status from alert where id = :id for update")
            .param("id", id)
            .query((rs, row) -> new Locked(rs.getLong("id"), rs.getLong("series_id"),
                    Status.fromSql(rs.getString("status"))))
            .optional();
    }

    /** The group's alerts, locked in id order (the order every writer takes them in). */
    List<Locked> lockAlertsOfGroup(long group) {
        return jdbc.sql("select id, series_id, status from alert where group_id = :group order by id for update")
            .param("group", group)
            .query((rs, row) -> new Locked(rs.getLong("id"), rs.getLong("series_id"),
                    Status.fromSql(rs.getString("status"))))
            .list();
    }

    boolean groupExists(long group) {
        return jdbc.sql("select count(*) from alert_group where id = :group").param("group", group)
            .query(Long.class).single() > 0;
    }

    boolean alertExists(long alert) {
        return jdbc.sql("select count(*) from alert where id = :alert").param("alert", alert)
            .query(Long.class).single() > 0;
    }

    void status(long alert, Status status, Long duplicateOf) {
        jdbc.sql("""
                update alert set status = :status, duplicate_of = :duplicateOf, updated_at = now() where id = :id
                """)
            .param("id", alert)
            .param("status", status.word())
            .param("duplicateOf", duplicateOf)
            .update();
    }

    /**
     * Resolves the series' open alerts whose change came before the commit as fixed, and audits it; returns their
     * ids. Verdicts people gave (won't fix, invalid, ...) stay.
     */
    List<Long> restore(long series, long commit, Kind kind, String comment) {
        return jdbc.sql("""
                with restored as (
                    select a.id, a.status
                    from alert a
                    join series s on s.id = a.series_id
                    join branch_commit bad on bad.branch_id = s.branch_id and bad.commit_id = a.first_bad_commit_id
                    join branch_commit back on back.branch_id = s.branch_id and back.commit_id = :commit
                    where a.series_id = :series and a.status in ('new', 'investigating', 'acknowledged')
                      and a.kind = :kind and back.position > bad.position
                    order by a.id
                    for update of a
                ), updated as (
                    update alert set status = 'fixed', restored_commit_id = :commit, updated_at = now()
                    from restored where alert.id = restored.id
                    returning alert.id, restored.status as from_status
                )
                insert into alert_history (alert_id, actor, from_status, to_status, comment)
                select updated.id, :actor, updated.from_status, 'fixed',
                       :comment || ' at ' || left((select sha from commit where id = :commit), 7)
                from updated
                returning alert_id
                """)
            .param("series", series)
            .param("commit", commit)
            .param("kind", kind.word())
            .param("comment", comment)
            .param("actor", PERFWATCH)
            .query(Long.class)
            .list();
    }

    /** The alert of the same series in another group, or else that group's first alert. */
    Optional<Long> counterpart(long group, long series) {
        return jdbc.sql("""
                select id from alert where group_id = :group order by series_id = :series desc, id limit 1
                """)
            .param("group", group)
            .param("series", series)
            .query(Long.class)
            .optional();
    }

    record SeriesRow(long id, long project, String direction) {
    }

    record Locked(long id, long series, Status status) {
    }
}
