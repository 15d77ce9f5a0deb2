package dev.perfwatch.alerts;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeds a project through the ingest API the way runners would (one run per commit and host class, commits in a
 * first-parent chain), and finds the ids the detection pipeline would hand to {@link Alerts}.
 */
public final class Seeds {

    private final Api api;

    private final JdbcClient jdbc;

    private final String project;

    public Seeds(Api api, JdbcClient jdbc, String project) {
        this.api = api;
        this.jdbc = jdbc;
        this.project = project;
    }

    /** A sha unique to the project and the commit number, so that projects never share commits. */
    public String sha(int commit) {
        return String.format("%08x%032x", Math.abs(project.hashCode()), commit);
    }

    /**
     * Uploads one run at the commit on the host class: one case of demo.Strings.serialize per entry of
     * {@code scores} (the key is its length parameter), each with the given allocation per operation.
     */
    public void run(int commit, String hostClass, Map<String, Double> scores, double bytesPerOp) {
        run(commit, hostClass, scores, bytesPerOp, null);
    }

    /** As {@link #run(int, String, Map, double)}, with the commit's time (ISO-8601; null: unknown). */
    public void run(int commit, String hostClass, Map<String, Double> scores, double bytesPerOp, String time) {
        ArrayNode jmh = Runs.json.createArrayNode();
        scores.forEach((length, score) -> {
            ObjectNode element = (ObjectNode) Runs.thrpt("demo.StringSerializationBenchmark.serialize", score).get(0);
            element.putObject("params").put("length", length);
            ObjectNode norm = (ObjectNode) element.get("secondaryMetrics").get("gc.alloc.rate.norm");
            norm.put("score", bytesPerOp);
            norm.putArray("scoreConfidence").add(bytesPerOp).add(bytesPerOp);
            ArrayNode raw = norm.putArray("rawData");
            raw.addArray().add(bytesPerOp).add(bytesPerOp).add(bytesPerOp);
            raw.addArray().add(bytesPerOp).add(bytesPerOp).add(bytesPerOp);
            jmh.add(element);
        });
        ObjectNode run = Runs.run(UUID.randomUUID(), project, sha(commit),
                commit == 1 ? List.of() : List.of(sha(commit - 1)), time, jmh);
        ObjectNode commitNode = (ObjectNode) run.get("commit");
        commitNode.put("message", "Change " + commit + " of " + project + "\n\nwith a body");
        ObjectNode host = (ObjectNode) run.get("host");
        host.put("name", project + "-" + hostClass);
        host.put("hostClass", hostClass);
        Api.Response response = api.postJson("/api/v1/runs", run.toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    public long commit(int commit) {
        return jdbc.sql("select c.id from commit c join project p on p.id = c.project_id "
                + "where p.name = :project and c.sha = :sha")
            .param("project", project)
            .param("sha", sha(commit))
            .query(Long.class)
            .single();
    }

    public long series(String length, String metric, String hostClass) {
        JsonNode series = api.get("/api/v1/series?project=" + project + "&metric=" + metric + "&hostClass="
                + hostClass).json();
        for (JsonNode one : series) {
            if (one.get("case").get("params").get("length").asString().equals(length)) {
                return one.get("id").asLong();
            }
        }
        throw new AssertionError("no series of length " + length + " " + metric + " on " + hostClass);
    }

    /** A candidate as the pipeline would hand it over: the level before and after, with 1% intervals. */
    public AlertCandidate candidate(long series, int firstBad, double before, double after) {
        return new AlertCandidate(series, commit(firstBad), commit(firstBad - 1), level(before, 4), level(after, 2),
                0.9995, List.of());
    }

    public AlertCandidate candidate(long series, int firstBad, int lastGood, double before, double after) {
        return new AlertCandidate(series, commit(firstBad), commit(lastGood), level(before, 4), level(after, 2),
                0.9995, List.of());
    }

    private static AlertCandidate.Level level(double value, int points) {
        return new AlertCandidate.Level(value, value * 0.99, value * 1.01, points);
    }
}
