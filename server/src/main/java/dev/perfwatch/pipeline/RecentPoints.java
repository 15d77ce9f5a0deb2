package dev.perfwatch.pipeline;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The points each series' last detection on this instance read, so that the next run of the series reads only its
 * own results. Without it a 500-result run read the newest 200 results of each of its 250 series (50,000 rows) where
 * one per series was new. An entry is only a hint: {@link SeriesPoints} uses it when nothing can have changed the
 * series' history since (no other detection of the series, no earlier run still queued), and reads the statement
 * otherwise. Least recently used series go once the entries hold {@link #CAPACITY} samples' worth (32 MB).
 */
final class RecentPoints {

    /** About 32 MB: 200 points of 5 × 10 samples for 400 series, or 200,000 points without samples. */
    static final long CAPACITY = 4_000_000;

    /** What a point costs besides its samples, in samples (8 bytes each): the row, its position, run id, arrays. */
    static final long POINT = 20;

    /**
     * The newest {@link PipelineStore#POINTS} counted results of a series up to {@code tail} (the position of the run
     * the detection was on), oldest first, as {@link PipelineStore#points} read them; {@code stamp}: the series row's
     * version ({@code xmin}) after that detection wrote it, which any later detection of the series changes.
     */
    record Entry(List<PipelineStore.PointRow> rows, BigDecimal tail, long stamp) {

        /**
         * The points a detection of {@code own} (a run at or after the tail) reads: these and its result, unless it is
         * not counted (a loaded host's), the oldest dropped beyond {@link PipelineStore#POINTS}. Null when the run is
         * before the tail: then the entry cannot say.
         */
        List<PipelineStore.PointRow> with(PipelineStore.PointRow own, boolean counted) {
            int order = own.position().compareTo(tail);
            if (order < 0) {
                return null;
            }
            if (!counted || (order == 0 && holds(own.run()))) {
                return rows;
            }
            int at = rows.size();
            while (at > 0 && before(own, rows.get(at - 1))) {
                at--;
            }
            // The rows with the run's inserted at its place, the oldest dropped beyond POINTS, made at once as the
            // immutable list that SeriesPoints.remember keeps and Series takes without copying (three copies of the
            // list per series and run before).
            int size = Math.min(rows.size() + 1, PipelineStore.POINTS);
            int dropped = rows.size() + 1 - size;
            PipelineStore.PointRow[] out = new PipelineStore.PointRow[size];
            for (int i = dropped, k = 0; i <= rows.size(); i++, k++) {
                out[k] = i < at ? rows.get(i) : i == at ? own : rows.get(i - 1);
            }
            return List.of(out);
        }

        private boolean holds(UUID run) {
            for (int i = rows.size() - 1; i >= 0 && rows.get(i).position().compareTo(tail) == 0; i--) {
                if (rows.get(i).run().equals(run)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * PostgreSQL's order of the statement: by position, score, then run id as unsigned bytes (uuid_cmp is
         * memcmp).
         */
        private static boolean before(PipelineStore.PointRow a, PipelineStore.PointRow b) {
            int order = a.position().compareTo(b.position());
            if (order != 0) {
                return order < 0;
            }
            order = Double.compare(a.score(), b.score());
            if (order != 0) {
                return order < 0;
            }
            int high = Long.compareUnsigned(a.run().getMostSignificantBits(), b.run().getMostSignificantBits());
            return high != 0 ? high < 0
                    : Long.compareUnsigned(a.run().getLeastSignificantBits(), b.run().getLeastSignificantBits()) < 0;
        }
    }

    private final long capacity;

    private long size;

    private final LinkedHashMap<Long, Entry> entries = new LinkedHashMap<>(1024, 0.75f, true);

    RecentPoints(long capacity) {
        this.capacity = capacity;
    }

    synchronized Entry get(long series) {
        return entries.get(series);
    }

    synchronized void put(long series, Entry entry) {
        if (capacity <= 0) {
            return;
        }
        Entry old = entries.put(series, entry);
        size += count(entry) - (old == null ? 0 : count(old));
        var oldest = entries.entrySet().iterator();
        while (size > capacity && oldest.hasNext()) {
            Map.Entry<Long, Entry> next = oldest.next();
            size -= count(next.getValue());
            oldest.remove();
        }
    }

    synchronized void remove(long series) {
        Entry old = entries.remove(series);
        size -= old == null ? 0 : count(old);
    }

    synchronized int size() {
        return entries.size();
    }

    /** About, in samples: each point costs what the newest one does (a series' results have one shape). */
    private static long count(Entry entry) {
        List<PipelineStore.PointRow> rows = entry.rows();
        if (rows.isEmpty()) {
            return 0;
        }
        long samples = 0;
        for (double[] fork : rows.get(rows.size() - 1).forks()) {
            samples += fork.length;
        }
        return rows.size() * (POINT + samples);
    }
}
