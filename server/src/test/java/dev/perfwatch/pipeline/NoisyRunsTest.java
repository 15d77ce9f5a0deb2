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

        assertThat(store.points(new long[] { score }, noisy).stream().map(PipelineStore.PointRow::run))
            .as("a host that moved skews the time score").containsExactly(quiet);
        assertThat(store.points(new long[] { allocation }, noisy).stream().map(PipelineStore.PointRow::run))
            .as("bytes per operation do not depend on the host's load").containsExactly(quiet, noisy);
    }

    private static long seriesOf(Api api, String metric) {
        for (var series : api.get("/api/v1/series?project=noisy-points").json()) {
            if (metric.equals(series.get("metric").get("name").asString())) {
                return series.get("id").asLong();
            }
        }
        throw new AssertionError("no series of " + metric);
    }

    private static String run(UUID id, String sha, long before, long after) {
        ObjectNode run = Runs.run(id, "noisy-points", sha, List.of(), null, Runs.thrpt("b.Bench.m", 100));
        ObjectNode hostCheck = run.putObject("metadata").putObject("hostCheck");
        hostCheck.put("workload", "reference-1");
        hostCheck.putObject("before").put("medianNanos", before).put("spread", 0.01);
        hostCheck.putObject("after").put("medianNanos", after).put("spread", 0.01);
        return run.toString();
    }
}
