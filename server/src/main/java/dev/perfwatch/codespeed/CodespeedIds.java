package dev.perfwatch.codespeed;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import dev.perfwatch.codespeed.CodespeedVocabulary.Benchmark;
import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;

/**
 * Codespeed's vocabulary as stored, kept in process: projects, environments, executables and benchmarks are created
 * on first use and never changed or deleted afterwards (no statement updates or deletes them), so a row once
 * committed answers every later post. Every Codespeed post looked them up again: five of its statements (a project
 * upserted and read, an environment, an executable and the benchmarks read) for one post of one revision. Kept only
 * once the transaction that found or made them commits: a rollback may have undone a row it made.
 */
final class CodespeedIds {

    /** Past this many rows of one kind, the kind is forgotten and found again (a bound, not a working size). */
    static final int MAX = 10_000;

    record ExecutableKey(long project, String name) {
    }

    final Map<String, Long> projects = new ConcurrentHashMap<>();

    final Map<String, Environment> environments = new ConcurrentHashMap<>();

    final Map<ExecutableKey, Executable> executables = new ConcurrentHashMap<>();

    final Map<String, Benchmark> benchmarks = new ConcurrentHashMap<>();

    /** The value kept for {@code key}, else what {@code find} finds or makes, kept once its transaction commits. */
    static <K, V> V kept(Map<K, V> map, K key, Supplier<V> find) {
        V known = map.get(key);
        if (known != null) {
            return known;
        }
        V found = find.get();
        keep(map, key, found);
        return found;
    }

    /** Keeps {@code value} once the current transaction commits, at once when none is active (autocommit). */
    static <K, V> void keep(Map<K, V> map, K key, V value) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            put(map, key, value);
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                put(map, key, value);
            }
        });
    }

    private static <K, V> void put(Map<K, V> map, K key, V value) {
        if (map.size() >= MAX) {
            map.clear();
        }
        map.put(key, value);
    }
}
