package dev.perfwatch.alerts;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.ingest.RunIngested;

/**
 * Host classes run their nightlies at different times: a group raised after the 4-core run says "not measured on
 * 8-core yet", and the 8-core run that arrives later (and shows nothing) turns that into "on 4-core only". Rewrites
 * the summaries of recent groups that wait for the run's host class; the messages already sent stay as they were.
 */
@Component
class SummaryRefresh {

    private static final Logger log = LoggerFactory.getLogger(SummaryRefresh.class);

    /** The recent groups of a project whose summaries wait for a host class's run. */
    private static final String WAITING = """
            from alert_group
            where project_id = :project and created_at > now() - interval '30 days'
              and summary like '%not measured on%' and strpos(summary, :hostClass) > 0
            """;

    private final JdbcClient jdbc;

    private final SummaryQueries summaries;

    private final AlertStore store;

    private final TransactionTemplate transaction;

    SummaryRefresh(JdbcClient jdbc, SummaryQueries summaries, AlertStore store,
            PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.summaries = summaries;
        this.store = store;
        // A savepoint on the ingest's own connection: a failed refresh rolls back to it and the run still commits.
        // Never REQUIRES_NEW after commit: the ingest's connection is still held then, and a request waiting for a
        // second one deadlocks the pool once every connection is held by such a request (issue 14).
        this.transaction = new TransactionTemplate(transactions);
        this.transaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void runIngested(RunIngested run) {
        // Almost every run finds no group waiting (an import never does): then it costs one read, not a savepoint, the
        // read and the savepoint's release (two round trips and a nested transaction of every run). The read takes no
        // lock and cannot fail on its data; it runs outside the savepoint, as the ingest's own reads do.
        if (!waiting(run.project(), run.hostClass())) {
            return;
        }
        try {
            transaction.executeWithoutResult(status -> refresh(run.project(), run.hostClass()));
        }
        catch (RuntimeException ex) {
            // The run is stored whatever happens here; a stale summary is the only cost.
            log.warn("Refreshing alert summaries after run {} failed: {}", run.run(), ex.toString());
        }
    }

    private boolean waiting(long project, String hostClass) {
        return jdbc.sql("select exists (select 1 " + WAITING + ")")
            .param("project", project)
            .param("hostClass", hostClass)
            .query(Boolean.class)
            .single();
    }

    /** A group locked by a raise is skipped: that raise rewrites its summary anyway, and waiting could deadlock. */
    private void refresh(long project, String hostClass) {
        List<Long> groups = jdbc.sql("select id " + WAITING + """
                order by id
                limit 50
                for update skip locked
                """)
            .param("project", project)
            .param("hostClass", hostClass)
            .query(Long.class)
            .list();
        for (long group : groups) {
            store.summary(group, SummaryText.render(summaries.facts(group)));
        }
    }
}
