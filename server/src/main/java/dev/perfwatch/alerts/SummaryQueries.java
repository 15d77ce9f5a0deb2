package dev.perfwatch.alerts;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads the facts a group's summary is written from (see {@link GroupFacts}). */
@Repository
class SummaryQueries {

    private final JdbcClient jdbc;

    SummaryQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    GroupFacts facts(long group) {
        var alerts = jdbc.sql("""
                select a.id, s.case_id, s.environment_id, e.host_class, m.name as metric, m.unit, a.kind,
                       a.magnitude, a.before_value, a.after_value,
                       exists (select 1
                               from series alloc
                               join metric am on am.id = alloc.metric_id
                               join result r on r.series_id = alloc.id and r.commit_id = a.first_bad_commit_id
                               where alloc.branch_id = s.branch_id and alloc.case_id = s.case_id
                                 and alloc.environment_id = s.environment_id
                                 and am.name = 'gc.alloc.rate.norm'
                                 -- measured and unchanged: no change of its own here (a return from an earlier
                                 -- alert, say, which is that alert's resolution, not part of this group)
                                 and not exists (select 1 from suspect su
                                                 where su.series_id = alloc.id
                                                   and su.first_bad_commit_id = a.first_bad_commit_id)
                                 and not exists (select 1 from alert ra
                                                 where ra.series_id = alloc.id
                                                   and ra.restored_commit_id = a.first_bad_commit_id)) as allocation_measured
                from alert a
                join series s on s.id = a.series_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                where a.group_id = :group
                order by a.id
                """)
            .param("group", group)
            .query((rs, row) -> new GroupFacts.AlertFact(rs.getLong("id"), rs.getLong("case_id"),
                    rs.getLong("environment_id"), rs.getString("host_class"), rs.getString("metric"),
                    rs.getString("unit"), Kind.fromSql(rs.getString("kind")), rs.getObject("magnitude", Double.class),
                    rs.getDouble("before_value"), rs.getDouble("after_value"), rs.getBoolean("allocation_measured")))
            .list();
        // The same case and metric on other host classes: medians of up to five results on each side of the
        // culprit range, and whether that series was alerted at the same commit.
        var siblings = jdbc.sql("""
                select a.id as alert_id, se.host_class, after_side.n > 0 as measured,
                       after_side.median / nullif(before_side.median, 0) - 1 as change,
                       exists (select 1 from alert other
                               where other.series_id = sib.id
                                 and other.first_bad_commit_id = a.first_bad_commit_id) as alerted
                from alert a
                join series s on s.id = a.series_id
                join environment e on e.id = s.environment_id
                join series sib on sib.branch_id = s.branch_id and sib.case_id = s.case_id
                               and sib.metric_id = s.metric_id and sib.id <> s.id
                join environment se on se.id = sib.environment_id and se.host_class <> e.host_class
                join branch_commit bad on bad.branch_id = s.branch_id and bad.commit_id = a.first_bad_commit_id
                join branch_commit good on good.branch_id = s.branch_id and good.commit_id = a.last_good_commit_id
                cross join lateral (
                    select count(*) as n, percentile_cont(0.5) within group (order by r.score) as median
                    from (select score from result
                          where series_id = sib.id and position >= bad.position
                          order by position limit 5) r
                ) after_side
                cross join lateral (
                    select percentile_cont(0.5) within group (order by r.score) as median
                    from (select score from result
                          where series_id = sib.id and position <= good.position
                          order by position desc limit 5) r
                ) before_side
                where a.group_id = :group
                order by a.id, sib.id
                """)
            .param("group", group)
            .query((rs, row) -> new GroupFacts.SiblingFact(rs.getLong("alert_id"), rs.getString("host_class"),
                    rs.getBoolean("measured"), rs.getObject("change", Double.class), rs.getBoolean("alerted")))
            .list();
        // Replay.foundLate writes "found N commits after its commit" at the start of a late change's verdict.
        int foundLate = jdbc.sql("""
                select coalesce(max(cast(substring(su.verdict from '^found ([0-9]+) commits? after its commit')
                                         as integer)), 0)
                from alert a
                join suspect su on su.series_id = a.series_id and su.first_bad_commit_id = a.first_bad_commit_id
                where a.group_id = :group
                """)
            .param("group", group)
            .query(Integer.class)
            .single();
        // Per environment of the group's primary alerts: its primary series measured at the culprit, and how many of
        // them moved the same way there (alerts of any group at that commit). One probe of result_series_position
        // per series of the environment.
        var breadth = jdbc.sql("""
                with environments as (
                    select distinct s.environment_id, s.branch_id, a.first_bad_commit_id as commit_id, a.kind
                    from alert a
                    join series s on s.id = a.series_id
                    join metric m on m.id = s.metric_id
                    where a.group_id = :group and m.name = 'primary'
                )
                select e.host_class, g.kind,
                       (select count(*)
                        from series ps
                        join metric pm on pm.id = ps.metric_id
                        join branch_commit bc on bc.branch_id = ps.branch_id and bc.commit_id = g.commit_id
                        where ps.environment_id = g.environment_id and ps.branch_id = g.branch_id
                          and pm.name = 'primary'
                          and exists (select 1 from result r
                                      where r.series_id = ps.id and r.position = bc.position)) as measured,
                       (select count(distinct oa.series_id)
                        from alert oa
                        join series os on os.id = oa.series_id
                        join metric om on om.id = os.metric_id
                        where oa.first_bad_commit_id = g.commit_id and oa.kind = g.kind
                          and os.environment_id = g.environment_id and os.branch_id = g.branch_id
                          and om.name = 'primary') as moved
                from environments g
                join environment e on e.id = g.environment_id
                order by e.host_class, g.kind
                """)
            .param("group", group)
            .query((rs, row) -> new GroupFacts.Breadth(rs.getString("host_class"), Kind.fromSql(rs.getString("kind")),
                    rs.getInt("measured"), rs.getInt("moved")))
            .list();
        // An imported history's host class has no runner: its changes alert on the detector's word (the pipeline's
        // "unconfirmed"), and the summary says so when every alert of the group is such.
        var unconfirmed = jdbc.sql("""
                select distinct su.verdict
                from alert a
                join suspect su on su.series_id = a.series_id and su.first_bad_commit_id = a.first_bad_commit_id
                where a.group_id = :group and su.status = 'unconfirmed' and su.verdict is not null
                  and not exists (select 1
                                  from alert other
                                  where other.group_id = a.group_id
                                    and not exists (select 1 from suspect os
                                                    where os.series_id = other.series_id
                                                      and os.first_bad_commit_id = other.first_bad_commit_id
                                                      and os.status = 'unconfirmed'))
                order by su.verdict
                """)
            .param("group", group)
            .query(String.class)
            .list();
        return new GroupFacts(alerts, siblings, foundLate, breadth, unconfirmed);
    }
}
