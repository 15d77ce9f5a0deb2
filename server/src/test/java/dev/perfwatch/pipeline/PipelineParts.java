package dev.perfwatch.pipeline;

import java.util.List;

import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.database.GenericPlans;

/**
 * The detection pipeline's parts of a running server, to build workers that read recent points or analyse series
 * other than the server's own worker does (a second instance's cache, none, one thread), and what detection stored,
 * as text that two projects detected two ways can be compared by.
 */
final class PipelineParts {

    final JdbcClient jdbc;

    final PipelineStore store;

    private final SuspectStore suspectStore;

    private final SeriesFacts facts;

    private final ConfirmationStore confirmationStore;

    private final Confirmations confirmations;

    private final Redetection redetection;

    final PipelineProperties properties;

    private final TransactionTemplate transaction;

    private final GenericPlans genericPlans;

    PipelineParts(ApplicationContext context) {
        jdbc = context.getBean(JdbcClient.class);
        store = context.getBean(PipelineStore.class);
        suspectStore = context.getBean(SuspectStore.class);
        facts = context.getBean(SeriesFacts.class);
        confirmationStore = context.getBean(ConfirmationStore.class);
        confirmations = context.getBean(Confirmations.class);
        redetection = context.getBean(Redetection.class);
        properties = context.getBean(PipelineProperties.class);
        transaction = context.getBean(TransactionTemplate.class);
        genericPlans = context.getBean(GenericPlans.class);
    }

    /** Recent points kept as an instance of its own keeps them. */
    SeriesPoints cachedPoints() {
        return new SeriesPoints(jdbc, store, facts);
    }

    /** Recent points always read by the statement. */
    SeriesPoints uncachedPoints() {
        return new SeriesPoints(jdbc, store, facts, 0);
    }

    PipelineWorker worker(SeriesPoints reads, DetectionThreads threads) {
        return worker(store, reads, threads);
    }

    /**
     * A worker as an instance that works on the queue runs it: its timer and wake-up pass ({@code poll}) are on, where
     * the tests' server has them off ({@code perfwatch.pipeline.enabled=false}).
     */
    PipelineWorker polling() {
        PipelineProperties on = new PipelineProperties(true, properties.pollInterval(), properties.trackedBranches(),
                properties.confirmation(), properties.quietMetrics(), properties.resolutions(), properties.alertWindow(),
                properties.alertAge(), properties.detectionThreads());
        RunAnalysis analysis = new RunAnalysis(store, suspectStore, on, confirmations, redetection, cachedPoints(),
                new DetectionThreads(1));
        return new PipelineWorker(store, confirmationStore, analysis, confirmations, on, transaction,
                genericPlans);
    }

    /** A worker on a store of the test's (one that counts its statements). */
    PipelineWorker worker(PipelineStore store, SeriesPoints reads, DetectionThreads threads) {
        RunAnalysis analysis = new RunAnalysis(store, suspectStore, properties, confirmations, redetection, reads,
                threads);
        return new PipelineWorker(store, confirmationStore, analysis, confirmations, properties, transaction,
                genericPlans);
    }

    /** Per series of the project: its noise, minimal detectable change, note and the newest commit detected. */
    List<String> detected(String project) {
        return jdbc.sql("""
                select b.name || ' ' || m.name || ' ' || coalesce(s.noise::text, '-') || ' '
                       || coalesce(s.minimal_detectable_change::text, '-') || ' ' || coalesce(s.noise_note, '-') || ' '
                       || coalesce((select c.sha from branch_commit bc join commit c on c.id = bc.commit_id
                                    where bc.branch_id = s.branch_id and bc.position = s.detected_position), '-')
                from series s
                join project p on p.id = s.project_id
                join metric m on m.id = s.metric_id
                join benchmark_case bc on bc.id = s.case_id
                join benchmark b on b.id = bc.benchmark_id
                where p.name = :project
                order by 1
                """).param("project", project).query(String.class).list();
    }

    /** Every column of each change point but ids, run ids and times (which differ between projects). */
    List<String> changes(String project) {
        return jdbc.sql("""
                select b.name || ' ' || m.name || ' ' || bad.sha || ' ' || good.sha || ' '
                       || (select jsonb_object_agg(key, value) from jsonb_each(to_jsonb(x))
                           where key <> 'id' and key <> 'run_ids' and key not like '%\\_id'
                                 and key not like '%\\_at')::text
                from suspect x
                join series s on s.id = x.series_id
                join project p on p.id = s.project_id
                join metric m on m.id = s.metric_id
                join benchmark_case bc on bc.id = s.case_id
                join benchmark b on b.id = bc.benchmark_id
                join commit bad on bad.id = x.first_bad_commit_id
                join commit good on good.id = x.last_good_commit_id
                where p.name = :project
                order by 1
                """).param("project", project).query(String.class).list();
    }
}
