package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Turns the tables of numbers the detector tests are written in into series. */
final class Tables {

    private Tables() {
    }

    /** One point per number, at indices 0, 1, 2, ... */
    static Series scores(Better better, String table) {
        double[] values = numbers(table);
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            points.add(Point.of(i, values[i]));
        }
        return new Series("table", better, points);
    }

    /** One point per line, each number of the line a fork (of one iteration). */
    static Series forks(Better better, String table) {
        List<Point> points = new ArrayList<>();
        for (String line : table.strip().split("\n")) {
            double[] forks = numbers(line);
            double[][] samples = new double[forks.length][];
            for (int f = 0; f < forks.length; f++) {
                samples[f] = new double[] {forks[f]};
            }
            points.add(Point.withForks(points.size(), samples));
        }
        return new Series("table", better, points);
    }

    static Series append(Series series, double... values) {
        List<Point> points = new ArrayList<>(series.points());
        for (double value : values) {
            points.add(Point.of(points.size(), value));
        }
        return new Series(series.name(), series.better(), points);
    }

    static Series replace(Series series, int index, double value) {
        List<Point> points = new ArrayList<>(series.points());
        points.set(index, Point.of(index, value));
        return new Series(series.name(), series.better(), points);
    }

    static double[] numbers(String table) {
        return Arrays.stream(table.strip().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
    }
}
