package dev.perfwatch.series;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code result_block} (V19): per series, aggregates of the results in blocks of {@link #SIZE} consecutive positions,
 * which reads over many results take instead of an index entry per result. A trigger adds a row per block with every
 * insert into {@code result}, never updating one, so that concurrent uploads never wait on each other; this folds a
 * block's rows into one now and then (every server instance does; a series is folded by whichever locks it first), so
 * that a block costs a reader one row, and fills each row's through columns (V34: count, mean and squared deviations
 * of the series' results up to and including the block). Readers are right whether or not a block is folded.
 */
@Component
public class ResultBlocks {

    /** Positions per block: the block of a position is floor(position / SIZE). */
    public static final int SIZE = 32;

    /** The fold's advisory lock class: with a series' id (its low 31 bits), one fold of a series at a time. */
    static final int LOCK = 7019;

    private static final Logger log = LoggerFactory.getLogger(ResultBlocks.class);

    private final JdbcClient jdbc;

    private final TransactionTemplate transaction;

    ResultBlocks(JdbcClient jdbc, TransactionTemplate transaction) {
        this.jdbc = jdbc;
        this.transaction = transaction;
    }

    /** The block of a position, as the trigger computes it. */
    public static long block(BigDecimal position) {
        return position.divide(BigDecimal.valueOf(SIZE), 0, RoundingMode.FLOOR).longValueExact();
    }

    @Scheduled(fixedDelayString = "${perfwatch.series.block-fold-interval:5s}",
            initialDelayString = "${perfwatch.series.block-fold-interval:5s}")
    void foldNow() {
        try {
            if ("on".equals(jdbc.sql("select current_setting('transaction_read_only')").query(String.class).single())) {
                return; // a replica: the primary's instances fold
            }
            // each pass is a short transaction of its own; a few per turn keep up with ingest
            for (int pass = 0; pass < 10 && fold(10_000) > 0; pass++) {
            }
        }
        catch (RuntimeException ex) {
            // the database may be restarting; the next turn folds what is left
            log.warn("Folding result blocks failed: {}", ex.toString());
        }
    }

    /**
     * The series with rows not yet folded (without through columns, V34), lowest id first, as many as hold about
     * {@code blocks} rows from their lowest such block up (at least one series), each locked for this transaction or
     * skipped when another fold holds it. In a statement of its own, so that the rewrite's snapshot is taken after
     * the locks are held: it sees whatever a fold that held them before committed.
     */
    static final String PICK = """
            with unfolded as (select series_id, min(block) as low
                              from result_block
                              where through_count is null
                              group by series_id
                              order by series_id
                              limit :blocks),
                 sized as (select u.series_id, sum(n.rows) over (order by u.series_id) - n.rows as before
                           from unfolded u
                           cross join lateral (select count(*) as rows from result_block k
                                               where k.series_id = u.series_id and k.block >= u.low) n)
            select series_id from sized
            where case when before < :blocks
                       then pg_try_advisory_xact_lock(%d, cast(series_id & 2147483647 as integer)) else false end
            """.formatted(LOCK);

    /**
     * Of each locked series, every row from its lowest block without through columns up, deleted and returned
     * (block ascending), after the row just below them (block null), whose through columns the rewrite continues
     * from. All in the statement's one snapshot: the rows below the lowest unfolded one all have them.
     */
    static final String TAKE = """
            with locked as materialized (
                     select c.series_id,
                            (select min(n.block) from result_block n
                             where n.series_id = c.series_id and n.through_count is null) as low
                     from unnest(cast(:series as bigint[])) as c(series_id)),
                 gone as (delete from result_block k using locked c
                          where k.series_id = c.series_id and k.block >= c.low
                          returning k.*)
            select g.series_id, g.block, g.count, g.mean, g.m2, g.finite, g.total, g.min, g.max,
                   cast(g.first as text) as first, cast(g.last as text) as last, g.first_commit_id, g.last_commit_id,
                   cast(null as bigint) as through_count, cast(null as double precision) as through_mean,
                   cast(null as double precision) as through_m2
            from gone g
            union all
            select c.series_id, null, null, null, null, null, null, null, null, null, null, null, null,
                   b.through_count, b.through_mean, b.through_m2
            from locked c
            cross join lateral (select k.through_count, k.through_mean, k.through_m2 from result_block k
                                where k.series_id = c.series_id and k.block < c.low
                                order by k.block desc
                                limit 1) b
            order by series_id, block nulls first
            """;

    static final String PUT = """
            insert into result_block (series_id, block, count, mean, m2, finite, total, min, max, first, last,
                                      first_commit_id, last_commit_id, through_count, through_mean, through_m2)
            select * from unnest(cast(:series as bigint[]), cast(:block as bigint[]), cast(:count as bigint[]),
                                 cast(:mean as float8[]), cast(:m2 as float8[]), cast(:finite as bigint[]),
                                 cast(:total as float8[]), cast(:min as float8[]), cast(:max as float8[]),
                                 cast(:first as numeric[]), cast(:last as numeric[]), cast(:firstCommit as bigint[]),
                                 cast(:lastCommit as bigint[]), cast(:throughCount as bigint[]),
                                 cast(:throughMean as float8[]), cast(:throughM2 as float8[]))
            """;

    /**
     * Folds the series with rows not yet folded, about {@code blocks} rows of them in one transaction: per series,
     * every row from its lowest unfolded block up is replaced by one row per block, with the through columns (V34)
     * continued block after block from the row below. Readers see the rows before or the rows after. Means and
     * squared deviations combine by Chan's formula (never as sums of squares, which lose the spread of large scores
     * to rounding); the first and last commits are those of the lowest first and highest last position.
     *
     * @return how many rows were rewritten (0 when nothing was left to fold or another fold holds what is)
     */
    public int fold(int blocks) {
        Integer rewritten = transaction.execute(status -> {
            long[] series = jdbc.sql(PICK).param("blocks", blocks).query(Long.class).list().stream()
                .mapToLong(Long::longValue).toArray();
            if (series.length == 0) {
                return 0;
            }
            List<Row> rows = jdbc.sql(TAKE).param("series", series).query(ResultBlocks::row).list();
            List<Row> folded = fold(rows);
            put(folded);
            return (int) rows.stream().filter(r -> r.block() != null).count();
        });
        return rewritten == null ? 0 : rewritten;
    }

    /** A row of result_block; block null for the row below a series' rewrite (its through columns alone). */
    record Row(long series, Long block, long count, double mean, double m2, long finite, double total, Double min,
            Double max, BigDecimal first, BigDecimal last, long firstCommit, long lastCommit, long throughCount,
            double throughMean, double throughM2) {
    }

    private static Row row(ResultSet rs, int row) throws SQLException {
        long block = rs.getLong("block");
        if (rs.wasNull()) {
            return new Row(rs.getLong("series_id"), null, 0, 0, 0, 0, 0, null, null, null, null, 0, 0,
                    rs.getLong("through_count"), rs.getDouble("through_mean"), rs.getDouble("through_m2"));
        }
        return new Row(rs.getLong("series_id"), block, rs.getLong("count"), rs.getDouble("mean"), rs.getDouble("m2"),
                rs.getLong("finite"), rs.getDouble("total"), (Double) rs.getObject("min"),
                (Double) rs.getObject("max"), new BigDecimal(rs.getString("first")),
                new BigDecimal(rs.getString("last")), rs.getLong("first_commit_id"), rs.getLong("last_commit_id"), 0,
                0, 0);
    }

    /**
     * Rows by series, each series' base row (block null) if any first, then its rows by block ascending: one row per
     * block with the through columns.
     */
    static List<Row> fold(List<Row> rows) {
        List<Row> out = new ArrayList<>();
        long series = Long.MIN_VALUE;
        long throughCount = 0;
        double throughMean = 0;
        double throughM2 = 0;
        Row block = null;
        for (Row r : rows) {
            if (r.series() != series || r.block() == null) {
                if (block != null) {
                    out.add(through(block, throughCount, throughMean, throughM2));
                    block = null;
                }
                series = r.series();
                throughCount = r.block() == null ? r.throughCount() : 0;
                throughMean = r.block() == null ? r.throughMean() : 0;
                throughM2 = r.block() == null ? r.throughM2() : 0;
                if (r.block() == null) {
                    continue;
                }
            }
            if (block != null && !block.block().equals(r.block())) {
                Row done = through(block, throughCount, throughMean, throughM2);
                out.add(done);
                throughCount = done.throughCount();
                throughMean = done.throughMean();
                throughM2 = done.throughM2();
                block = null;
            }
            block = block == null ? r : combine(block, r);
        }
        if (block != null) {
            out.add(through(block, throughCount, throughMean, throughM2));
        }
        return out;
    }

    /** Two rows of one block as one. */
    static Row combine(Row a, Row b) {
        long count = a.count() + b.count();
        double delta = b.mean() - a.mean();
        double mean = a.mean() + delta * b.count() / count;
        double m2 = a.m2() + b.m2() + delta * delta * a.count() * b.count() / count;
        boolean aFirst = a.first().compareTo(b.first()) <= 0;
        boolean aLast = a.last().compareTo(b.last()) >= 0;
        return new Row(a.series(), a.block(), count, mean, m2, a.finite() + b.finite(), a.total() + b.total(),
                a.min() == null ? b.min() : b.min() == null ? a.min() : Math.min(a.min(), b.min()),
                a.max() == null ? b.max() : b.max() == null ? a.max() : Math.max(a.max(), b.max()),
                aFirst ? a.first() : b.first(), aLast ? a.last() : b.last(),
                aFirst ? a.firstCommit() : b.firstCommit(), aLast ? a.lastCommit() : b.lastCommit(), 0, 0, 0);
    }

    /** The block with the through columns of the rows below it (count, mean, m2) and its own, by Chan's formula. */
    static Row through(Row block, long count, double mean, double m2) {
        long total = count + block.count();
        double delta = block.mean() - mean;
        double throughMean = count == 0 ? block.mean() : mean + delta * block.count() / total;
        double throughM2 = count == 0 ? block.m2() : m2 + block.m2() + delta * delta * count * block.count() / total;
        return new Row(block.series(), block.block(), block.count(), block.mean(), block.m2(), block.finite(),
                block.total(), block.min(), block.max(), block.first(), block.last(), block.firstCommit(),
                block.lastCommit(), total, throughMean, throughM2);
    }

    private void put(List<Row> rows) {
        int n = rows.size();
        long[] series = new long[n];
        long[] block = new long[n];
        long[] count = new long[n];
        double[] mean = new double[n];
        double[] m2 = new double[n];
        long[] finite = new long[n];
        double[] total = new double[n];
        Double[] min = new Double[n];
        Double[] max = new Double[n];
        // as text: an exact numeric each, where pgjdbc binds no array of BigDecimal
        String[] first = new String[n];
        String[] last = new String[n];
        long[] firstCommit = new long[n];
        long[] lastCommit = new long[n];
        long[] throughCount = new long[n];
        double[] throughMean = new double[n];
        double[] throughM2 = new double[n];
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            series[i] = r.series();
            block[i] = r.block();
            count[i] = r.count();
            mean[i] = r.mean();
            m2[i] = r.m2();
            finite[i] = r.finite();
            total[i] = r.total();
            min[i] = r.min();
            max[i] = r.max();
            first[i] = r.first().toPlainString();
            last[i] = r.last().toPlainString();
            firstCommit[i] = r.firstCommit();
            lastCommit[i] = r.lastCommit();
            throughCount[i] = r.throughCount();
            throughMean[i] = r.throughMean();
            throughM2[i] = r.throughM2();
        }
        jdbc.sql(PUT).param("series", series).param("block", block).param("count", count).param("mean", mean)
            .param("m2", m2).param("finite", finite).param("total", total).param("min", min).param("max", max)
            .param("first", first).param("last", last).param("firstCommit", firstCommit)
            .param("lastCommit", lastCommit).param("throughCount", throughCount).param("throughMean", throughMean)
            .param("throughM2", throughM2).update();
    }
}
