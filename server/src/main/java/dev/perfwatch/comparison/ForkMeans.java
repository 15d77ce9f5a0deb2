package dev.perfwatch.comparison;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The mean of each fork from stored samples (forks × iterations as JSON text): what both comparisons test on. */
final class ForkMeans {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ForkMeans() {
    }

    /** The mean of each fork's finite iterations, over every result given; a fork without one is left out. */
    static double[] of(List<String> samples) {
        List<Double> means = new ArrayList<>();
        for (String text : samples) {
            for (JsonNode fork : JSON.readTree(text)) {
                double sum = 0;
                int n = 0;
                for (JsonNode iteration : fork) {
                    if (iteration.isNumber() && Double.isFinite(iteration.asDouble())) {
                        sum += iteration.asDouble();
                        n++;
                    }
                }
                if (n > 0) {
                    means.add(sum / n);
                }
            }
        }
        return means.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
