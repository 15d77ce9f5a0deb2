package dev.perfwatch.changes;

import java.util.HashMap;
import java.util.Map;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The trend of every series of a branch as the changes view read it before V19, the reference the faster statements
 * are held to: count(*), avg() and stddev_samp() of the {@code trend} results before the position, by series.
 */
final class TrendReference {

    private TrendReference() {
    }

    /** By series: the number of results, their mean and their spread (null without enough of them). */
    static Map<Long, Object[]> of(JdbcClient jdbc, long branch, Number position, int trend) {
        Map<Long, Object[]> trends = new HashMap<>();
        jdbc.sql("""
                select s.id, back.points, back.mean, back.spread
                from series s
                cross join lateral (select count(*) as points, avg(last.score) as mean,
                                           stddev_samp(last.score) as spread
                                    from (select r.score from result r
                                          where r.series_id = s.id and r.position < :position
                                          order by r.position desc
                                          limit :trend) last) back
                where s.branch_id = :branch
                """).param("branch", branch).param("position", position).param("trend", trend)
            .query(rs -> {
                trends.put(rs.getLong(1), new Object[] { rs.getLong(2), (Double) rs.getObject(3),
                        (Double) rs.getObject(4) });
            });
        return trends;
    }
}
