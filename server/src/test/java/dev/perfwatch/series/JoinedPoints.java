package dev.perfwatch.series;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The points read before {@link CommitCache}: {@code commit} joined per point. Kept as the reference the cached read
 * is compared with ({@code PointsCacheTest}) and measured against ({@code ReadBenchmark}).
 */
final class JoinedPoints {

    private JoinedPoints() {
    }

    /** The points of a series as the statement before the commit cache read them: from and to are shas. */
    static List<SeriesViews.Point> read(JdbcClient jdbc, long series, int limit, Instant since, String from,
            String to) {
        return jdbc.sql("""
                select c.sha, c.time, c.author, split_part(c.message, E'\n', 1) as message,
                       r.score, r.error, r.ci_lower, r.ci_upper, r.run_id, r.recorded_at,
                       coalesce(n.noisy, false) as noisy, n.reason as noise_reason
                from (select commit_id, position, run_id, score, error, ci_lower, ci_upper,
                             coalesce(recorded_at, (select created_at from run where run.id = result.run_id))
                                 as recorded_at
                      from result
                      where series_id = :series
                        and position >= coalesce((select x.position from result x join commit xc
                                                  on xc.id = x.commit_id and xc.sha = :from
                                                  where x.series_id = :series limit 1), '-Infinity')
                        and position <= coalesce((select x.position from result x join commit xc
                                                  on xc.id = x.commit_id and xc.sha = :to
                                                  where x.series_id = :series limit 1), 'Infinity')
                      order by position desc
                      limit :limit) r
                join commit c on c.id = r.commit_id
                left join run_noise n on n.run_id = r.run_id
                where cast(:since as timestamptz) is null or coalesce(c.time, r.recorded_at) >= :since
                order by r.position, r.run_id
                """)
            .param("series", series)
            .param("limit", limit)
            .param("from", from)
            .param("to", to)
            .param("since", since == null ? null : Timestamp.from(since))
            .query(JoinedPoints::point)
            .list();
    }

    private static SeriesViews.Point point(ResultSet rs, int row) throws SQLException {
        Timestamp time = rs.getTimestamp(2);
        return new SeriesViews.Point(new SeriesViews.Commit(rs.getString(1), time == null ? null : time.toInstant(),
                rs.getString(3), rs.getString(4)), rs.getDouble(5), rs.getDouble(6), rs.getDouble(7),
                rs.getDouble(8), rs.getObject(9, UUID.class), rs.getTimestamp(10).toInstant(), rs.getBoolean(11),
                rs.getString(12));
    }
}
