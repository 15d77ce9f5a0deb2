package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Random;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

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
    ApplicationContext context;

    @Test
    void severalThreadsStoreWhatOneStores() {
        DetectionThreads four = new DetectionThreads(4);
        try {
            PipelineParts parts = new PipelineParts(context);
            PipelineWorker parallel = parts.worker(parts.cachedPoints(), four);
            PipelineWorker single = parts.worker(parts.cachedPoints(), new DetectionThreads(1));
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

            assertThat(parts.detected(parallelProject)).as("noise, minimal change, note and newest position, per series")
                .isEqualTo(parts.detected(singleProject))
                .hasSize(2 * CASES);
            List<String> changes = parts.changes(singleProject);
            assertThat(parts.changes(parallelProject)).as("every stored change point").isEqualTo(changes);
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



}
