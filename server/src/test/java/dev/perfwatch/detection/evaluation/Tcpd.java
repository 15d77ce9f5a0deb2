package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Series;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Turing Change Point Dataset and TCPDBench's scores, re-implemented from its {@code metrics.py} and
 * {@code summarize.py}: predictions outside [1, n - 2] are dropped; F1 adds index 0 to every annotator's set and
 * to the predictions, takes precision against the union of the annotators' sets and recall as the mean of the
 * per-annotator recalls (margin 5, no double counting); cover is the mean over annotators of the segmentation
 * covering of their partition by the predicted one.
 */
final class Tcpd {

    /** The quality-control series, which TCPDBench's default-experiment tables leave out. */
    static final Set<String> QUALITY_CONTROL = Set.of("quality_control_1", "quality_control_2",
        "quality_control_3", "quality_control_4", "quality_control_5");

    /** One univariate TCPD series; missing observations are absent from {@code series} but keep their index. */
    record Dataset(String name, int observations, Labelled series, List<List<Integer>> annotations) {

        boolean qualityControl() {
            return QUALITY_CONTROL.contains(name);
        }
    }

    private Tcpd() {
    }

    static List<Dataset> load(Path dataDirectory) {
        Path tcpd = dataDirectory.resolve("tcpd");
        JsonMapper mapper = JsonMapper.builder().build();
        try (Stream<Path> files = Files.list(tcpd.resolve("series"))) {
            JsonNode annotations = mapper.readTree(Files.readString(tcpd.resolve("annotations.json")));
            List<Dataset> datasets = new ArrayList<>();
            for (Path file : files.sorted().toList()) {
                JsonNode json = mapper.readTree(Files.readString(file));
                if (json.get("n_dim").asInt() != 1) {
                    continue;
                }
                String name = json.get("name").asString();
                int observations = json.get("n_obs").asInt();
                JsonNode raw = json.get("series").get(0).get("raw");
                List<Point> points = new ArrayList<>();
                for (int i = 0; i < raw.size(); i++) {
                    if (!raw.get(i).isNull()) {
                        points.add(Point.of(i, raw.get(i).asDouble()));
                    }
                }
                List<List<Integer>> marks = new ArrayList<>();
                for (JsonNode annotator : annotations.get(name)) {
                    List<Integer> indices = new ArrayList<>();
                    annotator.forEach(index -> indices.add(index.asInt()));
                    marks.add(indices);
                }
                Labelled series = new Labelled(new Series(name, Better.LOWER, points), List.of(), "tcpd", 0);
                datasets.add(new Dataset(name, observations, series, marks));
            }
            return datasets;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** summarize.py's clean_cps: deduplicated, sorted, within [1, n - 2]. */
    static List<Integer> clean(List<Integer> locations, int observations) {
        TreeSet<Integer> valid = new TreeSet<>();
        for (int x : locations) {
            if (x >= 1 && x < observations - 1) {
                valid.add(x);
            }
        }
        return new ArrayList<>(valid);
    }

    /** metrics.py's f_measure with margin 5 and alpha 0.5. */
    static double f1(List<List<Integer>> annotations, List<Integer> predictions, int margin) {
        List<Set<Integer>> annotators = new ArrayList<>();
        Set<Integer> union = new HashSet<>();
        for (List<Integer> marks : annotations) {
            Set<Integer> set = new HashSet<>(marks);
            set.add(0);
            annotators.add(set);
            union.addAll(set);
        }
        Set<Integer> x = new HashSet<>(predictions);
        x.add(0);
        double precision = (double) Score.matches(new ArrayList<>(union), new ArrayList<>(x), margin).size()
            / x.size();
        double recall = 0;
        for (Set<Integer> set : annotators) {
            recall += (double) Score.matches(new ArrayList<>(set), new ArrayList<>(x), margin).size() / set.size();
        }
        recall /= annotators.size();
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
    }

    /** metrics.py's covering: mean over annotators of how well the predicted partition covers theirs. */
    static double cover(List<List<Integer>> annotations, List<Integer> predictions, int observations) {
        List<int[]> predicted = partition(predictions, observations);
        double total = 0;
        for (List<Integer> marks : annotations) {
            double c = 0;
            for (int[] segment : partition(marks, observations)) {
                double best = 0;
                for (int[] other : predicted) {
                    best = Math.max(best, jaccard(segment, other));
                }
                c += (segment[1] - segment[0]) * best;
            }
            total += c / observations;
        }
        return total / annotations.size();
    }

    /** metrics.py's partition_from_cps as [start, end) pairs. */
    private static List<int[]> partition(List<Integer> locations, int observations) {
        List<int[]> segments = new ArrayList<>();
        int start = 0;
        for (int cp : new TreeSet<>(locations)) {
            if (cp > start && cp < observations) {
                segments.add(new int[] {start, cp});
                start = cp;
            }
        }
        segments.add(new int[] {start, observations});
        return segments;
    }

    private static double jaccard(int[] a, int[] b) {
        int intersection = Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
        int union = (a[1] - a[0]) + (b[1] - b[0]) - intersection;
        return (double) intersection / union;
    }
}
