package dev.perfwatch.pipeline;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A new project's first nights have no change point to show: {@code /api/v1/judging} says how far detection has
 * come instead (the home page's "Newest change points" card reads it), from the notes detection leaves on each series.
 */
@ServerTest
class JudgingTest {

    @LocalServerPort
    int port;

    @Autowired
    PipelineWorker worker;

    @Test
    void aNewProjectSaysItsSeriesWaitThenHowManyRunsTheyNeedThenThatTheyAreJudged() {
        Api api = Api.at(port);
        String project = "first-nights";
        upload(api, project, 1, 1000);
        JsonNode waiting = judging(api, project);
        assertThat(waiting.get("series").asLong()).as("the primary score and its allocation").isEqualTo(2);
        assertThat(waiting.get("waiting").asLong()).as("no detection ran yet").isEqualTo(2);
        assertThat(waiting.get("judged").asLong()).isZero();
        assertThat(waiting.get("undetected").asLong()).as("gc.alloc.rate follows the throughput: a quiet metric")
            .isEqualTo(1);

        worker.work(project);
        upload(api, project, 2, 1002);
        worker.work(project);
        JsonNode young = judging(api, project);
        assertThat(young.get("waiting").asLong()).isZero();
        assertThat(young.get("judged").asLong()).isZero();
        assertThat(young.get("notes")).hasSize(1);
        assertThat(young.get("notes").get(0).get("note").asString()).isEqualTo("not judged yet: 2 runs, 3 needed");
        assertThat(young.get("notes").get(0).get("series").asLong()).isEqualTo(2);

        upload(api, project, 3, 998);
        worker.work(project);
        JsonNode judged = judging(api, project);
        assertThat(judged.get("judged").asLong()).isEqualTo(2);
        assertThat(judged.get("waiting").asLong()).as("not the quiet metric, which detection never reads").isZero();
        assertThat(judged.get("notes")).isEmpty();
    }

    @Test
    void anUnknownProjectIsNotFound() {
        var answer = Api.at(port).get("/api/v1/judging?project=no-such-project");
        assertThat(answer.status()).isEqualTo(404);
    }

    private static JsonNode judging(Api api, String project) {
        var answer = api.get("/api/v1/judging?project=" + project);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("project").asString()).isEqualTo(project);
        return answer.json();
    }

    private static void upload(Api api, String project, int commit, double score) {
        ArrayNode jmh = Runs.thrpt("b.Bench.m", score);
        ObjectNode rate = ((ObjectNode) jmh.get(0).get("secondaryMetrics")).putObject("gc.alloc.rate");
        rate.put("score", 512.0);
        rate.put("scoreError", 5.0);
        rate.putArray("scoreConfidence").add(507.0).add(517.0);
        rate.put("scoreUnit", "MB/sec");
        rate.putArray("rawData").addArray().add(510.0).add(512.0).add(514.0);
        var run = Runs.run(UUID.randomUUID(), project, Runs.sha(commit), commit == 1 ? List.of()
                : List.of(Runs.sha(commit - 1)), null, jmh);
        assertThat(api.postJson("/api/v1/runs", run.toString()).status()).isEqualTo(201);
    }
}
