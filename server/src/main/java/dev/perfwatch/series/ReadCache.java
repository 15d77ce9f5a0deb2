package dev.perfwatch.series;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

/**
 * Answers of whole-series reads (the timeline's columns, the overview) kept in memory with the version of their series
 * they were read at, so that a repeated read of an unchanged series runs one small statement instead of reading its
 * points again. The version ({@link SeriesQueries#version}) is read from PostgreSQL before the read it stamps and on
 * every later read: it is the number of results the series has, and results are only ever added (never updated or
 * deleted, V19), so any new run, late run or re-run of the series changes it, on whichever server instance it was
 * stored. A run's noise verdict is stored in the run's own transaction with its results (NoiseMarking, insert once,
 * never changed), so it comes with a new version too. What else a read shows is kept only when it cannot change:
 * commits with their time, author and message (ingest never changes one it has, CommitCache) and resolved positions
 * (part of the key). Reading the version first and the points after means a run committed in between is in the
 * answer but not in its version: the next read then finds another version and reads again, never the other way.
 * A feature that ever updates or deletes a result, or judges a run's noise after its upload, must move the version
 * too (ReadCacheTest shows an update of a score is not seen).
 * <p>
 * Bounded by the bytes held ({@code perfwatch.series.read-cache-bytes}, 64 MB by default; 0 turns it off), least
 * recently used out first.
 */
@Component
class ReadCache {

    /** What is held for a key: the answer read at {@code version} results of its series. */
    record Entry(long version, Object value, long bytes) {
    }

    private final long capacity;

    private final Map<Object, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);

    private long held;

    ReadCache(SeriesProperties properties) {
        this.capacity = properties.readCacheBytes();
    }

    /** The answer held for this key, if it was read at this version of its series; else null. */
    synchronized Object get(Object key, long version) {
        Entry entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (entry.version() != version) {
            entries.remove(key);
            held -= entry.bytes();
            return null;
        }
        return entry.value();
    }

    /** Holds an answer read at {@code version} (read before it); one larger than a quarter of the cache is not held. */
    synchronized void put(Object key, long version, Object value, long bytes) {
        if (bytes > capacity / 4) {
            return;
        }
        Entry old = entries.put(key, new Entry(version, value, bytes));
        if (old != null) {
            held -= old.bytes();
        }
        held += bytes;
        for (Iterator<Entry> eldest = entries.values().iterator(); held > capacity && eldest.hasNext();) {
            held -= eldest.next().bytes();
            eldest.remove();
        }
    }

    /** Forgets everything (a benchmark's cold read). */
    synchronized void clear() {
        entries.clear();
        held = 0;
    }

    synchronized long held() {
        return held;
    }
}
