package dev.perfwatch.search;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;

import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

import dev.perfwatch.ingest.RunIngested;
import dev.perfwatch.system.BackgroundThread;

/**
 * Brings the search catalog's copy of a project up to date after each of its runs, on a thread of its own: the
 * ingest's connection is still held after commit, and reading on it there would make every upload wait for a
 * second connection (a pool deadlock under load, issue 14). Refreshes coalesce per project, so an import of a
 * thousand runs reads the new cases a few times, not a thousand.
 */
@Component
class CatalogRefresh {

    private static final Logger log = LoggerFactory.getLogger(CatalogRefresh.class);

    private final Catalog catalog;

    private final Set<Long> pending = ConcurrentHashMap.newKeySet();

    private final ExecutorService thread = BackgroundThread.single("search-catalog-refresh");

    CatalogRefresh(Catalog catalog) {
        this.catalog = catalog;
    }

    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT, fallbackExecution = true)
    void runIngested(RunIngested run) {
        if (pending.add(run.project())) {
            thread.execute(() -> {
                pending.remove(run.project());
                try {
                    catalog.refresh(run.project());
                }
                catch (RuntimeException ex) {
                    // The next search reads what this did not.
                    log.warn("Refreshing the search catalog of project {} failed: {}", run.project(), ex.toString());
                }
            });
        }
    }

    @PreDestroy
    void stop() {
        thread.shutdownNow();
    }
}
