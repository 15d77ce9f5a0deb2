package dev.perfwatch.ingest;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Host ids by the facts an upload gives, kept in process for as long as the stored facts count as confirmed (a
 * host's {@code updated_at} is refreshed at most hourly, {@link RunStore#host}): within that hour the statement that
 * finds the host only reads the same id, and every run of an import paid its round trip. An upload from the same
 * host with other facts stores them and forgets the host's other entries, so the facts stored are the last ones this
 * instance received, as before. (Another instance's upload with other facts is overwritten at the next hourly
 * refresh here, not at the next upload: the facts are shown, not used to compare.) Only ids whose transaction
 * committed are kept, and nothing deletes a host. Bounded; emptied when full.
 */
@Component
class HostIds {

    static final int MAX_HOSTS = 10_000;

    private record Kept(long id, long until) {
    }

    private final Map<RunUpload.Host, Kept> ids = new ConcurrentHashMap<>();

    /** The id, or null when not known here or no longer confirmed. */
    Long find(RunUpload.Host host) {
        Kept kept = ids.get(host);
        if (kept == null || System.nanoTime() - kept.until() >= 0) {
            return null;
        }
        return kept.id();
    }

    /** Keeps the id once the current transaction commits, until a minute before its facts need confirming again. */
    void keepAfterCommit(RunUpload.Host host, RunStore.ConfirmedHost confirmed) {
        long until = System.nanoTime() + (long) ((confirmed.seconds() - 60) * 1e9);
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                if (ids.size() >= MAX_HOSTS) {
                    ids.clear();
                }
                ids.keySet().removeIf(other -> other.name().equals(host.name()) && !other.equals(host));
                ids.put(host, new Kept(confirmed.id(), until));
            }
        });
    }

    /** How many are kept, for tests. */
    int size() {
        return ids.size();
    }
}
