package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.EvaluationAccess;
import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Series;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Real nightly JMH histories ({@code jmh-histories/*.csv}) as they are, and with one injected step each. The
 * histories come from shared CI hosts and carry real, unlabelled changes; the evaluation therefore scores only
 * the alerts a method raises on the modified history and not (within 2 commits) on the unmodified one.
 */
final class RealNoise {

    static final int MIN_LENGTH = 40;
    static final double[] STEPS = {0.05, 0.10, 0.20};
    /** The injected step leaves this many commits before and after it. */
    static final int BEFORE = 15;
    static final int AFTER = 8;

    private RealNoise() {
    }

    /** Histories with at least {@link #MIN_LENGTH} points, all positive, in commit order. */
    static List<Labelled> histories(Path dataDirectory) {
        Map<String, List<double[]>> rows = new TreeMap<>();
        Map<String, String> units = new TreeMap<>();
        for (String file : List.of("softwaremill-jox_long.csv", "apache-groovy_long.csv")) {
            List<String> lines;
            try {
                lines = Files.readAllLines(dataDirectory.resolve("jmh-histories").resolve(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> header = EvaluationAccess.csvFields(lines.get(0));
            int source = header.indexOf("source_file");
            int entry = header.indexOf("entry_idx");
            int bench = header.indexOf("bench");
            int unit = header.indexOf("unit");
            int value = header.indexOf("value");
            for (String line : lines.subList(1, lines.size())) {
                List<String> f = EvaluationAccess.csvFields(line);
                String key = f.get(source) + " " + f.get(bench) + " [" + f.get(unit) + "]";
                rows.computeIfAbsent(key, k -> new ArrayList<>())
                    .add(new double[] {Integer.parseInt(f.get(entry)), Double.parseDouble(f.get(value))});
                units.put(key, f.get(unit));
            }
        }
        List<Labelled> histories = new ArrayList<>();
        for (Map.Entry<String, List<double[]>> series : rows.entrySet()) {
            List<double[]> values = series.getValue();
            values.sort((a, b) -> Double.compare(a[0], b[0]));
            if (values.size() < MIN_LENGTH || values.stream().anyMatch(v -> !(v[1] > 0))) {
                continue;
            }
            List<Point> points = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                points.add(Point.of(i, values.get(i)[1]));
            }
            Better better = units.get(series.getKey()).toLowerCase(Locale.ROOT).startsWith("ops/")
                ? Better.HIGHER : Better.LOWER;
            histories.add(new Labelled(new Series(series.getKey(), better, points), List.of(), "real", 0));
        }
        return histories;
    }

    /** Each history once per step size, with the level multiplied by 1 ± step from a random commit on. */
    static List<Labelled> injected(List<Labelled> histories, long seed) {
        List<Labelled> corpus = new ArrayList<>();
        Random random = new Random(seed);
        for (Labelled history : histories) {
            for (double step : STEPS) {
                int n = history.size();
                int at = BEFORE + random.nextInt(n - BEFORE - AFTER + 1);
                double factor = 1 + (random.nextBoolean() ? step : -step);
                List<Point> points = new ArrayList<>(n);
                for (Point p : history.series().points()) {
                    points.add(p.index() >= at ? Point.of(p.index(), p.score() * factor) : p);
                }
                Series series = new Series(history.series().name() + " +" + step, history.series().better(),
                    points);
                corpus.add(new Labelled(series, List.of(at), "real", step));
            }
        }
        return corpus;
    }
}
