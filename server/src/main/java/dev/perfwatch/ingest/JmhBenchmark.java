package dev.perfwatch.ingest;

import java.util.List;
import java.util.SortedMap;

/**
 * One element of a JMH result file, read and checked: a case (benchmark, mode, threads, params), the JVM that ran
 * it, and its metrics, the primary one first.
 */
record JmhBenchmark(String benchmark, String mode, int threads, Jvm jvm, SortedMap<String, String> params,
        List<Metric> metrics) {

    /** The JVM part of the environment, as JMH reports it. */
    record Jvm(String jdkVersion, String vmName, String vmVersion, List<String> args) {
    }

    /**
     * A metric's result. Scores may be NaN or infinite, as JMH writes them; error and interval are null when JMH
     * could not compute them.
     *
     * @param samples per fork, per iteration; for sample mode, each iteration's mean
     * @param histogram sample mode's raw histogram as JMH wrote it, otherwise null
     */
    record Metric(String name, String unit, String direction, double score, Double error, Double ciLower,
            Double ciUpper, List<List<Double>> samples, String histogram) {
    }
}
