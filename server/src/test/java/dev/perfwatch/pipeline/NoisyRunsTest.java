package dev.perfwatch.pipeline;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** Detection reads no point of a run whose host check made it noisy (docs/runner.md, "Host checks"). */
@ServerTest
class NoisyRunsTest {

    @LocalServerPort
    int port;

    @Autowired
    PipelineStore store;

    @Autowired
    PipelineWorker worker;

    @Autowired
    SeriesPoints points;

    @Test
    void pointsWhenARunIsNoisyLeaveItsTimesOutButKeepItsAllocation() {
        Api api = Api.at(port);
        UUID quiet = UUID.randomUUID();
        UUID noisy = UUID.randomUUID();
        assertThat(api.postJson("/api/v1/runs", run(quiet, Runs.sha(1), 40_000_000, 40_400_000)).status())
            .isEqualTo(201);
        assertThat(api.postJson("/api/v1/runs", run(noisy, Runs.sha(2), 40_000_000, 60_000_000)).status())
            .isEqualTo(201);
        long score = seriesOf(api, "primary");
        long allocation = seriesOf(api, "gc.alloc.rate.norm");

        List<SeriesPoints.Own> own = points.own(noisy, List.of());
        assertThat(store.points(of(own, score)).stream().map(PipelineStore.PointRow::run))
            .as("a host that moved skews the time score").containsExactly(quiet);
        assertThat(store.points(of(own, allocation)).stream().map(PipelineStore.PointRow::run))
            .as("bytes per operation do not depend on the host's load").containsExactly(quiet, noisy);
        assertThat(store.points(of(points.own(quiet, List.of()), allocation)).stream()
            .map(PipelineStore.PointRow::run)).as("up to the run's commit: not the newer run").containsExactly(quiet);
    }

    /** The demo on a busy machine: most runs on a loaded host leave too few to measure the noise from. */
    @Test
    void noiseWhenMostRunsWereOnALoadedHostIsNotJudgedAndSaysWhy() {
        Api api = Api.at(port);
        String project = "noisy-most";
        double[] scores = { 64_000, 107_000, 81_000, 99_000, 70_000, 90_000 };
        for (int n = 1; n <= scores.length; n++) {
            ObjectNode run = Runs.run(UUID.randomUUID(), project, Runs.sha(n), n == 1 ? List.of()
                    : List.of(Runs.sha(n - 1)), null, Runs.thrpt("b.Bench.m", scores[n - 1]));
            hostCheck(run, 40_000_000, n <= 2 ? 40_400_000 : 60_000_000);
            assertThat(api.postJson("/api/v1/runs", run.toString()).status()).isEqualTo(201);
            worker.work(project);
        }

        var series = api.get("/api/v1/series/" + seriesOf(api, project, "primary")).json();
        assertThat(series.get("noise").isNull()).as("not the detector's floor, 0.1%").isTrue();
        assertThat(series.get("minimalDetectableChange").isNull()).isTrue();
        assertThat(series.get("noiseNote").asString()).isEqualTo("not judged: 4 of 6 runs on a loaded host");
        var allocation = api.get("/api/v1/series/" + seriesOf(api, project, "gc.alloc.rate.norm")).json();
        assertThat(allocation.get("noiseNote").isNull()).as("bytes per operation count whatever the load").isTrue();
        assertThat(allocation.get("minimalDetectableChange").isNull()).isFalse();
    }

    private static List<SeriesPoints.Own> of(List<SeriesPoints.Own> own, long series) {
        return own.stream().filter(mine -> mine.series().id() == series).toList();
    }

    private static long seriesOf(Api api, String metric) {
        return seriesOf(api, "noisy-points", metric);
    }

    private static long seriesOf(Api api, String project, String metric) {
        for (var series : api.get("/api/v1/series?project=" + project).json()) {
            if (metric.equals(series.get("metric").get("name").asString())) {
                return series.get("id").asLong();
            }
        }
        throw new AssertionError("no series of " + metric);
    }

    private static String run(UUID id, String sha, long before, long after) {
        ObjectNode run = Runs.run(id, "noisy-points", sha, List.of(), null, Runs.thrpt("b.Bench.m", 100));
        hostCheck(run, before, after);
        return run.toString();
    }

    private static void hostCheck(ObjectNode run, long before, long after) {
        ObjectNode hostCheck = run.putObject("metadata").putObject("hostCheck");
        hostCheck.put("workload", "reference-1");
        hostCheck.putObject("before").put("medianNanos", before).put("spread", 0.01);
        hostCheck.putObject("after").put("medianNanos", after).put("spread", 0.01);
    }
}
