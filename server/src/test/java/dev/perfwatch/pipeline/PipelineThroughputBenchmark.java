package dev.perfwatch.pipeline;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Detection pipeline throughput, in runs of 500 results per second: a backlog of such runs (250 cases, each with its
 * score and its allocation per operation, two forks of three iterations) stored first, then worked off by one worker
 * as an import's burst would be. Not a test: run it on purpose, and read docs/performance.md, "Detection pipeline".
 *
 * <pre>
 * ./mvnw -o -pl server -am test -Dtest=PipelineThroughputBenchmark -Dbenchmark.pipeline=true \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@ServerTest
@EnabledIfSystemProperty(named = "benchmark.pipeline", matches = "true")
class PipelineThroughputBenchmark {

    private static final int CASES = 250;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PipelineWorker worker;

    @Test
    void workOffABacklogOf500ResultRuns() {
        Api api = Api.at(port);
        int runs = Integer.getInteger("benchmark.runs", 60);
        String project = "throughput-" + System.nanoTime();
        for (int n = 1; n <= runs; n++) {
            ArrayNode jmh = Runs.json.createArrayNode();
            for (int c = 0; c < CASES; c++) {
                double level = (1000 + c) * (n > runs / 2 && c % 10 == 0 ? 0.8 : 1) * (1 + 0.01 * Math.sin(n * 1.7 + c));
                ObjectNode element = (ObjectNode) Runs.thrpt("bench.Suite.case" + (c / 10), level).get(0);
                element.putObject("params").put("size", Integer.toString(c % 10));
                jmh.add(element);
            }
            ObjectNode run = Runs.run(UUID.randomUUID(), project, Runs.sha(n),
                    n == 1 ? List.of() : List.of(Runs.sha(n - 1)), null, jmh);
            assertThat(api.postJson("/api/v1/runs", run.toString()).status()).isEqualTo(201);
        }
        long started = System.nanoTime();
        int done = 0;
        while (true) {
            int step = worker.work(project);
            if (step == 0) {
                break;
            }
            done += step;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("PIPELINE THROUGHPUT: %d runs of %d results in %.1f s: %.2f runs/s, %.0f ms per run%n",
                done, 2 * CASES, seconds, done / seconds, 1000 * seconds / done);
        assertThat(done).isEqualTo(runs);
        int found = api.get("/api/v1/change-points?project=" + project + "&limit=1000").json().size();
        System.out.printf("PIPELINE THROUGHPUT: %d change points (25 steps of 20%% injected)%n", found);
    }
}
