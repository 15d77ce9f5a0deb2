package dev.perfwatch.pipeline;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The samples of results detection read lately, parsed. Each run's detection reads the newest 200 results of each
 * of its series, 199 of which the run before read too: fetching and parsing their samples again (a 500-result run
 * of 5 × 10 samples: 2.5 million numbers rendered as JSON by PostgreSQL and parsed back) was most of what a
 * detection cost. A stored result's samples never change, so an entry is never stale: a result deleted by retention
 * is simply not asked for again and ages out, and a detection that rolls back read only committed results.
 * Least recently used entries go once the cache holds {@link #CAPACITY} samples' worth (32 MB). Each entry keeps the
 * detector's reduction of the samples with them (Point.reduce), which never changes either.
 */
final class SampleCache {

    /** About 32 MB: the newest 200 results of 280 series of 5 × 10 samples each, or 200,000 results without samples. */
    static final long CAPACITY = 4_000_000;

    /** What an entry costs besides its samples, in samples (8 bytes each). */
    static final long ENTRY = 20;

    record Key(UUID run, long series) {
    }

    /** A result's samples, forks × iterations, and what the detector reduces them to. */
    record Samples(double[][] forks, dev.perfwatch.detection.RunValue value) {
    }

    private final long capacity;

    private long size;

    private final LinkedHashMap<Key, Samples> entries = new LinkedHashMap<>(1024, 0.75f, true);

    SampleCache(long capacity) {
        this.capacity = capacity;
    }

    synchronized Samples get(Key key) {
        return entries.get(key);
    }

    synchronized void put(Key key, Samples samples) {
        Samples old = entries.put(key, samples);
        size += count(samples.forks()) - (old == null ? 0 : count(old.forks()));
        var oldest = entries.entrySet().iterator();
        while (size > capacity && oldest.hasNext()) {
            Map.Entry<Key, Samples> entry = oldest.next();
            size -= count(entry.getValue().forks());
            oldest.remove();
        }
    }

    synchronized int entries() {
        return entries.size();
    }

    /**
     * In samples' worth of memory (8 bytes): each sample, and about 160 bytes of key, map entry and arrays per entry,
     * so that results without samples (Codespeed's, imports') cannot grow the cache beyond its bytes either.
     */
    private static long count(double[][] forks) {
        long n = ENTRY;
        for (double[] fork : forks) {
            n += fork.length;
        }
        return n;
    }
}
