package dev.perfwatch.detection.evaluation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Precision, recall and F1 of detections against labels at a margin, summed over series (micro average), with
 * TCPDBench's matching: labels in order, each takes the closest unused detection within the margin.
 */
final class Score {

    private long truePositives;
    private long detections;
    private long labels;

    void add(List<Integer> truth, List<Integer> found, int margin) {
        truePositives += matches(truth, found, margin).size();
        detections += found.size();
        labels += truth.size();
    }

    void add(Score other) {
        truePositives += other.truePositives;
        detections += other.detections;
        labels += other.labels;
    }

    double precision() {
        return detections == 0 ? 1 : (double) truePositives / detections;
    }

    double recall() {
        return labels == 0 ? 1 : (double) truePositives / labels;
    }

    double f1() {
        double p = precision();
        double r = recall();
        return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    /**
     * Label → matched detection pairs, as TCPDBench's {@code true_positives}: for each label in order, the closest
     * detection within the margin not already used (ties to the smaller detection).
     */
    static List<int[]> matches(List<Integer> truth, List<Integer> found, int margin) {
        List<Integer> available = new ArrayList<>(found);
        available.sort(Integer::compare);
        List<int[]> pairs = new ArrayList<>();
        for (int label : truth.stream().sorted().toList()) {
            int best = -1;
            for (int i = 0; i < available.size(); i++) {
                int distance = Math.abs(available.get(i) - label);
                if (distance <= margin && (best < 0 || distance < Math.abs(available.get(best) - label))) {
                    best = i;
                }
            }
            if (best >= 0) {
                pairs.add(new int[] {label, available.remove(best)});
            }
        }
        return pairs;
    }

    static double median(List<Integer> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        int[] sorted = values.stream().mapToInt(Integer::intValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }

    @Override
    public String toString() {
        return "Score" + Arrays.toString(new long[] {truePositives, detections, labels});
    }
}
