package dev.perfwatch.alerts;

import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Closings perfwatch makes on its own when the history changes its mind: an alert whose level did not hold
 * (transient) and one a late run's re-detection no longer finds (withdrawn). Each is audited with its reason and
 * leaves a note at the end of its group's summary, which summary rewrites keep ({@link AlertStore#summary}).
 */
@Repository
class AlertClosings {

    private static final String PERFWATCH = AlertStore.PERFWATCH;

    private final JdbcClient jdbc;

    AlertClosings(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Closes the open alert of the series at the commit as fixed because its level did not hold, audited with the
     * reason, and says so in its group's summary; returns the alert's id when there was one open.
     */
    Optional<Long> lapse(long series, long firstBad, String reason) {
        Optional<Long> closed = close(series, firstBad, "fixed", reason);
        closed.ifPresent(id -> jdbc.sql("""
                update alert_group g
                set summary = g.summary || '; transient: the level did not hold, the runs that followed went back',
                    updated_at = now()
                from alert a
                where a.id = :alert and g.id = a.group_id and g.summary not like '%transient: the level did not hold%'
                """)
            .param("alert", id)
            .update());
        return closed;
    }

    /**
     * Closes the open alert of the series at the commit as invalid because re-detection after a late run no
     * longer finds its change there, audited with the reason, and says so in its group's summary; returns the alert's
     * id when there was one open.
     */
    Optional<Long> withdraw(long series, long firstBad, String reason) {
        Optional<Long> closed = close(series, firstBad, "invalid", reason);
        closed.ifPresent(id -> jdbc.sql("""
                update alert_group g
                set summary = g.summary || '; withdrawn: ' || regexp_replace(:reason, '^withdrawn: ', ''),
                    updated_at = now()
                from alert a
                where a.id = :alert and g.id = a.group_id and g.summary not like '%; withdrawn: %'
                """)
            .param("alert", id)
            .param("reason", reason)
            .update());
        return closed;
    }

    /** Closes the series' open alert at the commit with the status, audited as perfwatch's with the reason. */
    private Optional<Long> close(long series, long firstBad, String status, String reason) {
        return jdbc.sql("""
                with closing as (
                    select a.id, a.status
                    from alert a
                    where a.series_id = :series and a.first_bad_commit_id = :firstBad
                      and a.status in ('new', 'investigating', 'acknowledged')
                    for update of a
                ), updated as (
                    update alert set status = :status, updated_at = now()
                    from closing where alert.id = closing.id
                    returning alert.id, closing.status as from_status
                )
                insert into alert_history (alert_id, actor, from_status, to_status, comment)
                select updated.id, :actor, updated.from_status, :status, :reason
                from updated
                returning alert_id
                """)
            .param("series", series)
            .param("firstBad", firstBad)
            .param("status", status)
            .param("actor", PERFWATCH)
            .param("reason", reason)
            .query(Long.class)
            .optional();
    }
}
