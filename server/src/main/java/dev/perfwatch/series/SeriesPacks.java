package dev.perfwatch.series;

import java.nio.ByteBuffer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.postgresql.PGStatement;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterUtils;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import dev.perfwatch.system.BackgroundThread;

/**
 * The newest points of a whole series read from {@code result_pack} (V30): a row per block of {@link ResultBlocks#SIZE}
 * positions holding its results packed, instead of an index entry and a row of text per result. The cold timeline
 * read of 10,000 points spent most of its server time in that statement (docs/performance.md, "The cold
 * 10,000-point read, branch read4"). A pack is used only when its count is result_block's for its block (results are
 * only ever added, so equal counts are the same results); a block without one, or behind, is read from result's index
 * as {@link SeriesQueries#POINTS} reads it, and packed afterwards in the background (one thread; nothing on ingest
 * writes packs, and a replica packs nothing). The answer is the statement's, point for point: when the newest
 * {@code limit} results would cut a commit's results in two (which of them the statement keeps is its index order's),
 * this answers null and the caller reads with the statement.
 */
@Component
class SeriesPacks {

    private static final Logger log = LoggerFactory.getLogger(SeriesPacks.class);

    /** PostgreSQL's timestamps count microseconds from 2000-01-01: that instant in epoch microseconds. */
    private static final long Y2K_MICROS = 946_684_800_000_000L;

    /**
     * The blocks a read of the newest {@code limit} results needs, newest first, each with its pack when that is
     * current: blocks until the newer ones hold more than {@code limit} results (one more than needed, so that the
     * result after the last one kept is known, for the check of a commit cut in two).
     */
    static final String BLOCKS = """
            with blocks as (select block, cast(sum(count) as bigint) as count
                            from result_block
                            where series_id = :series
                            group by block),
                 newest as (select block, count,
                                   coalesce(sum(count) over (order by block desc
                                                             rows between unbounded preceding and 1 preceding), 0)
                                       as newer
                            from blocks)
            -- a probe of result_pack's key per block, whatever its statistics say (joined, a planner that took the
            -- table for small sorted every pack, on disk)
            select n.block, n.count,
                   (select p.points from result_pack p
                    where p.series_id = :series and p.block = n.block and p.count = n.count) as points
            from newest n
            where n.newer <= :limit
            order by n.block desc
            """;

    /** {@link #BLOCKS} with positional parameters: series, series, limit. */
    private static final String BLOCKS_POSITIONAL = NamedParameterUtils.parseSqlStatementIntoString(BLOCKS);

    /** The results of a range of blocks as {@link SeriesQueries#POINTS} reads them, newest first. */
    private static final String RANGE = """
            with n as materialized (select run_id, true as noisy, reason from run_noise where noisy)
            select r.commit_id, r.score, r.error, r.ci_lower, r.ci_upper, r.run_id,
                   coalesce(r.recorded_at, (select created_at from run where run.id = r.run_id)) as recorded_at,
                   coalesce(n.noisy, false) as noisy, n.reason as noise_reason, floor(r.position / %1$d) as block
            from result r
            left join n on n.run_id = r.run_id
            where r.series_id = :series
              and r.position >= cast(:low as numeric) * %1$d
              and r.position < (cast(:high as numeric) + 1) * %1$d
            order by r.position desc
            """.formatted(ResultBlocks.SIZE);

    /**
     * Packs blocks of a series: per result, newest first (then by run id), commit id, score, error, ci_lower and
     * ci_upper (a null as NaN, as the readers take it), run id, recorded time (microseconds from 2000, -infinity for
     * none), whether its run is noisy, and the reason (length, -1 for none, and UTF-8 bytes). A pack is replaced only
     * by one of more results.
     */
    private static final String PACK = """
            insert into result_pack (series_id, block, count, points)
            select :series, b.block, count(*),
                   string_agg(int8send(r.commit_id) || float8send(r.score)
                              || float8send(coalesce(r.error, 'NaN')) || float8send(coalesce(r.ci_lower, 'NaN'))
                              || float8send(coalesce(r.ci_upper, 'NaN')) || uuid_send(r.run_id)
                              || timestamptz_send(coalesce(r.recorded_at,
                                                           (select created_at from run where run.id = r.run_id),
                                                           '-infinity'))
                              || case when n.run_id is null then '\\x00'::bytea else '\\x01'::bytea end
                              || int4send(coalesce(octet_length(convert_to(n.reason, 'UTF8')), -1))
                              || coalesce(convert_to(n.reason, 'UTF8'), ''::bytea),
                              ''::bytea order by r.position desc, r.run_id)
            from unnest(cast(:blocks as bigint[])) b(block)
            join result r on r.series_id = :series
                         and r.position >= b.block * %1$d and r.position < (b.block + 1) * %1$d
            left join run_noise n on n.run_id = r.run_id and n.noisy
            group by b.block
            on conflict (series_id, block) do update set count = excluded.count, points = excluded.points
                where result_pack.count < excluded.count
            """.formatted(ResultBlocks.SIZE);

    /** Blocks at most packed by one statement. */
    private static final int PACK_BLOCKS = 512;

    private final JdbcClient jdbc;

    private final JdbcTemplate template;

    /** Per series, the blocks asked for and not packed yet. */
    private final ConcurrentHashMap<Long, Set<Long>> wanted = new ConcurrentHashMap<>();

    private final ExecutorService packer = BackgroundThread.single("perfwatch-series-packs");

    SeriesPacks(JdbcClient jdbc, JdbcTemplate template) {
        this.jdbc = jdbc;
        this.template = template;
    }

    @PreDestroy
    void stop() {
        packer.shutdownNow();
    }

    /**
     * The newest {@code limit} results of the whole series, newest first, as {@link SeriesQueries#POINTS} answers
     * them (before branch order); null when only that statement can tell which results to keep.
     */
    PointColumns newest(long series, int limit) {
        List<Long> blocks = new ArrayList<>();
        List<byte[]> packs = new ArrayList<>();
        template.query(connection -> {
            PreparedStatement statement = connection.prepareStatement(BLOCKS_POSITIONAL);
            // the packs as bytes, not hex text: prepared on the server at once, rows in binary
            statement.unwrap(PGStatement.class).setPrepareThreshold(-1);
            statement.setLong(1, series);
            statement.setLong(2, series);
            statement.setLong(3, limit);
            return statement;
        }, (ResultSet rs) -> {
            blocks.add(rs.getLong(1));
            packs.add(rs.getBytes(3));
        });
        PointColumns columns = new PointColumns(limit + 1);
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (int i = 0; i < blocks.size(); i++) {
            if (packs.get(i) == null) {
                low = Math.min(low, blocks.get(i));
                high = Math.max(high, blocks.get(i));
            }
        }
        if (low <= high) {
            ask(series, blocks, packs);
        }
        // the blocks not packed, read from the index in one range and put in their place among the packed ones
        PointColumns range = new PointColumns(64);
        List<Long> rangeBlocks = new ArrayList<>();
        if (low <= high) {
            jdbc.sql(RANGE).param("series", series).param("low", low).param("high", high).query(rs -> {
                range.add(rs);
                rangeBlocks.add(rs.getLong(10));
            });
        }
        int next = 0;
        for (int i = 0; i < blocks.size() && columns.size <= limit; i++) {
            byte[] pack = packs.get(i);
            if (pack != null) {
                if (!unpack(pack, columns)) {
                    return null;
                }
                continue;
            }
            long block = blocks.get(i);
            // the range's rows are newest first: skip those of newer blocks (packed), take this block's
            while (next < rangeBlocks.size() && rangeBlocks.get(next) > block) {
                next++;
            }
            while (next < rangeBlocks.size() && rangeBlocks.get(next) == block) {
                columns.copy(range, next++);
            }
        }
        if (columns.size > limit) {
            if (columns.commit[limit - 1] == columns.commit[limit]) {
                return null; // a commit's results cut in two: the statement's index order chooses
            }
            columns.size = limit;
        }
        return columns;
    }

    /** Appends a pack's points; false when one is not what a read can show from a pack (an infinite time). */
    private static boolean unpack(byte[] pack, PointColumns columns) {
        ByteBuffer in = ByteBuffer.wrap(pack);
        while (in.hasRemaining()) {
            long commit = in.getLong();
            double score = in.getDouble();
            double error = in.getDouble();
            double ciLower = in.getDouble();
            double ciUpper = in.getDouble();
            UUID run = new UUID(in.getLong(), in.getLong());
            long recorded = in.getLong();
            boolean noisy = in.get() != 0;
            int length = in.getInt();
            String reason = null;
            if (length >= 0) {
                reason = new String(pack, in.position(), length, StandardCharsets.UTF_8);
                in.position(in.position() + length);
            }
            long recordedAt;
            if (recorded == Long.MIN_VALUE) {
                recordedAt = PointColumns.NO_TIME;
            }
            else if (recorded == Long.MAX_VALUE) {
                return false;
            }
            else {
                recordedAt = Math.multiplyExact(recorded + Y2K_MICROS, 1000L);
            }
            columns.addPoint(commit, score, error, ciLower, ciUpper, run, recordedAt, noisy, reason);
        }
        return true;
    }

    /** Queues the blocks without a current pack for the background packer. */
    private void ask(long series, List<Long> blocks, List<byte[]> packs) {
        Set<Long> asked = wanted.computeIfAbsent(series, s -> ConcurrentHashMap.newKeySet());
        boolean added = false;
        for (int i = 0; i < blocks.size(); i++) {
            if (packs.get(i) == null) {
                added |= asked.add(blocks.get(i));
            }
        }
        if (added) {
            try {
                packer.execute(() -> packWanted(series));
            }
            catch (RejectedExecutionException ex) {
                // shutting down
            }
        }
    }

    private void packWanted(long series) {
        Set<Long> asked = wanted.get(series);
        if (asked == null || asked.isEmpty()) {
            return;
        }
        List<Long> blocks = new ArrayList<>(asked);
        asked.removeAll(blocks);
        try {
            if ("on".equals(jdbc.sql("select current_setting('transaction_read_only')").query(String.class)
                .single())) {
                return; // a replica: the primary's instances pack
            }
            pack(series, blocks);
        }
        catch (RuntimeException ex) {
            // the database may be restarting; a later read asks again
            log.warn("Packing {} blocks of series {} failed: {}", blocks.size(), series, ex.toString());
        }
    }

    /** Waits until the packs asked for so far are written or given up (tests): the packer takes tasks in order. */
    void drain() throws Exception {
        packer.submit(() -> { }).get(1, java.util.concurrent.TimeUnit.MINUTES);
    }

    /** Packs these blocks of a series now (what the background packer does; tests and benchmarks call it). */
    int pack(long series, List<Long> blocks) {
        int packed = 0;
        for (int from = 0; from < blocks.size(); from += PACK_BLOCKS) {
            Long[] chunk = blocks.subList(from, Math.min(blocks.size(), from + PACK_BLOCKS)).toArray(Long[]::new);
            packed += jdbc.sql(PACK).param("series", series).param("blocks", chunk).update();
        }
        return packed;
    }
}
