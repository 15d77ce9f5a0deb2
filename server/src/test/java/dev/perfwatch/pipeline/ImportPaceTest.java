package dev.perfwatch.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
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
 * A real github-action-benchmark history (softwaremill/jox's data.js cut to 4 of its benchmarks: 45 nightly entries,
 * 7 cases as thread counts changed, a +20% and a +10% step) imported into several projects at different paces: a run
 * detected as it arrives, all runs before any detection, and some runs posted after later ones (out of order). The
 * change points must be the same, and no job may wait for a host class no runner serves.
 */
@ServerTest
class ImportPaceTest {

    private static final Pattern PARAMS = Pattern.compile("(.*?) \\( (\\{.*\\}) \\)");

    private static final Pattern THREADS = Pattern.compile("threads: (\\d+)");

    // The one copy of jox's data.js in the repository, the runner's importer tests' (as the e2e import test reads it).
    private static final Path JOX = Path.of(
            "../runner/src/test/resources/dev/perfwatch/runner/importer/softwaremill-jox-data.js");

    private static final Path LETTUCE = Path.of("src/test/resources/dev/perfwatch/pipeline/redis-lettuce-data-cut.js");

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PipelineWorker worker;

    @Test
    void importWhenItArrivesSlowFastOrOutOfOrderGivesTheSameChangePointsAndQueuesNoJob() throws IOException {
        Api api = Api.at(port);
        List<JsonNode> entries = entries(JOX);

        List<String> slow = importHistory(api, "jox-slow", entries, List.of(), true);
        List<String> fast = importHistory(api, "jox-fast", entries, List.of(), false);
        List<String> late = importHistory(api, "jox-late", entries, List.of(12, 13, 30), false);

        assertThat(fast).isEqualTo(slow);
        assertThat(late).as("runs posted after later ones re-detect the whole series").isEqualTo(slow);
        assertThat(slow).as("the file's two steps, +20% and +10% (avgt: slower is a regression), at their commits")
            .containsExactly("com.softwaremill.jox.BufferedBenchmark.channel capacity=10, mode=avgt regression "
                    + "historical@5", "com.softwaremill.jox.RendezvousBenchmark.channel mode=avgt regression "
                    + "historical@30");
        assertThat(jdbc.sql("select count(*) from job where project like 'jox-%'").query(Long.class).single())
            .as("nobody serves the host class").isZero();
        assertThat(jdbc.sql("""
                select count(*) from detection_task t join run r on r.id = t.run_id join project p on p.id = r.project_id
                where p.name like 'jox-%'""").query(Long.class).single()).isZero();
    }

    /**
     * Lettuce's nightly history (redis/lettuce's data.js of 2025-09-26 cut to 8 of its 69 benchmarks): 233 entries of
     * 85 commits, up to 9 entries in a row of one commit, as its job benchmarks whatever main is each night. Detection
     * read a commit's re-runs in the order of their run ids, which differ from import to import: the order decided the
     * sums of a commit's mean and which re-runs of the window's oldest commit were kept, and close decisions went
     * either way (three imports of the whole file gave 94, 98 and 99 change points). The two projects here have other
     * run ids and another pace; the re-runs are read in the order of their scores now.
     */
    @Test
    void importWithSeveralEntriesOfOneCommitGivesTheSameChangePointsSlowOrFast() throws IOException {
        Api api = Api.at(port);
        List<JsonNode> entries = entries(LETTUCE);

        List<String> slow = importHistory(api, "lettuce-slow", entries, List.of(), true);
        List<String> fast = importHistory(api, "lettuce-fast", entries, List.of(), false);

        assertThat(fast).isEqualTo(slow);
        assertThat(slow).as("its test setup moved to another Redis at d3848d15 (entry 73): asyncSet from about 77,000"
                + " to 146,000 ns/op")
            .contains("io.lettuce.core.RedisClientBenchmark.asyncSet mode=avgt regression historical@73");
    }

    /**
     * Posts the entries in order except {@code held}, which come last, each detected as it arrives; the others detected
     * each as it arrives or all at the end. Returns "benchmark case direction status@entry", sorted.
     */
    private List<String> importHistory(Api api, String project, List<JsonNode> entries, List<Integer> held,
            boolean detectEach) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            if (!held.contains(i)) {
                order.add(i);
            }
        }
        order.addAll(held);
        for (int i : order) {
            if (i == held.stream().findFirst().orElse(-1)) {
                worker.work(project);
            }
            Api.Response response = api.postJson("/api/v1/runs", run(project, entries, i).toString());
            assertThat(response.status()).as(response.body()).isEqualTo(201);
            if (detectEach || held.contains(i)) {
                worker.work(project);
            }
        }
        worker.work(project);
        List<String> shas = entries.stream().map(e -> e.get("commit").get("id").asString()).toList();
        List<String> out = new ArrayList<>();
        for (JsonNode point : api.get("/api/v1/change-points?project=" + project + "&limit=1000").json()) {
            String direction = point.get("direction").asString();
            out.add(point.get("benchmark").asString() + " " + point.get("case").asString() + " "
                    + (direction.equals("mode-change") ? direction : direction + " " + point.get("status").asString())
                    + "@" + shas.indexOf(point.get("commit").get("sha").asString()));
        }
        out.sort(null);
        return out;
    }

    /** The entry as a run: the action keeps the score only, so the JMH file has no samples. */
    private static ObjectNode run(String project, List<JsonNode> entries, int index) {
        JsonNode entry = entries.get(index);
        ArrayNode jmh = Runs.json.createArrayNode();
        for (JsonNode bench : entry.get("benches")) {
            ObjectNode element = jmh.addObject();
            String name = bench.get("name").asString();
            Matcher params = PARAMS.matcher(name);
            element.put("jmhVersion", "1.37");
            element.put("benchmark", params.matches() ? params.group(1) : name);
            element.put("mode", "avgt");
            Matcher threads = THREADS.matcher(bench.get("extra").asString());
            element.put("threads", threads.find() ? Integer.parseInt(threads.group(1)) : 1);
            element.put("forks", 3);
            element.put("jdkVersion", "21.0.1");
            element.put("vmName", "OpenJDK 64-Bit Server VM");
            if (params.matches()) {
                element.set("params", Runs.json.readTree(params.group(2)));
            }
            ObjectNode primary = element.putObject("primaryMetric");
            double value = bench.get("value").asDouble();
            primary.put("score", value);
            primary.putArray("scoreConfidence").add(value).add(value);
            primary.put("scoreUnit", bench.get("unit").asString());
        }
        String sha = entry.get("commit").get("id").asString();
        String parent = index == 0 ? null : entries.get(index - 1).get("commit").get("id").asString();
        ObjectNode run = Runs.run(UUID.nameUUIDFromBytes((project + index).getBytes(StandardCharsets.UTF_8)), project,
                sha, parent == null || parent.equals(sha) ? List.of() : List.of(parent),
                entry.get("commit").get("timestamp").asString(), jmh);
        ((ObjectNode) run.get("host")).put("hostClass", "jox-ci").put("name", "github-actions");
        return run;
    }

    private static List<JsonNode> entries(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            JsonNode data = Runs.json.readTree(text.substring(text.indexOf('{')));
            List<JsonNode> entries = new ArrayList<>();
            data.get("entries").get("Benchmark").forEach(entries::add);
            return entries;
        }
    }
}
