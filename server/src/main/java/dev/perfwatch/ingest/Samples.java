package dev.perfwatch.ingest;

import java.util.List;

/** Writes per-fork samples as JSON; JSON has no NaN or infinity, so those become null. */
final class Samples {

    private Samples() {
    }

    static String toJson(List<List<Double>> forks) {
        StringBuilder out = new StringBuilder(16 + forks.size() * 128).append('[');
        for (int f = 0; f < forks.size(); f++) {
            if (f > 0) {
                out.append(',');
            }
            out.append('[');
            List<Double> iterations = forks.get(f);
            for (int i = 0; i < iterations.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                double value = iterations.get(i);
                out.append(Double.isFinite(value) ? Double.toString(value) : "null");
            }
            out.append(']');
        }
        return out.append(']').toString();
    }
}
