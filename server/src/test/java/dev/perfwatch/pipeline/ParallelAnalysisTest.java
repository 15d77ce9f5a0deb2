package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Random;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's series analysed on several detection threads (DetectionThreads) store exactly what they store analysed one
 * by one: one history of 40 cases (regressions, improvements, a series flipping between two modes, flat ones with an
 * outlier, a run placed before detected ones, a re-run; 80 series with the allocation) posted to two projects, one
 * detected with 4 threads and one with 1, and every stored change point (all its columns) and every series' noise
 * compared.
 */
@ServerTest
class ParallelAnalysisTest {

    private static final int CASES = 40;

    private static final int COMMITS = 30;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PipelineStore store;

    @Autowired
    SuspectStore suspectStore;

    @Autowired
    ConfirmationStore confirmationStore;

    @Autowired
    Confirmations confirmations;

    @Autowired
    Redetection redetection;

    @Autowired
    PipelineProperties properties;

    @Autowired
    TransactionTemplate transaction;

    @Test
    void severalThreadsStoreWhatOneStores() {
        DetectionThreads four = new DetectionThreads(4);
        try {
            PipelineWorker parallel = worker(four);
            PipelineWorker single = worker(new DetectionThreads(1));
            String parallelProject = "parallel-" + UUID.randomUUID();
            String singleProject = "single-" + UUID.randomUUID();
            Random random = new Random(16);
            for (int n = 1; n <= COMMITS; n++) {
                ArrayNode jmh = run(n, random);
                post(parallelProject, n, n == 1 ? null : n - 1, jmh);
                post(singleProject, n, n == 1 ? null : n - 1, jmh);
                if (n == 26) {
                    // a commit placed between 12 and 13 after both were detected: the series are detected again
                    ArrayNode late = run(12, random);
                    post(parallelProject, 1012, 12, late);
                    post(singleProject, 1012, 12, late);
                }
                if (n == 28) {
                    ArrayNode again = run(n, random);
                    post(parallelProject, n, n - 1, again);
                    post(singleProject, n, n - 1, again);
                }
                parallel.work(parallelProject);
                single.work(singleProject);
            }

            assertThat(detected(parallelProject)).as("noise, minimal change, note and newest position, per series")
                .isEqualTo(detected(singleProject))
                .hasSize(2 * CASES);
            List<String> changes = changes(singleProject);
            assertThat(changes(parallelProject)).as("every stored change point").isEqualTo(changes);
            assertThat(changes).as("the history has changes to find").hasSizeGreaterThan(CASES / 4);
        }
        finally {
            four.stop();
        }
    }

    /** Each case's score at commit {@code n}: its kind by {@code c % 4}, a little noise. */
    private static ArrayNode run(int n, Random random) {
        ArrayNode jmh = Runs.json.createArrayNode();
        for (int c = 0; c < CASES; c++) {
            double level = switch (c % 4) {
                case 0 -> n >= 18 ? 80 : 100;
                case 1 -> n >= 24 ? 125 : 100;
                case 2 -> (n / 3) % 2 == 0 ? 100 : 106;
                default -> n == 15 ? 140 : 100;
            };
            double score = (1000 + 10 * c) * level / 100 * (1 + 0.005 * random.nextGaussian());
            jmh.addAll(Runs.thrpt("parallel.Bench.case" + c, score));
        }
        return jmh;
    }

    private void post(String project, int commit, Integer parent, ArrayNode jmh) {
        Api.Response response = Api.at(port).postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project,
                Runs.sha(commit), parent == null ? List.of() : List.of(Runs.sha(parent)), null, jmh).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    private PipelineWorker worker(DetectionThreads threads) {
        RunAnalysis analysis = new RunAnalysis(store, suspectStore, properties, confirmations, redetection,
                new SeriesPoints(jdbc, store), threads);
        return new PipelineWorker(store, confirmationStore, analysis, confirmations, properties, transaction);
    }

    private List<String> detected(String project) {
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

    /** Every column of each change point but ids, run ids and times (which differ between the projects). */
    private List<String> changes(String project) {
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
