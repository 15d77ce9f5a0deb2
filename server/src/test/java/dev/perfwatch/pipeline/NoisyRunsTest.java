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
    void pointsWhenARunIsNoisyLeaveItOut() {
        Api api = Api.at(port);
        UUID quiet = UUID.randomUUID();
        UUID noisy = UUID.randomUUID();
        assertThat(api.postJson("/api/v1/runs", run(quiet, Runs.sha(1), 40_000_000, 40_400_000)).status())
            .isEqualTo(201);
        assertThat(api.postJson("/api/v1/runs", run(noisy, Runs.sha(2), 40_000_000, 60_000_000)).status())
            .isEqualTo(201);
        long series = api.get("/api/v1/series?project=noisy-points").json().get(0).get("id").asLong();

        List<UUID> runs = store.points(new long[] { series }).stream().map(PipelineStore.PointRow::run).toList();

        assertThat(runs).containsExactly(quiet);
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
