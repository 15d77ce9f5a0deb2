package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads a result's stored samples (forks × iterations, nulls for non-finite values) back into numbers. */
final class ForkSamples {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ForkSamples() {
    }

    /** Forks × iterations, without non-finite samples and without forks left empty. */
    static double[][] parse(String samples) {
        if (samples == null || samples.isBlank()) {
            return new double[0][];
        }
        JsonNode forks = JSON.readTree(samples);
        List<double[]> out = new ArrayList<>();
        for (JsonNode fork : forks) {
            double[] values = new double[fork.size()];
            int n = 0;
            for (JsonNode sample : fork) {
                if (sample.isNumber() && Double.isFinite(sample.asDouble())) {
                    values[n++] = sample.asDouble();
                }
            }
            if (n > 0) {
                out.add(java.util.Arrays.copyOf(values, n));
            }
        }
        return out.toArray(double[][]::new);
    }

    /** The mean of each fork: forks are the independent replicates, iterations inside one JVM are not. */
    static double[] forkMeans(String samples) {
        double[][] forks = parse(samples);
        double[] means = new double[forks.length];
        for (int f = 0; f < forks.length; f++) {
            double sum = 0;
            for (double v : forks[f]) {
                sum += v;
            }
            means[f] = sum / forks[f].length;
        }
        return means;
    }
}
