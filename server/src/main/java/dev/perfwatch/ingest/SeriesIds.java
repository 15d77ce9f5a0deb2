package dev.perfwatch.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Series ids by everything that names a series, kept in process: a run whose series all exist (nearly every run
 * after a suite's first) finds its ids here instead of by ten statements (an upsert and a lookup each for
 * environments, benchmarks, metrics, cases and series), a quarter of a Codespeed post's statements. Only ids of
 * rows that committed are kept (put after the commit), and nothing deletes a series or the rows it names, so a
 * kept id is right for as long as the process lives and whatever other instances do. Bounded; emptied when full.
 */
@Component
class SeriesIds {

    static final int MAX_SERIES = 200_000;

    /** One series: its branch, environment (host class and JVM), case, and metric. */
    record Key(long branch, String hostClass, JmhBenchmark.Jvm jvm, String benchmark, String caseKey, String metric,
            String unit, String direction) {
    }

    private final Map<Key, Long> ids = new ConcurrentHashMap<>();

    /** The keys of a run's metrics, in their order. */
    static List<Key> keys(long branch, String hostClass, List<JmhBenchmark> benchmarks, int count) {
        List<Key> keys = new ArrayList<>(count);
        for (JmhBenchmark benchmark : benchmarks) {
            String caseKey = IngestService.caseKey(benchmark);
            for (JmhBenchmark.Metric metric : benchmark.metrics()) {
                keys.add(new Key(branch, hostClass, benchmark.jvm(), benchmark.benchmark(), caseKey, metric.name(),
                        metric.unit(), metric.direction()));
            }
        }
        return keys;
    }

    /** The ids in the keys' order, or null when one is not known here. */
    long[] find(List<Key> keys) {
        long[] found = new long[keys.size()];
        for (int i = 0; i < found.length; i++) {
            Long id = ids.get(keys.get(i));
            if (id == null) {
                return null;
            }
            found[i] = id;
        }
        return found;
    }

    /** Keeps the ids once the current transaction commits; a rollback may have undone their rows, so not before. */
    void keepAfterCommit(List<Key> keys, long[] found) {
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                if (ids.size() + keys.size() > MAX_SERIES) {
                    ids.clear();
                }
                for (int i = 0; i < found.length; i++) {
                    ids.put(keys.get(i), found[i]);
                }
            }
        });
    }

    /** How many ids are kept, for tests. */
    int size() {
        return ids.size();
    }
}
