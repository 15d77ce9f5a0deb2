package dev.perfwatch.pipeline;

import java.util.ArrayList;
import java.util.List;

/** Reads a result's stored samples (forks × iterations, nulls for non-finite values) back into numbers. */
final class ForkSamples {

    private ForkSamples() {
    }

    /**
     * Forks × iterations, without non-finite samples and without forks left empty. Reads the text
     * {@code samples_json} renders ({@code [[1.5,2.25],[null,3]]}) in one pass, without a JSON tree: detection reads
     * tens of thousands of these per run.
     */
    static double[][] parse(String samples) {
        if (samples == null || samples.isBlank()) {
            return new double[0][];
        }
        List<double[]> out = new ArrayList<>();
        double[] values = new double[16];
        int n = 0;
        int depth = 0;
        int i = 0;
        int length = samples.length();
        while (i < length) {
            char c = samples.charAt(i);
            if (c == '[') {
                depth++;
                n = 0;
                i++;
            }
            else if (c == ']') {
                if (depth == 2 && n > 0) {
                    out.add(java.util.Arrays.copyOf(values, n));
                }
                depth--;
                i++;
            }
            else if (c == ',' || Character.isWhitespace(c)) {
                i++;
            }
            else {
                int end = i;
                while (end < length && ",] \n\t\r".indexOf(samples.charAt(end)) < 0) {
                    end++;
                }
                if (c == '-' || c == '.' || (c >= '0' && c <= '9')) {
                    double value = Double.parseDouble(samples.substring(i, end));
                    if (Double.isFinite(value)) {
                        if (n == values.length) {
                            values = java.util.Arrays.copyOf(values, 2 * n);
                        }
                        values[n++] = value;
                    }
                }
                // anything else (null, a quoted NaN) is not a finite sample
                i = end;
            }
        }
        return out.toArray(double[][]::new);
    }

    /**
     * The same from the stored {@code float8[]} as the driver hands it over ({@code Double[][]}, nulls for non-finite
     * values; {@code java.sql.Array#getArray}): what {@link #parse} makes of {@code samples_json} of it, without
     * PostgreSQL rendering each number as text and this parsing it back (a run's own results, 12,500 numbers for a
     * 500-result run of 5 × 10 samples). Not two-dimensional (nothing stored so): no forks, as {@link #parse} reads it.
     */
    static double[][] of(Object stored) {
        if (!(stored instanceof Object[][] forks)) {
            return new double[0][];
        }
        List<double[]> out = new ArrayList<>(forks.length);
        for (Object[] fork : forks) {
            double[] values = new double[fork.length];
            int n = 0;
            for (Object sample : fork) {
                if (sample instanceof Number number && Double.isFinite(number.doubleValue())) {
                    values[n++] = number.doubleValue();
                }
            }
            if (n > 0) {
                out.add(n == values.length ? values : java.util.Arrays.copyOf(values, n));
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
