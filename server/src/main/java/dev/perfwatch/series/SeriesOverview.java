package dev.perfwatch.series;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * A long history at the width of a chart: the points of a range split into at most {@code buckets} runs of
 * consecutive points, each with its lowest, highest and mean score and its first and last commit (what a zoom into
 * it asks for). A long range is read as blocks of {@code result_block} (V19); others as range scans over
 * {@code result (series_id, position)}, whose index carries the score, so the table is not read.
 */
@Repository
class SeriesOverview {

    private final JdbcClient jdbc;

    private final CommitCache commits;

    SeriesOverview(JdbcClient jdbc, CommitCache commits) {
        this.jdbc = jdbc;
        this.commits = commits;
    }

    /**
     * @param total points in the range
     * @param buckets the range at most {@code buckets} wide, when it holds more points than that; else empty
     * @param points every point of the range, when it holds no more than {@code buckets}; else empty
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Overview(long series, long total, boolean bucketed, List<Bucket> buckets, List<SeriesViews.Point> points) {
    }

    /** Non-finite scores are counted but do not take part in min, max and mean (null when none is finite). */
    record Bucket(long count, Double min, Double max, Double mean, Edge first, Edge last) {
    }

    record Edge(String sha, Instant time) {
    }

    /**
     * How many points a range holds, and its first and last position.
     *
     * @param dense the positions are whole numbers without a gap or a repeat (one result per commit of a series
     *     measured at every commit, the common case), so a point's rank is its position minus the first's
     */
    record Extent(long total, boolean dense, long first) {
    }

    /**
     * A whole series' total is the sum of its result_block counts (V19; about one index entry per 32 results, where
     * counting {@code result} read one per result: a 100,000-point history's overview spent a fifth of its statements'
     * time there); a range's is counted from the index.
     */
    Extent extent(long series, PointRange.Positions range) {
        String counted = range.from() == null && range.to() == null
                ? "(select cast(coalesce(sum(count), 0) as bigint) from result_block where series_id = :series)"
                : """
                (select count(*) from result
                 where series_id = :series
                   and position >= coalesce(cast(:from as numeric), '-Infinity')
                   and position <= coalesce(cast(:to as numeric), 'Infinity'))""";
        return jdbc.sql("select " + counted + """
                 as total,
                       (select position from result
                        where series_id = :series
                          and position >= coalesce(cast(:from as numeric), '-Infinity')
                          and position <= coalesce(cast(:to as numeric), 'Infinity')
                        order by position limit 1) as first,
                       (select position from result
                        where series_id = :series
                          and position >= coalesce(cast(:from as numeric), '-Infinity')
                          and position <= coalesce(cast(:to as numeric), 'Infinity')
                        order by position desc limit 1) as last
                """)
            .param("series", series)
            .param("from", range.from())
            .param("to", range.to())
            .query((rs, row) -> {
                long total = rs.getLong("total");
                BigDecimal first = rs.getBigDecimal("first");
                BigDecimal last = rs.getBigDecimal("last");
                boolean dense = total > 0 && whole(first) && whole(last)
                        && last.subtract(first).add(BigDecimal.ONE).compareTo(BigDecimal.valueOf(total)) == 0;
                return new Extent(total, dense, dense ? first.longValueExact() : 0);
            })
            .single();
    }

    private static final BigDecimal LARGEST = BigDecimal.valueOf(1L << 52);

    private static boolean whole(BigDecimal value) {
        return value != null && (value.signum() == 0 || value.stripTrailingZeros().scale() <= 0)
                && value.abs().compareTo(LARGEST) < 0;
    }

    /**
     * The buckets of a range: the bucket of a point is its rank times {@code buckets} over the total. On a dense
     * range the rank is the position's distance from the first, computed per entry as the index is read; otherwise
     * a window function numbers the entries, which costs about as much again as reading them.
     */
    List<Bucket> buckets(long series, PointRange.Positions range, Extent extent, int buckets) {
        List<Aggregate> aggregates = extent.total() >= (long) buckets * ResultBlocks.SIZE
                ? byBlocks(series, range, buckets) : List.of();
        if (aggregates.size() < buckets) {
            aggregates = byResults(series, range, extent, buckets);
        }
        Map<BigDecimal, Edge> edges = edges(series, aggregates);
        return aggregates.stream()
            .map(a -> new Bucket(a.count(), a.min(), a.max(), a.mean(), edges.get(a.first()), edges.get(a.last())))
            .toList();
    }

    /**
     * Buckets made of whole blocks of result_block (V19), so that a 100,000-point history costs about 3,000 block
     * rows instead of 100,000 index entries: the blocks of the range are numbered in order and split into
     * {@code buckets} runs, so a bucket holds one block or a few (its count says how many points). The blocks the
     * range's ends cut are aggregated from the index. Used only when the range has at least as many blocks as
     * buckets asked for (else the buckets would be coarser than asked; the caller then buckets by results), and
     * never for a range within two blocks, whose ends' parts would overlap.
     */
    List<Aggregate> byBlocks(long series, PointRange.Positions range, int buckets) {
        BigDecimal size = BigDecimal.valueOf(ResultBlocks.SIZE);
        // whole blocks: from low to high; cut ones: [from, low's start) and [high's end, to]
        Long low = range.from() == null ? null : range.from().divide(size, 0, RoundingMode.CEILING).longValueExact();
        Long high = range.to() == null ? null
                : range.to().divide(size, 0, RoundingMode.FLOOR).longValueExact() - 1;
        if (low != null && high != null && low > high) {
            return List.of();
        }
        return jdbc.sql("""
                -- first_commit and last_commit: [position, commit id] of a block's ends (V29), whose min and
                -- max are those of the lowest and highest position
                with blocks as (select block, sum(count) as count, sum(finite) as finite, sum(total) as total,
                                       min(min) as min, max(max) as max, min(first) as first, max(last) as last,
                                       min(array[first, first_commit_id]) as first_commit,
                                       max(array[last, last_commit_id]) as last_commit
                                from result_block
                                where series_id = :series
                                  and (cast(:low as bigint) is null or block >= :low)
                                  and (cast(:high as bigint) is null or block <= :high)
                                group by block
                                union all
                                select floor(position / %1$d), count(*),
                                       count(*) filter (where score > '-Infinity' and score < 'Infinity'),
                                       coalesce(sum(score) filter (where score > '-Infinity' and score < 'Infinity'), 0),
                                       min(score) filter (where score > '-Infinity' and score < 'Infinity'),
                                       max(score) filter (where score > '-Infinity' and score < 'Infinity'),
                                       min(position), max(position), min(array[position, commit_id]),
                                       max(array[position, commit_id])
                                -- two index ranges (one with "or" would scan the whole series)
                                from (select position, score, commit_id from result
                                      where series_id = :series
                                        and position >= coalesce(cast(:from as numeric), '-Infinity')
                                        and position < coalesce(cast(:low as numeric) * %1$d, '-Infinity')
                                      union all
                                      select position, score, commit_id from result
                                      where series_id = :series
                                        and position >= coalesce((cast(:high as numeric) + 1) * %1$d, 'Infinity')
                                        and position <= coalesce(cast(:to as numeric), 'Infinity')) cut
                                group by 1),
                     ranked as (select b.*, (row_number() over (order by block) - 1) * :buckets
                                            / (select count(*) from blocks) as bucket
                                from blocks b)
                select bucket, sum(count) as count, min(min) as min, max(max) as max,
                       sum(total) / cast(nullif(sum(finite), 0) as double precision) as mean,
                       min(first) as first, max(last) as last,
                       cast((min(first_commit))[2] as bigint) as first_commit_id,
                       cast((max(last_commit))[2] as bigint) as last_commit_id
                from ranked
                group by bucket
                order by bucket
                """.formatted(ResultBlocks.SIZE))
            .param("series", series)
            .param("from", range.from())
            .param("to", range.to())
            .param("low", low)
            .param("high", high)
            .param("buckets", (long) buckets)
            .query((rs, row) -> new Aggregate(rs.getLong("count"), nullable(rs, "min"), nullable(rs, "max"),
                    nullable(rs, "mean"), rs.getBigDecimal("first"), rs.getBigDecimal("last"),
                    rs.getLong("first_commit_id"), rs.getLong("last_commit_id")))
            .list();
    }

    List<Aggregate> byResults(long series, PointRange.Positions range, Extent extent, int buckets) {
        String ranked = extent.dense() ? """
                    select position, score, (cast(position as bigint) - :first) * :buckets / :total as bucket
                    from result
                """ : """
                    select position, score,
                           (row_number() over (order by position) - 1) * :buckets / :total as bucket
                    from result
                """;
        return jdbc.sql("with r as (" + ranked + """
                    where series_id = :series
                      and position >= coalesce(cast(:from as numeric), '-Infinity')
                      and position <= coalesce(cast(:to as numeric), 'Infinity')
                )
                select bucket, count(*) as count,
                       min(score) filter (where score > '-Infinity' and score < 'Infinity') as min,
                       max(score) filter (where score > '-Infinity' and score < 'Infinity') as max,
                       avg(score) filter (where score > '-Infinity' and score < 'Infinity') as mean,
                       min(position) as first, max(position) as last
                from r
                group by bucket
                order by bucket
                """)
            .param("series", series)
            .param("from", range.from())
            .param("to", range.to())
            .param("buckets", (long) buckets)
            .param("total", extent.total())
            .param("first", extent.first())
            .query((rs, row) -> new Aggregate(rs.getLong("count"), nullable(rs, "min"), nullable(rs, "max"),
                    nullable(rs, "mean"), rs.getBigDecimal("first"), rs.getBigDecimal("last"), null, null))
            .list();
    }

    /**
     * A bucket as its statement reads it: its first and last position, and their commits when the statement had
     * them (by blocks: result_block keeps them, V29), else null and looked up by {@link #edges}.
     */
    record Aggregate(long count, Double min, Double max, Double mean, BigDecimal first, BigDecimal last,
            Long firstCommit, Long lastCommit) {
    }

    /**
     * The commits at the buckets' first and last positions, from {@link CommitCache} by id. Buckets made of blocks
     * come with their commits' ids (V29: finding them was 4,000 probes of result's index, over half of a cold
     * 100,000-point overview); for the others each position's id comes from the series' own index, which carries
     * it (V16), in a statement of its own (joined to the aggregate, whose row count the planner cannot foresee, they
     * were hashed against the whole commit table; through branch_commit and commit, two thirds of the overview).
     */
    Map<BigDecimal, Edge> edges(long series, List<Aggregate> aggregates) {
        Map<BigDecimal, Long> ids = new java.util.TreeMap<>();
        List<BigDecimal> unknown = new java.util.ArrayList<>();
        for (Aggregate a : aggregates) {
            known(ids, unknown, a.first(), a.firstCommit());
            known(ids, unknown, a.last(), a.lastCommit());
        }
        if (!unknown.isEmpty()) {
            jdbc.sql("""
                    select position, commit_id from result
                    where series_id = :series and position = any(cast(:positions as numeric[]))
                    """)
                .param("series", series)
                .param("positions", unknown.stream().distinct().toArray(BigDecimal[]::new))
                .query(rs -> {
                    ids.put(rs.getBigDecimal(1), rs.getLong(2));
                });
        }
        Map<Long, SeriesViews.Commit> byId = commits.commits(ids.values().stream().mapToLong(Long::longValue)
            .distinct().toArray());
        Map<BigDecimal, Edge> edges = new java.util.TreeMap<>();
        ids.forEach((position, id) -> {
            SeriesViews.Commit commit = byId.get(id);
            edges.put(position, new Edge(commit.sha(), commit.time()));
        });
        return edges;
    }

    private static void known(Map<BigDecimal, Long> ids, List<BigDecimal> unknown, BigDecimal position, Long commit) {
        if (commit != null) {
            ids.put(position, commit);
        }
        else {
            unknown.add(position);
        }
    }

    private static Double nullable(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }
}
