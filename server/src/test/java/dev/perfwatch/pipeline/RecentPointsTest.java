package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.Collections;
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
 * Detection reading each series' recent points from memory (SeriesPoints, RecentPoints) answers exactly what it
 * answers reading them from the database every time: one history posted to two projects, one detected by two
 * "instances" in turn (each its own cache, the second writing between the first's detections), the other by an
 * instance without a cache. The history has runs out of order (a commit placed before detected ones), a run queued
 * behind a later one, re-runs of a commit detected before and of the newest commit, and a regression to find.
 * Every read served from a cache is also compared with the statement in its transaction.
 */
@ServerTest
class RecentPointsTest {

    @LocalServerPort
    int port;

    @Autowired
    PipelineWorker worker;

    @Autowired
    SeriesPoints points;

    @Autowired
    DetectionThreads threads;

    @Autowired
    ApplicationContext context;

    @Test
    void detectionWithTheCacheAnswersWhatItAnswersWithout() {
        PipelineParts parts = new PipelineParts(context);
        SeriesPoints other = parts.cachedPoints();
        SeriesPoints none = parts.uncachedPoints();
        List<String> mismatches = Collections.synchronizedList(new ArrayList<>());
        points.mismatches = mismatches;
        other.mismatches = mismatches;
        PipelineWorker second = parts.worker(other, threads);
        PipelineWorker uncached = parts.worker(none, threads);
        String cachedProject = "recent-" + UUID.randomUUID();
        String plainProject = "plain-" + UUID.randomUUID();
        try {
            for (Step step : history()) {
                step.post(port, cachedProject);
                step.post(port, plainProject);
                if (step.detect() > 0) {
                    (step.detect() == 2 ? second : worker).work(cachedProject);
                    uncached.work(plainProject);
                }
            }
            worker.work(cachedProject);
            uncached.work(plainProject);
        }
        finally {
            points.mismatches = null;
        }

        assertThat(mismatches).as("reads from a cache that differ from the statement").isEmpty();
        assertThat(points.hits() + other.hits()).as("most reads came from a cache").isGreaterThan(40);
        assertThat(none.hits()).isZero();
        assertThat(parts.detected(cachedProject)).as("noise, minimal change and newest position detected, per series")
            .isEqualTo(parts.detected(plainProject))
            .hasSize(4);
        assertThat(parts.changes(cachedProject)).as("the change points").isEqualTo(parts.changes(plainProject))
            .anyMatch(c -> c.startsWith("cache.Bench.a primary"));
    }




    /** A post of commit {@code commit} (parent {@code parent}, or none); {@code detect}: 0 none, 1 first, 2 second. */
    record Step(int commit, Integer parent, double score, int detect) {

        void post(int port, String project) {
            ArrayNode jmh = Runs.thrpt("cache.Bench.a", score);
            jmh.addAll(Runs.thrpt("cache.Bench.b", 500 + score / 10));
            Api.Response response = Api.at(port).postJson("/api/v1/runs", Runs.run(UUID.randomUUID(), project,
                    Runs.sha(commit), parent == null ? List.of() : List.of(Runs.sha(parent)), null, jmh).toString());
            assertThat(response.status()).as(response.body()).isEqualTo(201);
        }
    }

    private static List<Step> history() {
        List<Step> steps = new ArrayList<>();
        Random random = new Random(11);
        for (int n = 1; n <= 32; n++) {
            double level = n >= 22 ? 80 : 100;
            // 0: stays queued behind the next ones (a burst); the second instance takes every seventh
            int detect = n % 5 == 0 ? 0 : n % 7 == 0 ? 2 : 1;
            Integer parent = n == 1 ? null : n == 27 ? 1027 : n - 1;
            steps.add(new Step(n, parent, level * (1 + 0.005 * random.nextGaussian()), detect));
            if (n == 12) {
                // a re-run of the newest commit, just detected
                steps.add(new Step(12, 11, 100 * (1 + 0.005 * random.nextGaussian()), 1));
            }
            if (n == 16) {
                // out of order: a commit whose first parent is 8, placed between 8 and 9, after all were detected
                steps.add(new Step(1008, 8, 100 * (1 + 0.005 * random.nextGaussian()), 2));
                // a re-run of a commit detected long ago
                steps.add(new Step(14, 13, 100 * (1 + 0.005 * random.nextGaussian()), 1));
            }
            if (n == 26) {
                // posted before its parent (placed last): it waits queued before the parent, which lands before it
                steps.add(new Step(1027, 1026, 80 * (1 + 0.005 * random.nextGaussian()), 0));
                steps.add(new Step(1026, 26, 80 * (1 + 0.005 * random.nextGaussian()), 1));
            }
        }
        return steps;
    }
}
