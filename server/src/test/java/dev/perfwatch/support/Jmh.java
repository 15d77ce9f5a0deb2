package dev.perfwatch.support;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** JMH result files with chosen per-fork samples, for comparisons whose answer is known beforehand. */
public final class Jmh {

    private final ArrayNode file = Runs.json.createArrayNode();

    /** Adds a thrpt case whose forks ran the given iterations, allocating the given bytes per operation. */
    public Jmh thrpt(String benchmark, String length, double allocation, double[]... forks) {
        ObjectNode element = file.addObject();
        element.put("jmhVersion", "1.37");
        element.put("benchmark", benchmark);
        element.put("mode", "thrpt");
        element.put("threads", 1);
        element.put("forks", forks.length);
        element.put("jdkVersion", "17.0.15");
        element.put("vmName", "OpenJDK 64-Bit Server VM");
        element.put("vmVersion", "17.0.15+6");
        element.putArray("jvmArgs");
        element.putObject("params").put("length", length);
        ObjectNode primary = element.putObject("primaryMetric");
        double sum = 0;
        int n = 0;
        ArrayNode raw = primary.putArray("rawData");
        for (double[] fork : forks) {
            ArrayNode iterations = raw.addArray();
            for (double value : fork) {
                iterations.add(value);
                sum += value;
                n++;
            }
        }
        primary.put("score", sum / n);
        primary.put("scoreError", 1.0);
        primary.putArray("scoreConfidence").add(sum / n - 1).add(sum / n + 1);
        primary.put("scoreUnit", "ops/ms");
        ObjectNode norm = element.putObject("secondaryMetrics").putObject("·gc.alloc.rate.norm");
        norm.put("score", allocation);
        norm.put("scoreError", 0.0);
        norm.putArray("scoreConfidence").add(allocation).add(allocation);
        norm.put("scoreUnit", "B/op");
        ArrayNode normRaw = norm.putArray("rawData");
        for (int f = 0; f < forks.length; f++) {
            normRaw.addArray().add(allocation).add(allocation);
        }
        return this;
    }

    public ArrayNode file() {
        return file;
    }
}
