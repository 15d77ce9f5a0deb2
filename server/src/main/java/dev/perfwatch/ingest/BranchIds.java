package dev.perfwatch.ingest;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The project and branch ids of an upload's names, kept in process: once a project and branch are stored, the five
 * statements that find or create them (an insert, the repository's fill-in and a read for the project, an insert and
 * a read for the branch) change nothing and read the same ids, so a run of a known branch skips them. An import
 * posts thousands of runs of one branch, each paying those round trips before. Only ids whose transaction committed
 * are kept, and nothing deletes or renames a project or branch nor empties a project's repository, so a kept id is
 * right for as long as the process lives. Bounded; emptied when full.
 */
@Component
class BranchIds {

    static final int MAX_BRANCHES = 10_000;

    /**
     * An upload's names. The repository is part of the key: the first upload that names one fills it in, and an
     * upload naming a repository must run that statement once before its ids are kept.
     */
    record Key(String project, String repository, String branch) {
    }

    /** A project's id and one of its branches'. */
    record Ids(long project, long branch) {
    }

    private final Map<Key, Ids> ids = new ConcurrentHashMap<>();

    /** The ids, or null when not known here. */
    Ids find(Key key) {
        return ids.get(key);
    }

    /** Keeps the ids once the current transaction commits; a rollback may have undone their rows, so not before. */
    void keepAfterCommit(Key key, Ids found) {
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                if (ids.size() >= MAX_BRANCHES) {
                    ids.clear();
                }
                ids.put(key, found);
            }
        });
    }

    /** How many are kept, for tests. */
    int size() {
        return ids.size();
    }
}
