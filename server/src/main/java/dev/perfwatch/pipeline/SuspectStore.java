package dev.perfwatch.pipeline;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The suspects' SQL: change points the pipeline has seen on a series, and what became of them. */
@Repository
class SuspectStore {

    private final JdbcClient jdbc;

    private final SeriesFacts facts;

    SuspectStore(JdbcClient jdbc, SeriesFacts facts) {
        this.jdbc = jdbc;
        this.facts = facts;
    }

    /**
     * The series' change points, oldest first: every run's detection reads them. The suspect rows alone, with whether
     * their alert is open; what names their series is {@link SeriesFacts}'. The six tables of {@link #SUSPECT_SELECT}
     * were planned anew for every run ({@code plan_cache_mode = force_custom_plan}): 2.7 ms of planning for 0.4 of
     * execution in an import's statement statistics.
     */
    List<SuspectRow> suspects(long[] series) {
        List<SuspectRow> rows = jdbc.sql("""
                select s.id, s.series_id, s.first_bad_commit_id, s.last_good_commit_id, s.direction, s.magnitude,
                       s.confidence, s.before_value, s.before_lower, s.before_upper, s.before_points, s.after_value,
                       s.after_lower, s.after_upper, s.after_points, s.run_ids, s.status,
                       coalesce(a.status in ('new', 'investigating', 'acknowledged'), false) as alert_open
                from suspect s
                left join alert a on a.series_id = s.series_id and a.first_bad_commit_id = s.first_bad_commit_id
                where s.series_id = any(cast(:series as bigint[]))
                order by s.id
                """)
            .param("series", series)
            .query((rs, n) -> suspect(rs, null))
            .list();
        if (rows.isEmpty()) {
            return rows;
        }
        Map<Long, SeriesFacts.Facts> named = facts.of(rows.stream().mapToLong(SuspectRow::series).distinct().toArray());
        return rows.stream().map(row -> row.named(named.get(row.series()))).toList();
    }

    List<SuspectRow> confirming(long confirmation) {
        return jdbc.sql(SUSPECT_SELECT + " where s.confirmation_id = :confirmation and s.status = 'confirming' "
                + "order by s.id")
            .param("confirmation", confirmation)
            .query(SuspectStore::suspect)
            .list();
    }

    private static final String SUSPECT_SELECT = """
            select s.id, s.series_id, s.first_bad_commit_id, s.last_good_commit_id, s.direction, s.magnitude,
                   s.confidence, s.before_value, s.before_lower, s.before_upper, s.before_points, s.after_value,
                   s.after_lower, s.after_upper, s.after_points, s.run_ids, s.status, se.case_id, se.metric_id,
                   b.name as benchmark, m.name as metric, m.unit,
                   coalesce(a.status in ('new', 'investigating', 'acknowledged'), false) as alert_open
            from suspect s
            join series se on se.id = s.series_id
            join metric m on m.id = se.metric_id
            join benchmark_case c on c.id = se.case_id
            join benchmark b on b.id = c.benchmark_id
            left join alert a on a.series_id = s.series_id and a.first_bad_commit_id = s.first_bad_commit_id
            """;

    private static SuspectRow suspect(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return suspect(rs, new SeriesFacts.Facts(rs.getLong("series_id"), rs.getLong("case_id"),
                rs.getLong("metric_id"), null, rs.getString("benchmark"), null, rs.getString("metric"),
                rs.getString("unit")));
    }

    /** A suspect row; its series' names from {@code facts}, or to be added ({@link SuspectRow#named}) when null. */
    private static SuspectRow suspect(java.sql.ResultSet rs, SeriesFacts.Facts facts) throws java.sql.SQLException {
        UUID[] runs = (UUID[]) rs.getArray("run_ids").getArray();
        return new SuspectRow(rs.getLong("id"), rs.getLong("series_id"), rs.getLong("first_bad_commit_id"),
                rs.getLong("last_good_commit_id"), rs.getString("direction"), rs.getDouble("magnitude"),
                rs.getDouble("confidence"),
                new Level(rs.getDouble("before_value"), rs.getDouble("before_lower"), rs.getDouble("before_upper"),
                        rs.getInt("before_points")),
                new Level(rs.getDouble("after_value"), rs.getDouble("after_lower"), rs.getDouble("after_upper"),
                        rs.getInt("after_points")),
                Arrays.asList(runs), rs.getString("status"), facts == null ? 0 : facts.caseId(),
                facts == null ? 0 : facts.metricId(), facts == null ? null : facts.benchmark(),
                facts == null ? null : facts.metric(), facts == null ? null : facts.unit(),
                rs.getBoolean("alert_open"));
    }

    record Level(double value, double lower, double upper, int points) {
    }

    /**
     * @param metric the metric's name (near-zero metrics speak in their unit)
     * @param unit the metric's unit
     * @param alertOpen whether the change's alert is open (new, investigating, acknowledged)
     */
    record SuspectRow(long id, long series, long firstBad, long lastGood, String direction, double magnitude,
            double confidence, Level before, Level after, List<UUID> runs, String status, long caseId, long metricId,
            String benchmark, String metric, String unit, boolean alertOpen) {

        /** This row with its series' names. */
        SuspectRow named(SeriesFacts.Facts facts) {
            return new SuspectRow(id, series, firstBad, lastGood, direction, magnitude, confidence, before, after, runs,
                    status, facts.caseId(), facts.metricId(), facts.benchmark(), facts.metric(), facts.unit(),
                    alertOpen);
        }
    }

    /** Stores a new suspect; empty when the series already has one at that commit (another instance was first). */
    Optional<Long> insertSuspect(long series, long firstBad, long lastGood, String direction, double magnitude,
            double confidence, Level before, Level after, List<UUID> runs, String status, Long confirmation) {
        return jdbc.sql("""
                insert into suspect (series_id, first_bad_commit_id, last_good_commit_id, direction, magnitude,
                                     confidence, before_value, before_lower, before_upper, before_points, after_value,
                                     after_lower, after_upper, after_points, run_ids, status, confirmation_id)
                values (:series, :firstBad, :lastGood, :direction, :magnitude, :confidence, :beforeValue, :beforeLower,
                        :beforeUpper, :beforePoints, :afterValue, :afterLower, :afterUpper, :afterPoints,
                        cast(:runs as uuid[]), :status, :confirmation)
                on conflict (series_id, first_bad_commit_id) do nothing
                returning id
                """)
            .param("series", series)
            .param("firstBad", firstBad)
            .param("lastGood", lastGood)
            .param("direction", direction)
            .param("magnitude", magnitude)
            .param("confidence", confidence)
            .param("beforeValue", before.value())
            .param("beforeLower", before.lower())
            .param("beforeUpper", before.upper())
            .param("beforePoints", before.points())
            .param("afterValue", after.value())
            .param("afterLower", after.lower())
            .param("afterUpper", after.upper())
            .param("afterPoints", after.points())
            .param("runs", runs.toArray(UUID[]::new))
            .param("status", status)
            .param("confirmation", confirmation)
            .query(Long.class)
            .optional();
    }

    /**
     * The change is confirmed: its confidence becomes the confirmation's. A change found late keeps saying so
     * (Replay.foundLate) ahead of the verdict.
     */
    void confirmed(long suspect, double confidence, String verdict) {
        jdbc.sql("""
                update suspect set confidence = :confidence,
                       verdict = concat_ws('; ', substring(verdict from '^found [0-9]+ commits? after its commit'),
                                           :verdict)
                 where id = :id
                """)
            .param("id", suspect)
            .param("confidence", confidence)
            .param("verdict", verdict)
            .update();
    }

    /** The final status, with a note after the verdict that led to it. */
    /** Sets the status and adds the note to the verdict, unless the verdict already starts with it ("round 1: …"). */
    void decideStatus(long suspect, String status, String note) {
        jdbc.sql("""
                update suspect
                set status = :status,
                    verdict = case when starts_with(verdict, :note || ':') then verdict
                                   else coalesce(verdict || '; ', '') || :note end
                where id = :id
                """)
            .param("id", suspect)
            .param("status", status)
            .param("note", note)
            .update();
    }

    void decideSuspect(long suspect, String status, String verdict) {
        jdbc.sql("update suspect set status = :status, verdict = :verdict where id = :id")
            .param("id", suspect)
            .param("status", status)
            .param("verdict", verdict)
            .update();
    }

    /** Removes change points that notified nobody (historical ones, mode changes) and that the history no longer holds. */
    int forget(List<Long> suspects) {
        return jdbc.sql("""
                delete from suspect
                where id = any(cast(:ids as bigint[]))
                  and (status = 'historical' or (status = 'dismissed' and direction = 'mode-change'))
                """)
            .param("ids", suspects.toArray(Long[]::new))
            .update();
    }

    /** The alerted changes of the series before the commit, newest first: a later change may restore them. */
    List<SuspectRow> alerted(long series) {
        return jdbc.sql(SUSPECT_SELECT + """
                 where s.series_id = :series and s.status in ('alerted', 'unconfirmed')
                 order by s.id desc
                """)
            .param("series", series)
            .query(SuspectStore::suspect)
            .list();
    }
}
