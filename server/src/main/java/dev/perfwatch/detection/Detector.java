package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Finds the commits where a series changed level: a change-point search over the whole history plus a screen
 * on the newest points. Stateless and thread-safe; the method and its evaluation are in {@code docs/detection.md}.
 */
public final class Detector {

    /** q75 of |N(0, 1)|: turns the 75th percentile of absolute residuals into a standard deviation. */
    private static final double Q75_TO_SIGMA = 1 / 1.1503;
    /**
     * Residuals around a running median of 7 that includes the point itself are smaller than the noise; this
     * factor, measured on 10^6 Gaussian points, makes the scale unbiased.
     */
    private static final double RUNNING_MEDIAN_BIAS = 1.063;
    /** Half-width of the running median used for the noise scale and for clipping. */
    private static final int HALF_WINDOW = 3;
    /** Weight, in degrees of freedom, of the series-wide noise scale in each local variance estimate. */
    private static final double PRIOR_DF = 10;
    /** Candidates weaker than this many noise units cannot pass the gate; skipping them saves the tests. */
    private static final double PREFILTER = 3.0;
    /** How far the final pass may move a change point to its best split. */
    private static final int REFINE = 2;
    /** Fewest commits the screen needs before the newest points to call them a new level. */
    private static final int SCREEN_BASELINE = 5;
    /**
     * Segments shorter than this are not clipped (their median is too noisy) but must be consistent; and a
     * change needs this many points after it before the history search may place it (the screen handles the
     * newest points).
     */
    private static final int SHORT = 5;
    /**
     * How much better, in noise variances of residual sum of squares, a step must fit a window than a straight
     * line for the test to ignore a possible trend. The split was chosen where a step fits best, so a mere
     * "better" would let noise on a drift pass for a step.
     */
    private static final double LINE_MARGIN = 9;
    /** Share of a window's difference a narrower window must keep to be a staircase of steps, not a drift. */
    private static final double STAIRCASE = 0.75;
    /** Largest acceptable chance, per point, that consecutive bad runs fill the screen's new points. */
    private static final double OUTLIER_RUNS = 1e-4;
    /** P(|N(0, 1)| > 3): how often a clean series has a point beyond the clip. */
    private static final double GAUSSIAN_OUTLIER_RATE = 0.0027;
    /** Pseudo-points of the Gaussian rate in the outlier-rate estimate, so short histories are not penalised. */
    private static final double OUTLIER_PRIOR = 100;
    /** Most commits a reported level is estimated from. */
    private static final int LEVEL_WINDOW = 100;

    private final DetectorSettings settings;

    public Detector() {
        this(DetectorSettings.defaults());
    }

    public Detector(DetectorSettings settings) {
        this.settings = settings;
    }

    public DetectorSettings settings() {
        return settings;
    }

    public Detection detect(Series series) {
        return detect(Observations.of(series.points()), series.better());
    }

    Detection detect(Observations observations, Better better) {
        double[] y = observations.values;
        int n = y.length;
        double sigma = noise(y);
        double noise = observations.logScale ? Math.expm1(sigma) : sigma;
        double mdc = minimalDetectableChange(sigma, n, observations);
        TreeMap<Integer, Double> found = new TreeMap<>();
        if (n >= 2 * settings.minSegment()) {
            found = search(y, sigma);
        }
        screen(y, sigma, found);
        return new Detection(describe(observations, better, sigma, found), noise, mdc);
    }

    // ---- noise -------------------------------------------------------------------------------------------

    /**
     * Noise scale from the residuals around a running median, which follows steps but not spikes. The 75th
     * percentile rather than the median of the residuals: a JIT that sends a quarter of the forks to a slower
     * mode is noise the tests must know about, while a few bad runs are outliers they must not.
     */
    double noise(double[] y) {
        int n = y.length;
        if (n < 3) {
            return settings.noiseFloor();
        }
        double[] median = runningMedian(y);
        double[] residuals = new double[n];
        for (int i = 0; i < n; i++) {
            residuals[i] = Math.abs(y[i] - median[i]);
        }
        java.util.Arrays.sort(residuals);
        double q75 = residuals[(int) Math.floor(0.75 * (n - 1))];
        return Math.max(Q75_TO_SIGMA * RUNNING_MEDIAN_BIAS * q75, settings.noiseFloor());
    }

    private static double[] runningMedian(double[] y) {
        int n = y.length;
        double[] median = new double[n];
        double[] scratch = new double[2 * HALF_WINDOW + 1];
        for (int i = 0; i < n; i++) {
            int from = Math.max(0, i - HALF_WINDOW);
            int to = Math.min(n, i + HALF_WINDOW + 1);
            median[i] = Stats.windowMedian(y, from, to, scratch);
        }
        return median;
    }

    // ---- history search ----------------------------------------------------------------------------------

    /** Accepted change points: observation index → corrected p-value of its test. */
    private TreeMap<Integer, Double> search(double[] y, double sigma) {
        int n = y.length;
        int m = settings.minSegment();
        double[] median = runningMedian(y);
        double limit = settings.clip() * sigma;
        double[] prefix = new double[n + 1];
        for (int i = 0; i < n; i++) {
            double clipped = median[i] + Math.max(-limit, Math.min(limit, y[i] - median[i]));
            prefix[i + 1] = prefix[i] + clipped;
        }
        List<Candidate> candidates = new ArrayList<>();
        for (int length = Math.min(n, 2 * settings.window()); length >= 2 * m;
             length = (int) Math.floor(length / Math.sqrt(2))) {
            int shift = Math.max(1, length / 2);
            int start = 0;
            for (; start + length <= n; start += shift) {
                addBest(candidates, prefix, start, start + length, m);
            }
            if (start - shift + length < n) {
                addBest(candidates, prefix, n - length, n, m);
            }
        }
        candidates.sort((a, b) -> Double.compare(b.strength, a.strength));

        TreeMap<Integer, Double> accepted = new TreeMap<>();
        for (Candidate candidate : candidates) {
            if (candidate.strength < PREFILTER * sigma) {
                break;
            }
            Integer inside = accepted.higherKey(candidate.start);
            if (inside != null && inside < candidate.end) {
                continue;
            }
            int split = candidate.split;
            int a = Math.max(lowerOrZero(accepted, split), split - settings.window());
            int b = Math.min(higherOrEnd(accepted, split, n), split + settings.window());
            int k = locate(y, a, b, split, sigma);
            if (k < 0 || accepted.containsKey(k)) {
                continue;
            }
            double p = historyP(y, a, k, b, sigma);
            if (p <= settings.alpha()) {
                accepted.put(k, p);
            }
        }
        prune(y, sigma, accepted);
        return accepted;
    }

    private static void addBest(List<Candidate> candidates, double[] prefix, int start, int end, int m) {
        double total = prefix[end] - prefix[start];
        int length = end - start;
        double best = -1;
        int split = -1;
        for (int k = start + m; k <= end - m; k++) {
            int left = k - start;
            int right = end - k;
            double leftSum = prefix[k] - prefix[start];
            double difference = (total - leftSum) / right - leftSum / left;
            double strength = Math.abs(difference) * Math.sqrt((double) left * right / length);
            if (strength > best) {
                best = strength;
                split = k;
            }
        }
        if (split >= 0) {
            candidates.add(new Candidate(start, end, split, best));
        }
    }

    /**
     * The gate of the history search: the test's p-value, Bonferroni-corrected for every commit searched. When
     * a trend took the evidence away, the test is repeated on half the window: a staircase of steps looks like
     * a drift from afar, but not from close up.
     */
    private double historyP(double[] y, int a, int k, int b, double sigma) {
        Test test = test(y, a, k, b, sigma);
        int half = settings.window() / 2;
        if (test.trend && (k - a > half || b - k > half)) {
            Test narrow = test(y, Math.max(a, k - half), k, Math.min(b, k + half), sigma);
            // a staircase keeps its step in the narrow window, a drift halves it
            if (narrow.difference * Math.signum(test.difference) < STAIRCASE * Math.abs(test.difference)) {
                return 1;
            }
            test = narrow;
        }
        if (!test.consistent || Math.abs(test.difference) < effectFloor()) {
            return 1;
        }
        return Math.min(1, test.p * y.length);
    }

    /**
     * Drops, weakest first, change points whose test fails once their neighbours are known, then moves each
     * to the best split between its neighbours (the greedy pass may have placed it from a wider interval).
     */
    private void prune(double[] y, double sigma, TreeMap<Integer, Double> accepted) {
        int n = y.length;
        while (!accepted.isEmpty()) {
            int weakest = -1;
            double weakestP = -1;
            for (int k : accepted.keySet()) {
                int a = Math.max(lowerOrZero(accepted, k), k - settings.window());
                int b = Math.min(higherOrEnd(accepted, k, n), k + settings.window());
                double p = historyP(y, a, k, b, sigma);
                accepted.put(k, p);
                if (p > weakestP) {
                    weakestP = p;
                    weakest = k;
                }
            }
            if (weakestP <= settings.alpha()) {
                break;
            }
            accepted.remove(weakest);
        }
        Integer[] keys = accepted.keySet().toArray(new Integer[0]);
        for (int i = 0; i < keys.length; i++) {
            int k = keys[i];
            int a = Math.max(i == 0 ? 0 : keys[i - 1], k - settings.window());
            int b = Math.min(i == keys.length - 1 ? n : keys[i + 1], k + settings.window());
            int best = locate(y, a, b, k, sigma);
            if (best != k) {
                accepted.remove(k);
                if (best >= 0) {
                    double p = historyP(y, a, best, b, sigma);
                    if (p <= settings.alpha()) {
                        accepted.put(best, p);
                    }
                }
                keys[i] = best >= 0 ? best : k;
            }
        }
    }

    /**
     * Where, within {@value #REFINE} commits of {@code split}, two levels fit [a, b) best under a Huber loss, or
     * -1 when that place is among the newest {@value #SHORT} points, which are the screen's to judge. The Huber
     * loss (squares near the level, absolute values beyond {@code clip} noise units) keeps an outlier from
     * pulling the split, and unlike a test's p-value it does not saturate on a large step, so it tells
     * neighbouring commits apart.
     */
    private int locate(double[] y, int a, int b, int split, double sigma) {
        int n = y.length;
        int m = settings.minSegment();
        int from = Math.max(a + m, split - REFINE);
        int to = Math.min(b == n ? n - 1 : b - m, split + REFINE);
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int j = from; j <= to; j++) {
            double cost = huber(y, a, j, sigma) + huber(y, j, b, sigma);
            if (cost < bestCost) {
                bestCost = cost;
                best = j;
            }
        }
        return best < 0 || n - best < SHORT ? -1 : best;
    }

    private double huber(double[] y, int from, int to, double sigma) {
        double median = Stats.median(y, from, to);
        double limit = settings.clip() * sigma;
        double cost = 0;
        for (int i = from; i < to; i++) {
            double r = Math.abs(y[i] - median);
            cost += r <= limit ? r * r / 2 : limit * (r - limit / 2);
        }
        return cost;
    }

    // ---- screen on the newest points ---------------------------------------------------------------------

    /**
     * Asks whether the newest points, every one of them, sit at a level the history before them does not
     * explain. Requiring all of them keeps one bad run from ever being a change; the small number of places
     * looked at keeps the test sharp, so a step is reported one or two runs after it lands. The split is placed
     * where two levels fit best, the newest point alone included, so that a step is not named a commit early
     * on a lucky run of noise. The new points must
     * also be further from the baseline than any run of as many consecutive baseline points, so that noise with
     * more structure than the test assumes (modes, bursts) cannot pass for a step.
     */
    private void screen(double[] y, double sigma, TreeMap<Integer, Double> found) {
        int n = y.length;
        int last = found.isEmpty() ? 0 : found.lastKey();
        int fewest = fewestNewPoints(y, sigma);
        int from = n - settings.screenLength() - settings.window();
        int a = Math.max(last, from);
        int k = bestTailSplit(y, a, n, Math.max(n - settings.screenLength(), a + SCREEN_BASELINE), sigma);
        // a best split before the newest point alone: one bad run is never a change, it waits for the next run
        if (k < 0 || n - k < fewest) {
            return;
        }
        int baseline = Math.max(last, k - settings.window());
        Test test = test(y, baseline, k, n, sigma);
        if (!test.consistent || Math.abs(test.difference) < effectFloor() || !beyondBaseline(y, baseline, k, n)) {
            return;
        }
        double p = Math.min(1, test.p * (settings.screenLength() - 1));
        if (p <= settings.screenAlpha()) {
            found.put(k, p);
        }
    }

    /**
     * How many new points the screen needs: two, unless this series has bad runs often enough that two in a
     * row are to be expected (more than once in {@code 1 / OUTLIER_RUNS} points); then as many as make a run of
     * bad runs that rare. The rate is estimated from the points further than {@code clip} noise units from the
     * running median, shrunk towards the Gaussian rate by {@value #OUTLIER_PRIOR} pseudo-points.
     */
    private int fewestNewPoints(double[] y, double sigma) {
        double[] median = runningMedian(y);
        double limit = settings.clip() * sigma;
        // the newest points are left out: the running median lags behind a step that has just landed
        int counted = Math.max(0, y.length - settings.screenLength());
        int outliers = 0;
        for (int i = 0; i < counted; i++) {
            if (Math.abs(y[i] - median[i]) > limit) {
                outliers++;
            }
        }
        double rate = (outliers + GAUSSIAN_OUTLIER_RATE * OUTLIER_PRIOR) / (counted + OUTLIER_PRIOR);
        int fewest = 2;
        while (fewest < settings.screenLength() && Math.pow(rate, fewest) > OUTLIER_RUNS) {
            fewest++;
        }
        return fewest;
    }

    /** The split of [a, n) into two levels with the least Huber loss, among splits at or after {@code first}. */
    private int bestTailSplit(double[] y, int a, int n, int first, double sigma) {
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int k = first; k < n; k++) {
            double cost = huber(y, a, k, sigma) + huber(y, k, n, sigma);
            if (cost < bestCost) {
                bestCost = cost;
                best = k;
            }
        }
        return best;
    }

    /** Is the mean of [k, n) further from the baseline [a, k)'s median than every window of as many baseline points? */
    private static boolean beyondBaseline(double[] y, int a, int k, int n) {
        int width = n - k;
        double center = Stats.median(y, a, k);
        double sum = 0;
        for (int j = k; j < n; j++) {
            sum += y[j];
        }
        double newest = Math.abs(sum / width - center);
        double window = 0;
        for (int j = a; j < k; j++) {
            window += y[j];
            if (j - a + 1 > width) {
                window -= y[j - width];
            }
            if (j - a + 1 >= width && Math.abs(window / width - center) >= newest) {
                return false;
            }
        }
        return true;
    }

    // ---- the test ----------------------------------------------------------------------------------------

    /**
     * Two-sample t-test of a level change at k between [a, k) and [k, b), made robust three ways: values of a
     * segment of {@value #SHORT} or more are clipped to within {@code clip} noise units of its median; a shorter
     * segment must be consistent, every point past the midpoint between the two levels, so that one outlier
     * cannot make a short segment; and unless a step fits the window clearly better than a straight line, the
     * step must also stand out from the common trend, so that a slow drift is not a step. The variance
     * pools both segments with the series' noise as a prior worth {@value #PRIOR_DF} degrees of freedom.
     */
    Test test(double[] y, int a, int k, int b, double sigma) {
        int n = b - a;
        double[] v = new double[n];
        robustValues(y, a, k, sigma, v, 0);
        robustValues(y, k, b, sigma, v, k - a);
        // sums for the regression of v on [1, step, slope], with the slope's time origin at the split
        double sumS = 0;
        double sumT = 0;
        double sumTT = 0;
        double sumST = 0;
        double sumV = 0;
        double sumSV = 0;
        double sumTV = 0;
        double sumVV = 0;
        for (int i = 0; i < n; i++) {
            double s = i >= k - a ? 1 : 0;
            double t = i - (k - a) + 0.5;
            sumS += s;
            sumT += t;
            sumTT += t * t;
            sumST += s * t;
            sumV += v[i];
            sumSV += s * v[i];
            sumTV += t * v[i];
            sumVV += v[i] * v[i];
        }
        int nl = k - a;
        int nr = b - k;
        double meanL = (sumV - sumSV) / nl;
        double meanR = sumSV / nr;
        double difference = meanR - meanL;
        double rss = Math.max(0, sumVV - nl * meanL * meanL - nr * meanR * meanR);
        double variance = (rss + PRIOR_DF * sigma * sigma) / (n - 2 + PRIOR_DF);
        double p = Stats.twoSidedP(difference / Math.sqrt(variance * (1.0 / nl + 1.0 / nr)), n - 2 + PRIOR_DF);
        boolean trend = false;
        if (n >= 8) {
            // unless a step explains the window clearly better than a straight line, the window may be drifting:
            // then the step must also stand out from the common trend, least squares on [1, step, slope]
            double meanT = sumT / n;
            double meanV = sumV / n;
            double sxx = sumTT - n * meanT * meanT;
            double sxy = sumTV - n * meanT * meanV;
            double lineRss = sumVV - n * meanV * meanV - sxy * sxy / sxx;
            double[][] inverse = lineRss - rss < LINE_MARGIN * variance
                ? invert3(new double[][] {{n, sumS, sumT}, {sumS, sumS, sumST}, {sumT, sumST, sumTT}})
                : null;
            if (inverse != null) {
                double[] xty = {sumV, sumSV, sumTV};
                double[] beta = new double[3];
                for (int r = 0; r < 3; r++) {
                    beta[r] = inverse[r][0] * xty[0] + inverse[r][1] * xty[1] + inverse[r][2] * xty[2];
                }
                double trendRss = Math.max(0, sumVV - (beta[0] * xty[0] + beta[1] * xty[1] + beta[2] * xty[2]));
                double trendVariance = (trendRss + PRIOR_DF * sigma * sigma) / (n - 3 + PRIOR_DF);
                double trendP = Stats.twoSidedP(beta[1] / Math.sqrt(trendVariance * inverse[1][1]),
                    n - 3 + PRIOR_DF);
                // the trend can only take evidence away, never add it
                double withTrend = Math.signum(beta[1]) == Math.signum(difference) ? Math.max(p, trendP) : 1;
                trend = withTrend > p;
                p = withTrend;
            }
        }
        boolean consistent = (nl >= SHORT || allPast(y, a, k, meanL + difference / 2, -difference))
            && (nr >= SHORT || allPast(y, k, b, meanR - difference / 2, difference));
        return new Test(difference, p, consistent, trend);
    }

    /** Values of [from, to) into v[offset...], clipped to within {@code clip} noise units of their median when the segment is long enough to have a reliable median. */
    private void robustValues(double[] y, int from, int to, double sigma, double[] v, int offset) {
        if (to - from < SHORT) {
            System.arraycopy(y, from, v, offset, to - from);
            return;
        }
        double median = Stats.median(y, from, to);
        double limit = settings.clip() * sigma;
        for (int i = from; i < to; i++) {
            v[offset + i - from] = median + Math.max(-limit, Math.min(limit, y[i] - median));
        }
    }

    /** Are all values of [from, to) past {@code midpoint} in the direction of {@code direction}? */
    private static boolean allPast(double[] y, int from, int to, double midpoint, double direction) {
        for (int j = from; j < to; j++) {
            if ((y[j] - midpoint) * Math.signum(direction) <= 0) {
                return false;
            }
        }
        return true;
    }

    private static double[][] invert3(double[][] m) {
        double c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1];
        double c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2];
        double c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0];
        double det = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02;
        if (Math.abs(det) < 1e-12) {
            return null;
        }
        return new double[][] {
            {c00 / det, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det, (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det},
            {c01 / det, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det, (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det},
            {c02 / det, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det, (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det}};
    }

    // ---- levels ------------------------------------------------------------------------------------------

    private List<ChangePoint> describe(Observations observations, Better better, double sigma,
                                       TreeMap<Integer, Double> found) {
        double[] y = observations.values;
        int n = y.length;
        Integer[] keys = found.keySet().toArray(new Integer[0]);
        List<ChangePoint> changes = new ArrayList<>(keys.length);
        for (int i = 0; i < keys.length; i++) {
            int k = keys[i];
            int a = Math.max(i == 0 ? 0 : keys[i - 1], k - LEVEL_WINDOW);
            int b = Math.min(i == keys.length - 1 ? n : keys[i + 1], k + LEVEL_WINDOW);
            Level before = level(observations, y, a, k, sigma);
            Level after = level(observations, y, k, b, sigma);
            double magnitude = observations.relativeChange(location(y, a, k, sigma), location(y, k, b, sigma));
            changes.add(new ChangePoint(observations.commits[k], Direction.of(magnitude, better), magnitude,
                1 - found.get(k), before, after));
        }
        return changes;
    }

    private double location(double[] y, int from, int to, double sigma) {
        double[] v = new double[to - from];
        robustValues(y, from, to, sigma, v, 0);
        return Stats.mean(v, 0, v.length);
    }

    private Level level(Observations observations, double[] y, int from, int to, double sigma) {
        int count = to - from;
        double[] v = new double[count];
        robustValues(y, from, to, sigma, v, 0);
        double mean = Stats.mean(v, 0, count);
        double df = (count - 1) + PRIOR_DF;
        double variance = ((count - 1) * Stats.variance(v, 0, count) + PRIOR_DF * sigma * sigma) / df;
        double half = Stats.tQuantile(0.975, df) * Math.sqrt(variance / count);
        return new Level(observations.toUnit(mean), observations.toUnit(mean - half),
            observations.toUnit(mean + half), count);
    }

    /**
     * The smallest step the screen reports with 80% probability once three runs sit at the new level, against
     * a full window of history, given the series' noise.
     */
    private double minimalDetectableChange(double sigma, int n, Observations observations) {
        int baseline = Math.max(SCREEN_BASELINE, Math.min(settings.window(), n - 3));
        double df = baseline - 1 + PRIOR_DF;
        double critical = Stats.tQuantile(1 - settings.screenAlpha() / (settings.screenLength() - 1) / 2, df);
        double step = (critical + Stats.normalQuantile(0.8)) * sigma * Math.sqrt(1.0 / 3 + 1.0 / baseline);
        step = Math.max(step, effectFloor());
        return observations.logScale ? Math.expm1(step) : step;
    }

    /** The smallest reportable change on the working scale (log scale, so ln(1 + minEffect)). */
    private double effectFloor() {
        return Math.log1p(settings.minEffect());
    }

    private static int lowerOrZero(TreeMap<Integer, Double> accepted, int k) {
        Integer lower = accepted.lowerKey(k);
        return lower == null ? 0 : lower;
    }

    private static int higherOrEnd(TreeMap<Integer, Double> accepted, int k, int n) {
        Integer higher = accepted.higherKey(k);
        return higher == null ? n : higher;
    }

    private record Candidate(int start, int end, int split, double strength) {
    }

    /**
     * @param trend whether a possible drift weakened the evidence: the window may hold a staircase of steps
     *     rather than a drift, and a narrower one can tell
     */
    record Test(double difference, double p, boolean consistent, boolean trend) {
    }
}
