package dev.perfwatch.series;

import java.io.ByteArrayOutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
 * writes packs, and a replica packs nothing). A pack also holds the JSON text of each result's numbers, made by the
 * packer as {@link PointColumnsJson} writes them, so that a read copies them (writing the shortest digits of 20,000
 * doubles was most of the read's JSON). The answer is the statement's, point for point: when the newest
 * {@code limit} results would cut a commit's results in two (which of them the statement keeps is its index order's),
 * this answers null and the caller reads with the statement.
 */
@Component
class SeriesPacks {

    private static final Logger log = LoggerFactory.getLogger(SeriesPacks.class);

    /**
     * The first byte of a pack of this layout: per result, newest first (then by run id), commit id, score, error,
     * ci_lower and ci_upper (a null as NaN), run id, recorded time (epoch nanoseconds as PointColumns holds them,
     * {@link PointColumns#NO_TIME} for none), whether its run is noisy, the reason (length, -1 for none, and UTF-8
     * bytes), and the JSON text of score and error ({@link PointColumnsJson#numberText}; the timeline reads no
     * interval, and its texts would make every pack a third larger). V30's
     * packs (written by SQL, without the texts) begin with a commit id's high byte, 0: read as absent, and replaced.
     */
    static final int LAYOUT = 2;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    /**
     * The blocks a read of the newest {@code limit} results needs, newest first, each with its pack when that is
     * current, and the series' first block: blocks until the newer ones hold more than {@code limit} results (one
     * more than needed, so that the result after the last one kept is known, for the check of a commit cut in two).
     * Only the newest {@code span} blocks are looked at (summing every row of a long series to keep its newest few
     * hundred was most of the statement): when those hold too few results and the series has older blocks, the
     * caller asks again with a span of all. Counts are summed as integers (a sum of bigints is a numeric, and the
     * window over numerics cost more than the aggregate).
     */
    static final String BLOCKS = """
            with blocks as (select block, cast(sum(count) as int) as count
                            from result_block
                            where series_id = :series
                              and block >= (select max(block) from result_block where series_id = :series) - :span
                            group by block),
                 newest as (select block, count,
                                   coalesce(sum(count) over (order by block desc
                                                             rows between unbounded preceding and 1 preceding), 0)
                                       as newer
                            from blocks)
            -- a probe of result_pack's key per block, whatever its statistics say (joined, a planner that took the
            -- table for small sorted every pack, on disk)
            -- (limit 1, of a primary key: a planner that took the table for larger than it is probed each by a bitmap,
            -- 5 times as long)
            select n.block, n.count,
                   (select p.points from result_pack p
                    where p.series_id = :series and p.block = n.block and p.count = n.count
                    limit 1) as points,
                   (select min(block) from result_block where series_id = :series) as first
            from newest n
            where n.newer <= :limit
            order by n.block desc
            """;

    /** The blocks first looked at for the newest {@code limit} results: a dense series' need, twice. */
    static long span(int limit) {
        return 2L * (limit / ResultBlocks.SIZE + 2);
    }

    /** A span of blocks that is every block of a series. */
    static final long ALL_BLOCKS = Long.MAX_VALUE / 4;

    /** {@link #BLOCKS} with positional parameters. */
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

    /** The results of some blocks of a series as {@link SeriesQueries#POINTS} reads them, by block, newest first. */
    private static final String TO_PACK = """
            select r.commit_id, r.score, r.error, r.ci_lower, r.ci_upper, r.run_id,
                   coalesce(r.recorded_at, (select created_at from run where run.id = r.run_id)) as recorded_at,
                   n.run_id is not null as noisy, n.reason as noise_reason, b.block
            from unnest(cast(:blocks as bigint[])) b(block)
            join result r on r.series_id = :series
                         and r.position >= b.block * %1$d and r.position < (b.block + 1) * %1$d
            left join run_noise n on n.run_id = r.run_id and n.noisy
            order by b.block, r.position desc, r.run_id
            """.formatted(ResultBlocks.SIZE);

    /** A pack replaces one of fewer results, or one of another layout (V30's, written by SQL, had no texts). */
    private static final String STORE = """
            insert into result_pack (series_id, block, count, points)
            values (?, ?, ?, ?)
            on conflict (series_id, block) do update set count = excluded.count, points = excluded.points
                where result_pack.count < excluded.count or get_byte(result_pack.points, 0) <> %d
            """.formatted(LAYOUT);

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
        if (!blocks(series, limit, span(limit), blocks, packs)) {
            blocks.clear();
            packs.clear();
            blocks(series, limit, ALL_BLOCKS, blocks, packs);
        }
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
                unpack(pack, columns);
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

    /**
     * Reads {@link #BLOCKS} over the newest {@code span} blocks into the lists; false when they hold no more than
     * {@code limit} results and the series has older blocks (a wider span is needed).
     */
    private boolean blocks(long series, int limit, long span, List<Long> blocks, List<byte[]> packs) {
        long[] total = { 0 };
        long[] first = { Long.MIN_VALUE };
        template.query(connection -> {
            PreparedStatement statement = connection.prepareStatement(BLOCKS_POSITIONAL);
            // the packs as bytes, not hex text: prepared on the server at once, rows in binary
            statement.unwrap(PGStatement.class).setPrepareThreshold(-1);
            statement.setLong(1, series);
            statement.setLong(2, series);
            statement.setLong(3, span);
            statement.setLong(4, series);
            statement.setLong(5, series);
            statement.setLong(6, limit);
            return statement;
        }, (ResultSet rs) -> {
            blocks.add(rs.getLong(1));
            total[0] += rs.getInt(2);
            byte[] pack = rs.getBytes(3);
            // a pack of another layout (V30's) is read as absent, and packed again
            packs.add(pack != null && pack.length > 0 && pack[0] == LAYOUT ? pack : null);
            first[0] = rs.getLong(4);
        });
        return total[0] > limit || blocks.isEmpty() || blocks.get(blocks.size() - 1) == first[0];
    }

    /** Appends a pack's points, each with its numbers' texts. */
    private static void unpack(byte[] pack, PointColumns columns) {
        int at = 1;
        int length = pack.length;
        while (at < length) {
            long commit = (long) LONG.get(pack, at);
            double score = Double.longBitsToDouble((long) LONG.get(pack, at + 8));
            double error = Double.longBitsToDouble((long) LONG.get(pack, at + 16));
            double ciLower = Double.longBitsToDouble((long) LONG.get(pack, at + 24));
            double ciUpper = Double.longBitsToDouble((long) LONG.get(pack, at + 32));
            UUID run = new UUID((long) LONG.get(pack, at + 40), (long) LONG.get(pack, at + 48));
            long recordedAt = (long) LONG.get(pack, at + 56);
            boolean noisy = pack[at + 64] != 0;
            int reasonLength = (int) INT.get(pack, at + 65);
            at += 69;
            String reason = null;
            if (reasonLength >= 0) {
                reason = new String(pack, at, reasonLength, StandardCharsets.UTF_8);
                at += reasonLength;
            }
            columns.addPoint(commit, score, error, ciLower, ciUpper, run, recordedAt, noisy, reason);
            columns.text[columns.size - 1] = pack;
            columns.textAt[columns.size - 1] = at;
            at += 1 + pack[at];
            at += 1 + pack[at];
        }
    }

    /** A block's points (newest first) as a pack of {@link #LAYOUT}. */
    static byte[] packOf(PointColumns points, int from, int to) {
        ByteArrayOutputStream pack = new ByteArrayOutputStream(128 * (to - from) + 1);
        pack.write(LAYOUT);
        byte[] fixed = new byte[69];
        for (int i = from; i < to; i++) {
            LONG.set(fixed, 0, points.commit[i]);
            LONG.set(fixed, 8, Double.doubleToRawLongBits(points.score[i]));
            LONG.set(fixed, 16, Double.doubleToRawLongBits(points.error[i]));
            LONG.set(fixed, 24, Double.doubleToRawLongBits(points.ciLower[i]));
            LONG.set(fixed, 32, Double.doubleToRawLongBits(points.ciUpper[i]));
            LONG.set(fixed, 40, points.run[i].getMostSignificantBits());
            LONG.set(fixed, 48, points.run[i].getLeastSignificantBits());
            LONG.set(fixed, 56, points.recordedAt[i]);
            fixed[64] = (byte) (points.noisy[i] ? 1 : 0);
            byte[] reason = points.noiseReason[i] == null ? null
                    : points.noiseReason[i].getBytes(StandardCharsets.UTF_8);
            INT.set(fixed, 65, reason == null ? -1 : reason.length);
            pack.writeBytes(fixed);
            if (reason != null) {
                pack.writeBytes(reason);
            }
            PointColumnsJson.numberText(points.score[i], pack);
            PointColumnsJson.numberText(points.error[i], pack);
        }
        return pack.toByteArray();
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

    /**
     * Packs these blocks of a series now (what the background packer does; tests and benchmarks call it): their
     * results read as the points statement decodes them ({@link PointColumns#add}), so that a pack answers what it
     * would, and the texts of their numbers made once here rather than by every read. Returns the packs written.
     */
    int pack(long series, List<Long> blocks) {
        int packed = 0;
        for (int from = 0; from < blocks.size(); from += PACK_BLOCKS) {
            Long[] chunk = blocks.subList(from, Math.min(blocks.size(), from + PACK_BLOCKS)).toArray(Long[]::new);
            PointColumns points = new PointColumns(ResultBlocks.SIZE * chunk.length);
            List<Long> pointBlocks = new ArrayList<>();
            jdbc.sql(TO_PACK).param("series", series).param("blocks", chunk).query(rs -> {
                points.add(rs);
                pointBlocks.add(rs.getLong(10));
            });
            List<Object[]> rows = new ArrayList<>();
            for (int start = 0; start < points.size();) {
                int end = start + 1;
                while (end < points.size() && pointBlocks.get(end).equals(pointBlocks.get(start))) {
                    end++;
                }
                rows.add(new Object[] { series, pointBlocks.get(start), (long) (end - start),
                        packOf(points, start, end) });
                start = end;
            }
            for (int written : template.batchUpdate(STORE, rows)) {
                packed += Math.max(written, 0);
            }
        }
        return packed;
    }
}
