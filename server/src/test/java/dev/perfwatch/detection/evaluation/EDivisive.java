package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Point;
import dev.perfwatch.statistics.StudentT;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * E-Divisive means as Apache Otava runs it ({@code otava/analysis.py}, defaults window 50, p 0.001, no minimum
 * magnitude): a split step runs E-Divisive with a Student t-test (first-pass p 10× looser) on sliding windows of 50
 * points stepping by 25, then a merge step removes, weakest first, change points whose t-test between their
 * neighbouring change points is not below 0.001. Q̂ is the E-Divisive statistic with exponent 1; the t-test uses the
 * population standard deviations and a pooled variance, as Otava passes them to scipy. Replay reruns the whole
 * analysis on every prefix, which is what Otava's incremental mode approximates.
 */
final class EDivisive implements Method {

    private static final int WINDOW = 50;
    private static final double MAX_P = 0.001;

    @Override
    public String name() {
        return "E-Divisive (Otava defaults)";
    }

    @Override
    public List<Alert> offline(Labelled series) {
        double[] values = values(series);
        int last = series.series().points().get(values.length - 1).index();
        List<Alert> alerts = new ArrayList<>();
        for (int index : changePoints(values)) {
            alerts.add(new Alert(series.series().points().get(index).index(), last));
        }
        return alerts;
    }

    /**
     * Reruns the analysis on every prefix; a change point within 3 commits of one already reported is the same
     * change seen with more history (its index is updated), as for our detector.
     */
    @Override
    public List<Alert> replay(Labelled series) {
        double[] values = values(series);
        List<Point> points = series.series().points();
        List<Alert> alerts = new ArrayList<>();
        for (int n = 2; n <= values.length; n++) {
            boolean[] updated = new boolean[alerts.size()];
            for (int index : changePoints(Arrays.copyOf(values, n))) {
                int commit = points.get(index).index();
                int match = -1;
                for (int i = 0; i < updated.length; i++) {
                    int distance = Math.abs(alerts.get(i).index() - commit);
                    if (distance <= 3 && (match < 0 || distance < Math.abs(alerts.get(match).index() - commit))) {
                        match = i;
                    }
                }
                if (match >= 0 && !updated[match]) {
                    updated[match] = true;
                    Alert old = alerts.get(match);
                    alerts.set(match, new Alert(commit, old.reportedAt(), old.firstIndex()));
                } else if (match < 0) {
                    alerts.add(new Alert(commit, points.get(n - 1).index()));
                }
            }
        }
        alerts.sort(Comparator.comparingInt(Alert::index));
        return alerts;
    }

    private static double[] values(Labelled series) {
        return series.series().points().stream().mapToDouble(Point::score).toArray();
    }

    /** Otava's {@code compute_change_points(series, window_len=50, max_pvalue=0.001, min_magnitude=0)}. */
    static List<Integer> changePoints(double[] series) {
        List<Integer> weak = split(series, WINDOW, MAX_P * 10);
        return merge(weak, series, MAX_P);
    }

    private static List<Integer> split(double[] series, int window, double maxP) {
        List<Integer> changePoints = new ArrayList<>();
        int start = 0;
        int step = window / 2;
        while (start < series.length) {
            int end = Math.min(start + window, series.length);
            List<Integer> found = windowChangePoints(series, start, end, maxP);
            int lastFound = found.isEmpty() ? 0 : found.get(found.size() - 1);
            start = Math.max(lastFound, start + step);
            for (int index : found) {
                if (!changePoints.contains(index)) {
                    changePoints.add(index);
                }
            }
        }
        changePoints.sort(Integer::compare);
        return changePoints;
    }

    /** Otava's ChangePointDetector on {@code series[start:end]} with a t-test tester; absolute indices. */
    private static List<Integer> windowChangePoints(double[] series, int start, int end, double maxP) {
        double[] x = Arrays.copyOfRange(series, start, end);
        List<Integer> cps = new ArrayList<>();
        while (true) {
            int[] bounds = bounds(cps, x.length);
            int bestTau = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            int bestInterval = -1;
            for (int i = 0; i + 1 < bounds.length; i++) {
                if (bounds[i + 1] - bounds[i] > 1) {
                    double[] candidate = candidate(x, bounds[i], bounds[i + 1]);
                    if (candidate[1] > bestQ) {
                        bestQ = candidate[1];
                        bestTau = (int) candidate[0];
                        bestInterval = i;
                    }
                }
            }
            if (bestTau < 0) {
                break;
            }
            double p = tTestP(x, bounds[bestInterval], bestTau, bounds[bestInterval + 1]);
            if (p <= maxP) {
                cps.add(bestTau);
                cps.sort(Integer::compare);
            } else {
                break;
            }
        }
        List<Integer> absolute = new ArrayList<>();
        for (int cp : cps) {
            absolute.add(cp + start);
        }
        return absolute;
    }

    /** Segment boundaries [0, cp1, cp2, ..., n] without empty segments. */
    private static int[] bounds(List<Integer> cps, int n) {
        List<Integer> b = new ArrayList<>();
        b.add(0);
        for (int cp : cps) {
            if (cp != b.get(b.size() - 1)) {
                b.add(cp);
            }
        }
        if (n != b.get(b.size() - 1)) {
            b.add(n);
        }
        return b.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Best (τ, Q̂) over s < τ < κ ≤ e of Q̂(x[s:τ], x[τ:κ]); ties go to the smallest τ then κ, as numpy's
     * argmax on Otava's matrix does.
     */
    private static double[] candidate(double[] x, int s, int e) {
        int len = e - s;
        // column prefix sums: col[k][i] = sum_{s <= i' < s + i} |x_i' - x_{s+k}|
        double[][] col = new double[len][len + 1];
        for (int k = 0; k < len; k++) {
            for (int i = 0; i < len; i++) {
                col[k][i + 1] = col[k][i] + Math.abs(x[s + i] - x[s + k]);
            }
        }
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestTau = s + 1;
        double withinLeft = 0; // sum over s <= i < k < tau of D(i, k)
        for (int t = 1; t < len; t++) { // tau = s + t, left has t points
            withinLeft += col[t - 1][t - 1];
            double between = 0;
            double withinRight = 0;
            for (int r = t + 1; r <= len; r++) { // kappa = s + r, right = [t, r)
                int newest = r - 1;
                between += col[newest][t];
                withinRight += col[newest][r - 1] - col[newest][t];
                int nl = t;
                int nr = r - t;
                double q = 2.0 / (nl + nr) * between;
                if (nl > 1) {
                    q -= 2.0 * nr / ((double) (nl + nr) * (nl - 1)) * withinLeft;
                }
                if (nr > 1) {
                    q -= 2.0 * nl / ((double) (nl + nr) * (nr - 1)) * withinRight;
                }
                if (q > bestQ) {
                    bestQ = q;
                    bestTau = s + t;
                }
            }
        }
        if (bestQ < 0 && len >= 3) {
            // Otava takes numpy's argmax over a matrix whose invalid (τ ≥ κ) cells are 0: when every valid Q̂ is
            // negative, the first 0 in row-major order wins, which is τ = s + 2
            return new double[] {s + 2, 0};
        }
        return new double[] {bestTau, bestQ};
    }

    /** scipy's ttest_ind_from_stats with population standard deviations, pooled variance, two-sided. */
    static double tTestP(double[] x, int a, int k, int b) {
        int n1 = k - a;
        int n2 = b - k;
        int df = n1 + n2 - 2;
        if (df <= 0) {
            return 1;
        }
        double m1 = mean(x, a, k);
        double m2 = mean(x, k, b);
        double v1 = populationVariance(x, a, k, m1);
        double v2 = populationVariance(x, k, b, m2);
        double pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / df;
        double se = Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
        double t = (m1 - m2) / se;
        if (Double.isNaN(t)) {
            return Double.NaN;
        }
        return StudentT.twoSidedP(t, df);
    }

    private static double mean(double[] x, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += x[i];
        }
        return sum / (to - from);
    }

    private static double populationVariance(double[] x, int from, int to, double mean) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (x[i] - mean) * (x[i] - mean);
        }
        return sum / (to - from);
    }

    /** Otava's merge step with min_magnitude = 0. */
    private static List<Integer> merge(List<Integer> weak, double[] series, double maxP) {
        List<Integer> cps = new ArrayList<>(weak);
        while (!cps.isEmpty()) {
            double[] p = new double[cps.size()];
            int weakest = -1;
            double weakestP = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < cps.size(); i++) {
                int a = i == 0 ? 0 : cps.get(i - 1);
                int b = i == cps.size() - 1 ? series.length : cps.get(i + 1);
                p[i] = tTestP(series, a, cps.get(i), b);
                // Python's max() keeps the first maximum and never prefers a NaN
                if (weakest < 0 || p[i] > weakestP) {
                    weakestP = p[i];
                    weakest = i;
                }
            }
            if (weakestP < maxP) {
                // every change point is significant; with min_magnitude 0 only a zero change is removed
                int smallest = -1;
                double smallestMagnitude = Double.POSITIVE_INFINITY;
                for (int i = 0; i < cps.size(); i++) {
                    double magnitude = magnitude(series, i == 0 ? 0 : cps.get(i - 1), cps.get(i),
                        i == cps.size() - 1 ? series.length : cps.get(i + 1));
                    if (magnitude < smallestMagnitude) {
                        smallestMagnitude = magnitude;
                        smallest = i;
                    }
                }
                if (smallestMagnitude > 0) {
                    return cps;
                }
                weakest = smallest;
            }
            cps.remove(weakest);
        }
        return cps;
    }

    private static double magnitude(double[] x, int a, int k, int b) {
        double m1 = mean(x, a, k);
        double m2 = mean(x, k, b);
        double forward = m1 == 0 ? 0 : m2 / m1 - 1;
        double backward = m2 == 0 ? 0 : m1 / m2 - 1;
        return Math.max(Math.abs(forward), Math.abs(backward));
    }
}
