package dev.perfwatch.comparison;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfwatch.statistics.Normal;

/**
 * One row of a comparison: the change of a case's primary metric and of its allocation. The interval rests on the
 * best evidence the results hold (the row's basis): fork means when each side has two or more; else the scores of
 * several runs; else JMH's score error of each side (imports and Codespeed uploads store no forks); else the noise
 * of the series around the commits. Never NaN: a side without any of these has a score and no interval.
 */
final class CaseChange {

    /** JMH's score error is half its 99.9% interval: z = 3.29 turns it back into a standard error. */
    private static final double JMH_ERROR_Z = Normal.quantile(0.9995);

    /** How many results around the base the neighbouring history reads. */
    private static final int NEIGHBOURS = 21;

    private final JsonMapper json;

    private final ComparisonQueries queries;

    CaseChange(JsonMapper json, ComparisonQueries queries) {
        this.json = json;
        this.queries = queries;
    }

    Comparison.Row row(List<ComparisonQueries.ResultRow> base, List<ComparisonQueries.ResultRow> head,
            List<ComparisonQueries.ResultRow> baseAllocation, List<ComparisonQueries.ResultRow> headAllocation,
            Comparisons.Options options) {
        ComparisonQueries.ResultRow primary = base.get(0);
        boolean higher = "higher".equals(primary.direction());
        double[] baseForks = forkMeans(base);
        double[] headForks = forkMeans(head);
        Welch.Change change;
        Comparison.Side baseSide;
        Comparison.Side headSide;
        String basis;
        if (baseForks.length >= 2 && headForks.length >= 2) {
            change = Welch.compare(baseForks, headForks, higher, options.margin(), options.confidence());
            baseSide = side(baseForks);
            headSide = side(headForks);
            basis = "forks";
        }
        else if (base.size() >= 2 && head.size() >= 2 && baseForks.length < 2 && headForks.length < 2) {
            double[] baseScores = scores(base);
            double[] headScores = scores(head);
            change = Welch.compare(baseScores, headScores, higher, options.margin(), options.confidence());
            baseSide = new Comparison.Side(Welch.mean(baseScores), Welch.error(baseScores), 0);
            headSide = new Comparison.Side(Welch.mean(headScores), Welch.error(headScores), 0);
            basis = "runs";
        }
        else {
            Known baseKnown = known(base, baseForks);
            Known headKnown = known(head, headForks);
            double noise = Double.NaN;
            if (!Double.isFinite(baseKnown.se) || !Double.isFinite(headKnown.se)) {
                noise = historyNoise(primary);
            }
            double baseSe = Double.isFinite(baseKnown.se) ? baseKnown.se : noise;
            double headSe = Double.isFinite(headKnown.se) ? headKnown.se : noise;
            change = Welch.compareKnown(baseKnown.level, baseSe, headKnown.level, headSe, higher, options.margin(),
                    options.confidence());
            baseSide = new Comparison.Side(baseKnown.level, error99(baseSe), baseForks.length);
            headSide = new Comparison.Side(headKnown.level, error99(headSe), headForks.length);
            basis = !Double.isFinite(baseSe) || !Double.isFinite(headSe) ? "none"
                    : Double.isFinite(noise) ? "history" : baseKnown.basis.equals(headKnown.basis) ? baseKnown.basis
                            : "forks and score errors";
        }
        Comparison.Allocation allocation = allocation(baseAllocation, headAllocation, options.threshold());
        boolean significant = change.verdict().significant()
                || (allocation != null && allocation.changed() && options.policy() != AllocationPolicy.IGNORE);
        return new Comparison.Row(primary.benchmark(), params(primary.params()), primary.caseKey(), primary.metric(),
                primary.unit(), primary.direction(), baseSide, headSide,
                Double.isFinite(change.percent()) ? change.percent() : null,
                change.lower() == null ? null : List.of(change.lower(), change.upper()), change.verdict(), allocation,
                basis, significant);
    }

    private Comparison.Allocation allocation(List<ComparisonQueries.ResultRow> base,
            List<ComparisonQueries.ResultRow> head, double threshold) {
        double[] baseValues = base.isEmpty() ? new double[0] : allocationValues(base);
        double[] headValues = head.isEmpty() ? new double[0] : allocationValues(head);
        if (baseValues.length == 0 && headValues.length == 0) {
            return null;
        }
        if (baseValues.length == 0 || headValues.length == 0) {
            return AllocationChange.oneSided(baseValues.length == 0 ? headValues : baseValues, baseValues.length == 0);
        }
        return AllocationChange.of(baseValues, headValues, threshold);
    }

    /** Fork means when there are two or more, else the one fork's iterations, else the scores. */
    private double[] allocationValues(List<ComparisonQueries.ResultRow> rows) {
        double[] forks = forkMeans(rows);
        if (forks.length >= 2) {
            return forks;
        }
        List<Double> iterations = new ArrayList<>();
        for (ComparisonQueries.ResultRow row : rows) {
            for (JsonNode fork : json.readTree(row.samples())) {
                for (JsonNode iteration : fork) {
                    if (iteration.isNumber() && Double.isFinite(iteration.asDouble())) {
                        iterations.add(iteration.asDouble());
                    }
                }
            }
        }
        if (!iterations.isEmpty()) {
            return iterations.stream().mapToDouble(Double::doubleValue).toArray();
        }
        return Arrays.stream(scores(rows)).filter(Double::isFinite).toArray();
    }

    /** A side's level and standard error without replicates: its forks if any, else its score and JMH's error. */
    private static Known known(List<ComparisonQueries.ResultRow> rows, double[] forks) {
        if (forks.length >= 2) {
            return new Known(Welch.mean(forks), Math.sqrt(Welch.variance(forks) / forks.length), "forks");
        }
        double level = forks.length == 1 ? forks[0] : Welch.mean(scores(rows));
        Double error = rows.size() == 1 ? rows.get(0).error() : null;
        double se = error != null && Double.isFinite(error) && error > 0 ? error / JMH_ERROR_Z : Double.NaN;
        return new Known(level, se, "score errors");
    }

    /**
     * The standard deviation of one result in the series, from the results around the base: the median absolute
     * difference of neighbours (robust to the step being measured and to outliers), scaled to a normal sd. NaN
     * with fewer than 5 neighbours.
     */
    private double historyNoise(ComparisonQueries.ResultRow primary) {
        List<Double> scores = queries.neighbours(primary.series(), primary.position(), NEIGHBOURS);
        if (scores.size() < 5) {
            return Double.NaN;
        }
        double[] differences = new double[scores.size() - 1];
        for (int i = 1; i < scores.size(); i++) {
            differences[i - 1] = Math.abs(scores.get(i) - scores.get(i - 1));
        }
        // For normal noise |x_i - x_{i-1}| has median 0.6745·√2·σ.
        return AllocationChange.median(differences) / (0.6745 * Math.sqrt(2));
    }

    private static Double error99(double se) {
        return Double.isFinite(se) ? Normal.quantile(0.995) * se : null;
    }

    private static double[] scores(List<ComparisonQueries.ResultRow> rows) {
        return rows.stream().mapToDouble(ComparisonQueries.ResultRow::score).filter(Double::isFinite).toArray();
    }

    private static Comparison.Side side(double[] forks) {
        return new Comparison.Side(Welch.mean(forks), Welch.error(forks), forks.length);
    }

    double[] forkMeans(List<ComparisonQueries.ResultRow> rows) {
        return ForkMeans.of(rows.stream().map(ComparisonQueries.ResultRow::samples).toList());
    }

    Map<String, String> params(String text) {
        Map<String, String> params = new LinkedHashMap<>();
        json.readTree(text).properties().forEach(entry -> params.put(entry.getKey(), entry.getValue().asString()));
        return params;
    }

    private record Known(double level, double se, String basis) {
    }
}
