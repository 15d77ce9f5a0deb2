package dev.perfwatch.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds run uploads the way the runner sends them, around real JMH files copied into test resources
 * ({@code jmh-results/}, from the project's shared data; Apache-2.0) or made up here.
 */
public final class Runs {

    public static final JsonMapper json = JsonMapper.builder().build();

    private Runs() {
    }

    public static JsonNode jmhFile(String name) {
        try (var in = Runs.class.getResourceAsStream("/jmh-results/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource jmh-results/" + name);
            }
            return json.readTree(in.readAllBytes());
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    public static ObjectNode run(String project, String sha, JsonNode jmh) {
        return run(UUID.randomUUID(), project, sha, List.of(), null, jmh);
    }

    public static ObjectNode run(UUID id, String project, String sha, List<String> parents, String time,
            JsonNode jmh) {
        ObjectNode run = json.createObjectNode();
        run.put("id", id.toString());
        run.put("project", project);
        run.put("repository", "https://example.org/" + project + ".git");
        run.put("branch", "main");
        ObjectNode commit = run.putObject("commit");
        commit.put("sha", sha);
        if (time != null) {
            commit.put("time", time);
        }
        commit.put("author", "Ada <ada@example.org>");
        commit.put("message", "Commit " + sha.substring(0, 7) + "\n\nwith a body");
        ArrayNode parentArray = commit.putArray("parents");
        parents.forEach(parentArray::add);
        ObjectNode host = run.putObject("host");
        host.put("name", "bench-4c-01");
        host.put("hostClass", "4-core");
        host.put("cpuModel", "Intel Xeon E-2224");
        host.put("cores", 4);
        host.put("memoryMb", 32768);
        host.put("os", "Linux");
        host.put("kernel", "6.1.0");
        run.set("jmh", jmh);
        return run;
    }

    /** A minimal thrpt result with two forks of three iterations around the score. */
    public static ArrayNode thrpt(String benchmark, double score) {
        ArrayNode file = json.createArrayNode();
        ObjectNode element = file.addObject();
        element.put("jmhVersion", "1.37");
        element.put("benchmark", benchmark);
        element.put("mode", "thrpt");
        element.put("threads", 1);
        element.put("forks", 2);
        element.put("jdkVersion", "17.0.15");
        element.put("vmName", "OpenJDK 64-Bit Server VM");
        element.put("vmVersion", "17.0.15+6");
        element.putArray("jvmArgs").add("-Xmx1g");
        ObjectNode primary = element.putObject("primaryMetric");
        primary.put("score", score);
        primary.put("scoreError", score / 100);
        primary.putArray("scoreConfidence").add(score * 0.99).add(score * 1.01);
        primary.put("scoreUnit", "ops/s");
        ArrayNode raw = primary.putArray("rawData");
        raw.addArray().add(score * 0.99).add(score).add(score * 1.01);
        raw.addArray().add(score * 1.01).add(score).add(score * 0.99);
        ObjectNode norm = element.putObject("secondaryMetrics").putObject("gc.alloc.rate.norm");
        norm.put("score", 96.0);
        norm.put("scoreError", 0.001);
        norm.putArray("scoreConfidence").add(95.999).add(96.001);
        norm.put("scoreUnit", "B/op");
        ArrayNode normRaw = norm.putArray("rawData");
        normRaw.addArray().add(96.0).add(96.0).add(96.0);
        normRaw.addArray().add(96.0).add(96.0).add(96.0);
        return file;
    }

    public static String sha(int n) {
        return String.format("%040x", n + 0xabc000L);
    }
}
