package dev.perfwatch.series;

import java.math.BigDecimal;
import java.math.RoundingMode;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * {@code result_block} (V19): per series, aggregates of the results in blocks of {@link #SIZE} consecutive positions,
 * which reads over many results take instead of an index entry per result. A trigger adds a row per block with every
 * insert into {@code result}, never updating one, so that concurrent uploads never wait on each other; this folds a
 * block's rows into one now and then (every server instance does; a row is folded by whichever locks it first), so
 * that a block costs a reader one row. Readers are right whether or not a block is folded.
 */
@Component
public class ResultBlocks {

    /** Positions per block: the block of a position is floor(position / SIZE). */
    public static final int SIZE = 32;

    private static final Logger log = LoggerFactory.getLogger(ResultBlocks.class);

    private final JdbcClient jdbc;

    ResultBlocks(JdbcClient jdbc) {
        this.jdbc = jdbc;
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
     * Folds the rows of up to {@code blocks} blocks that have more than one, in one statement: readers see the rows
     * before or the row after. Rows locked by another instance's fold are skipped (any subset of a block's rows folds
     * correctly). Means combine weighted by counts, squared deviations by Chan's formula; the first and last commits
     * are those of the lowest first and highest last position.
     *
     * @return how many rows were folded away
     */
    public int fold(int blocks) {
        return jdbc.sql("""
                with picked as (select k.ctid as row
                                from result_block k
                                join (select series_id, block from result_block
                                      group by series_id, block having count(*) > 1
                                      limit :blocks) many using (series_id, block)
                                for update of k skip locked),
                     gone as (delete from result_block k using picked where k.ctid = picked.row returning k.*),
                     whole as (select series_id, block, sum(count) as count,
                                      sum(count * mean) / cast(sum(count) as double precision) as mean
                               from gone group by series_id, block),
                     folded as (insert into result_block (series_id, block, count, mean, m2, finite, total, min, max,
                                                              first, last, first_commit_id, last_commit_id)
                                select g.series_id, g.block, w.count, w.mean,
                                       sum(g.m2 + g.count * (g.mean - w.mean) ^ 2), sum(g.finite), sum(g.total),
                                       min(g.min), max(g.max), min(g.first), max(g.last),
                                       -- the commits of the lowest first and the highest last (V29)
                                       cast((min(array[g.first, g.first_commit_id]))[2] as bigint),
                                       cast((max(array[g.last, g.last_commit_id]))[2] as bigint)
                                from gone g join whole w using (series_id, block)
                                group by g.series_id, g.block, w.count, w.mean
                                returning 1)
                select (select count(*) from gone) - (select count(*) from folded)
                """)
            .param("blocks", blocks)
            .query(Integer.class)
            .single();
    }
}
