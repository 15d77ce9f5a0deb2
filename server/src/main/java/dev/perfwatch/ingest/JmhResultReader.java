package dev.perfwatch.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

import dev.perfwatch.system.InvalidInputException;

/**
 * Reads a JMH result file ({@code -rf json}) as any JMH from 1.19 on writes it, and refuses it at the first problem
 * with the JSON path of that problem. Secondary metric names lose JMH's old {@code ·} prefix, and the direction of
 * every metric is decided here, from its unit, so that nothing downstream guesses. One extension to JMH's format:
 * a metric may state {@code "scoreDirection": "higher"|"lower"} where the unit cannot tell (Codespeed's
 * {@code lessisbetter}).
 */
final class JmhResultReader {

    static final String PRIMARY = "primary";

    private static final Set<String> MODES = Set.of("thrpt", "avgt", "sample", "ss");

    private JmhResultReader() {
    }

    static List<JmhBenchmark> read(JsonNode file, String path) {
        if (file == null || !file.isArray()) {
            throw invalid(path, "must be the JMH result file: a JSON array");
        }
        if (file.isEmpty()) {
            throw invalid(path, "must hold at least one benchmark result");
        }
        TextLimits.check(file, path);
        List<JmhBenchmark> benchmarks = new ArrayList<>(file.size());
        for (int i = 0; i < file.size(); i++) {
            benchmarks.add(benchmark(file.get(i), path + "[" + i + "]"));
        }
        return benchmarks;
    }

    /**
     * The same reading from a parser standing on the file's first token, one element at a time: only one
     * benchmark's tree is in memory at once, so a 30 MB file costs its records, not a tree of it (issue 14: an
     * upload held in memory at most five times its size). Problems are named by the same paths.
     */
    static List<JmhBenchmark> read(JsonParser parser, String path) {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw invalid(path, "must be the JMH result file: a JSON array");
        }
        List<JmhBenchmark> benchmarks = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            String elementPath = path + "[" + benchmarks.size() + "]";
            JsonNode element = parser.readValueAsTree();
            TextLimits.check(element, elementPath);
            benchmarks.add(benchmark(element, elementPath));
        }
        if (benchmarks.isEmpty()) {
            throw invalid(path, "must hold at least one benchmark result");
        }
        return benchmarks;
    }

    /**
     * The JMH file the scores stand for ({@link JmhScore}), read as {@link #read(JsonNode, String)} reads that file:
     * first every string of every element (the tree's walk, {@link TextLimits#check}), then each element in order,
     * refused with the same words and paths.
     */
    static List<JmhBenchmark> read(List<JmhScore> scores, String path) {
        if (scores.isEmpty()) {
            throw invalid(path, "must hold at least one benchmark result");
        }
        for (int i = 0; i < scores.size(); i++) {
            JmhScore score = scores.get(i);
            String elementPath = path + "[" + i + "]";
            checkText(score.benchmark(), elementPath + ".benchmark");
            checkText(score.mode(), elementPath + ".mode");
            checkText(score.jdkVersion(), elementPath + ".jdkVersion");
            checkText(score.vmName(), elementPath + ".vmName");
            checkText(score.vmVersion(), elementPath + ".vmVersion");
            checkText(score.unit(), elementPath + ".primaryMetric.scoreUnit");
            checkText(score.direction(), elementPath + ".primaryMetric.scoreDirection");
        }
        List<JmhBenchmark> benchmarks = new ArrayList<>(scores.size());
        for (int i = 0; i < scores.size(); i++) {
            benchmarks.add(benchmark(scores.get(i), path + "[" + i + "]"));
        }
        return benchmarks;
    }

    private static void checkText(String text, String path) {
        if (text != null) {
            TextLimits.checkText(text, path);
        }
    }

    /** {@link #benchmark(JsonNode, String)} and {@link #metric} on an element of a score alone. */
    private static JmhBenchmark benchmark(JmhScore score, String path) {
        String benchmark = requiredString(score.benchmark(), path + ".benchmark");
        if (benchmark.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > TextLimits.MAX_BYTES) {
            throw invalid(path + ".benchmark", "must be at most " + TextLimits.MAX_BYTES + " bytes in UTF-8");
        }
        String mode = requiredString(score.mode(), path + ".mode");
        if (!MODES.contains(mode)) {
            throw invalid(path + ".mode", "must be one of thrpt, avgt, sample, ss but was " + mode);
        }
        JmhBenchmark.Jvm jvm = new JmhBenchmark.Jvm(emptyIfNull(score.jdkVersion()), emptyIfNull(score.vmName()),
                emptyIfNull(score.vmVersion()), List.of());
        String metricPath = path + ".primaryMetric";
        String unit = requiredString(score.unit(), metricPath + ".scoreUnit");
        String direction = direction(unit);
        if (score.direction() != null) {
            if (!Set.of("higher", "lower").contains(score.direction())) {
                throw invalid(metricPath + ".scoreDirection", "must be higher or lower");
            }
            direction = score.direction();
        }
        JmhBenchmark.Metric metric = new JmhBenchmark.Metric(PRIMARY, unit, direction, score.score(),
                finite(score.error()), null, null, List.of(), null);
        return new JmhBenchmark(benchmark, mode, 1, jvm, new TreeMap<>(), List.of(metric));
    }

    private static String requiredString(String value, String path) {
        if (value == null) {
            throw invalid(path, "is required");
        }
        if (value.isBlank()) {
            throw invalid(path, "must be a non-empty string");
        }
        return value;
    }

    private static String emptyIfNull(String value) {
        return value == null ? "" : value;
    }

    private static JmhBenchmark benchmark(JsonNode node, String path) {
        if (!node.isObject()) {
            throw invalid(path, "must be a JSON object");
        }
        String benchmark = requiredString(node, "benchmark", path);
        if (benchmark.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > TextLimits.MAX_BYTES) {
            throw invalid(path + ".benchmark", "must be at most " + TextLimits.MAX_BYTES + " bytes in UTF-8");
        }
        String mode = requiredString(node, "mode", path);
        if (!MODES.contains(mode)) {
            throw invalid(path + ".mode", "must be one of thrpt, avgt, sample, ss but was " + mode);
        }
        int threads = optionalPositiveInt(node, "threads", path, 1);
        JmhBenchmark.Jvm jvm = new JmhBenchmark.Jvm(optionalString(node, "jdkVersion", path),
                optionalString(node, "vmName", path), optionalString(node, "vmVersion", path),
                stringList(node.get("jvmArgs"), path + ".jvmArgs"));
        SortedMap<String, String> params = params(node.get("params"), path + ".params");

        List<JmhBenchmark.Metric> metrics = new ArrayList<>();
        JsonNode primary = node.get("primaryMetric");
        if (primary == null || primary.isNull()) {
            throw invalid(path + ".primaryMetric", "is required");
        }
        metrics.add(metric(PRIMARY, primary, path + ".primaryMetric"));
        JsonNode secondaries = node.get("secondaryMetrics");
        if (secondaries != null && !secondaries.isNull()) {
            if (!secondaries.isObject()) {
                throw invalid(path + ".secondaryMetrics", "must be a JSON object");
            }
            for (Map.Entry<String, JsonNode> entry : secondaries.properties()) {
                String name = normalise(entry.getKey());
                if (name.isEmpty() || name.equals(PRIMARY)) {
                    throw invalid(path + ".secondaryMetrics", "has an invalid metric name: " + entry.getKey());
                }
                metrics.add(metric(name, entry.getValue(), path + ".secondaryMetrics." + entry.getKey()));
            }
        }
        return new JmhBenchmark(benchmark, mode, threads, jvm, params, List.copyOf(metrics));
    }

    /** JMH before 1.26 prefixed secondary metrics with a middle dot: {@code ·gc.alloc.rate.norm}. */
    static String normalise(String name) {
        String trimmed = name.strip();
        while (trimmed.startsWith("\u00b7") || trimmed.startsWith("\u00c2\u00b7")) {
            trimmed = trimmed.substring(trimmed.startsWith("\u00b7") ? 1 : 2).strip();
        }
        return trimmed;
    }

    /** Higher is better only for rates of operations ({@code ops/s}, {@code ops/ms}...); times, bytes, counts per op and rates of garbage are lower-is-better. */
    static String direction(String unit) {
        return unit.startsWith("ops/") ? "higher" : "lower";
    }

    private static JmhBenchmark.Metric metric(String name, JsonNode node, String path) {
        if (!node.isObject()) {
            throw invalid(path, "must be a JSON object");
        }
        JsonNode scoreNode = node.get("score");
        if (scoreNode == null || scoreNode.isNull()) {
            throw invalid(path + ".score", "is required");
        }
        double score = number(scoreNode, path + ".score");
        String unit = requiredString(node, "scoreUnit", path);
        Double error = optionalNumber(node.get("scoreError"), path + ".scoreError");
        Double ciLower = null;
        Double ciUpper = null;
        JsonNode confidence = node.get("scoreConfidence");
        if (confidence != null && !confidence.isNull()) {
            if (!confidence.isArray() || confidence.size() != 2) {
                throw invalid(path + ".scoreConfidence", "must be an array of two numbers");
            }
            ciLower = optionalNumber(confidence.get(0), path + ".scoreConfidence[0]");
            ciUpper = optionalNumber(confidence.get(1), path + ".scoreConfidence[1]");
        }
        List<List<Double>> samples;
        String histogram = null;
        JsonNode raw = node.get("rawData");
        JsonNode rawHistogram = node.get("rawDataHistogram");
        if (rawHistogram != null && !rawHistogram.isNull()) {
            samples = histogramMeans(rawHistogram, path + ".rawDataHistogram");
            histogram = rawHistogram.toString();
        }
        else if (raw != null && !raw.isNull()) {
            samples = rawData(raw, path + ".rawData");
        }
        else {
            samples = List.of();
        }
        String direction = direction(unit);
        JsonNode stated = node.get("scoreDirection");
        if (stated != null && !stated.isNull()) {
            if (!stated.isString() || !Set.of("higher", "lower").contains(stated.stringValue())) {
                throw invalid(path + ".scoreDirection", "must be higher or lower");
            }
            direction = stated.stringValue();
        }
        return new JmhBenchmark.Metric(name, unit, direction, score, finite(error), finite(ciLower),
                finite(ciUpper), samples, histogram);
    }

    private static List<List<Double>> rawData(JsonNode raw, String path) {
        if (!raw.isArray()) {
            throw invalid(path, "must be an array of forks, each an array of iteration scores");
        }
        List<List<Double>> forks = new ArrayList<>(raw.size());
        for (int f = 0; f < raw.size(); f++) {
            JsonNode fork = raw.get(f);
            String forkPath = path + "[" + f + "]";
            if (!fork.isArray()) {
                throw invalid(forkPath, "must be an array of iteration scores");
            }
            List<Double> iterations = new ArrayList<>(fork.size());
            for (int i = 0; i < fork.size(); i++) {
                JsonNode sample = fork.get(i);
                // The path is built only for a sample that is no number: 25,000 paths a run were 3% of its time.
                iterations.add(sample.isNumber() ? sample.doubleValue() : number(sample, forkPath + "[" + i + "]"));
            }
            forks.add(iterations);
        }
        return forks;
    }

    /** Sample mode: per fork, per iteration, a list of [value, count] pairs; each iteration becomes its mean. */
    private static List<List<Double>> histogramMeans(JsonNode histogram, String path) {
        if (!histogram.isArray()) {
            throw invalid(path, "must be an array of forks");
        }
        List<List<Double>> forks = new ArrayList<>(histogram.size());
        for (int f = 0; f < histogram.size(); f++) {
            JsonNode fork = histogram.get(f);
            String forkPath = path + "[" + f + "]";
            if (!fork.isArray()) {
                throw invalid(forkPath, "must be an array of iterations");
            }
            List<Double> means = new ArrayList<>(fork.size());
            for (int i = 0; i < fork.size(); i++) {
                JsonNode iteration = fork.get(i);
                String iterationPath = forkPath + "[" + i + "]";
                if (!iteration.isArray()) {
                    throw invalid(iterationPath, "must be an array of [value, count] pairs");
                }
                double sum = 0;
                double count = 0;
                for (int b = 0; b < iteration.size(); b++) {
                    JsonNode bucket = iteration.get(b);
                    String bucketPath = iterationPath + "[" + b + "]";
                    if (!bucket.isArray() || bucket.size() != 2) {
                        throw invalid(bucketPath, "must be a [value, count] pair");
                    }
                    double value = number(bucket.get(0), bucketPath + "[0]");
                    double n = number(bucket.get(1), bucketPath + "[1]");
                    if (!(n >= 0) || Double.isInfinite(n)) {
                        throw invalid(bucketPath + "[1]", "must be a count of zero or more");
                    }
                    sum += value * n;
                    count += n;
                }
                means.add(count == 0 ? Double.NaN : sum / count);
            }
            forks.add(means);
        }
        return forks;
    }

    private static SortedMap<String, String> params(JsonNode node, String path) {
        SortedMap<String, String> params = new TreeMap<>();
        if (node == null || node.isNull()) {
            return params;
        }
        if (!node.isObject()) {
            throw invalid(path, "must be a JSON object of parameter values");
        }
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            JsonNode value = entry.getValue();
            if (!value.isValueNode() || value.isNull()) {
                throw invalid(path + "." + entry.getKey(), "must be a string");
            }
            params.put(entry.getKey(), value.isString() ? value.stringValue() : value.toString());
        }
        return params;
    }

    private static List<String> stringList(JsonNode node, String path) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw invalid(path, "must be an array of strings");
        }
        List<String> values = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            if (!node.get(i).isString()) {
                throw invalid(path + "[" + i + "]", "must be a string");
            }
            values.add(node.get(i).stringValue());
        }
        return values;
    }

    /** A JSON number, or one of the strings JMH writes for non-finite values. */
    private static double number(JsonNode node, String path) {
        if (node != null && node.isNumber()) {
            return node.doubleValue();
        }
        if (node != null && node.isString()) {
            switch (node.stringValue()) {
                case "NaN":
                    return Double.NaN;
                case "+INF", "INF", "Infinity", "+Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-INF", "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw invalid(path, "must be a number (or \"NaN\", \"+INF\", \"-INF\")");
    }

    private static Double optionalNumber(JsonNode node, String path) {
        return node == null || node.isNull() ? null : number(node, path);
    }

    private static Double finite(Double value) {
        return value == null || !Double.isFinite(value) ? null : value;
    }

    private static String requiredString(JsonNode node, String name, String path) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            throw invalid(path + "." + name, "is required");
        }
        if (!value.isString() || value.stringValue().isBlank()) {
            throw invalid(path + "." + name, "must be a non-empty string");
        }
        return value.stringValue();
    }

    private static String optionalString(JsonNode node, String name, String path) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isString()) {
            throw invalid(path + "." + name, "must be a string");
        }
        return value.stringValue();
    }

    private static int optionalPositiveInt(JsonNode node, String name, String path, int fallback) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 1) {
            throw invalid(path + "." + name, "must be a whole number of at least 1");
        }
        return value.intValue();
    }

    private static InvalidInputException invalid(String path, String detail) {
        return new InvalidInputException(path, path + " " + detail);
    }
}
