package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * One detection on one series of per-commit values: the noise scale, the history search and the screen on the
 * newest points. A new instance per call; {@link Detector} is the entry point.
 *
 * <p>The history search is seeded binary segmentation: the best CUSUM split of overlapping intervals at every
 * scale up to twice the test window, on the series clipped around its running median. Candidates are taken
 * strongest first, placed by a Huber loss, and accepted when {@link StepTest} passes with a Bonferroni correction
 * for every commit searched; a final pass drops those whose test fails once their neighbours are known. The
 * screen asks whether the newest points, all of them, sit at a new level.
 */
final class Analysis {

    /** q75 of |N(0, 1)|: turns the 75th percentile of absolute residuals into a standard deviation. */
    private static final double Q75_TO_SIGMA = 1 / 1.1503;
    /**
     * Residuals around a running median of 7 that includes the point itself are smaller than the noise; this
     * factor, measured on 10^6 Gaussian points, makes the scale unbiased.
     */
    private static final double RUNNING_MEDIAN_BIAS = 1.063;
    /** Commits per block when measuring how much the series wanders. */
    private static final int BLOCK = 8;
    /** Robust standard deviation = 1.4826 × MAD for Gaussian data. */
    private static final double MAD_TO_SIGMA = 1.4826;
    /** Half-width of the running median used for the noise scale and for clipping. */
    private static final int HALF_WINDOW = 3;
    /** Candidates weaker than this many noise units cannot pass the gate; skipping them saves the tests. */
    private static final double PREFILTER = 3.0;
    /** How far placing a candidate may move it from its CUSUM split. */
    private static final int REFINE = 2;
    /** Fewest commits the screen needs before the newest points to call them a new level. */
    static final int SCREEN_BASELINE = 5;
    /** Share of a window's difference a narrower window must keep to be a staircase of steps, not a drift. */
    private static final double STAIRCASE = 0.75;
    /** Largest acceptable chance, per point, that consecutive bad runs fill the screen's new points. */
    private static final double OUTLIER_RUNS = 1e-4;
    /** P(|N(0, 1)| > 3): how often a clean series has a point beyond the clip. */
    private static final double GAUSSIAN_OUTLIER_RATE = 0.0027;
    /** Pseudo-points of the Gaussian rate in the outlier-rate estimate, so short histories are not penalised. */
    private static final double OUTLIER_PRIOR = 100;

    private final DetectorSettings settings;
    private final double[] y;
    private final int n;
    /** Running median of 7: follows steps and trends, not spikes. */
    private final double[] median;
    /** The series clipped to within {@code clip} noise units of its running median. */
    final double[] clipped;
    /** The noise scale on the working scale: a robust standard deviation of one commit's value. */
    final double sigma;
    /**
     * How much more the mean of several consecutive commits varies than independent noise would make it (a ratio
     * of standard deviations): 1 for white noise, more when the series wanders (autocorrelated noise, slow
     * cycles). Tests scale their variance by it, so that wandering is not taken for steps.
     */
    final double wander;
    private final double effectFloor;
    /** Reused by every median of this analysis. */
    private final double[] scratch;

    /** How many commits the history search is corrected for: the whole series, even when given only its tail. */
    private final int searched;

    Analysis(double[] y, DetectorSettings settings, int searched) {
        this.settings = settings;
        this.y = y;
        this.n = y.length;
        this.searched = Math.max(searched, y.length);
        this.scratch = new double[n];
        this.median = runningMedian(y);
        this.sigma = noise();
        this.effectFloor = Math.log1p(settings.minEffect());
        double limit = settings.clip() * sigma;
        this.clipped = new double[n];
        for (int i = 0; i < n; i++) {
            clipped[i] = median[i] + Math.max(-limit, Math.min(limit, y[i] - median[i]));
        }
        this.wander = wander();
    }

    /** Change points: observation index → corrected p-value of the test that accepted it. */
    TreeMap<Integer, Double> changePoints() {
        TreeMap<Integer, Double> found = n >= 2 * settings.minSegment() ? search() : new TreeMap<>();
        screen(found);
        return found;
    }

    /**
     * Noise scale from the residuals around the running median. The 75th percentile rather than the median of
     * the residuals: a JIT that sends a quarter of the forks to a slower mode is noise the tests must know about,
     * while a few bad runs are outliers they must not.
     */
    private double noise() {
        if (n < 3) {
            return settings.noiseFloor();
        }
        for (int i = 0; i < n; i++) {
            scratch[i] = Math.abs(y[i] - median[i]);
        }
        double q75 = Stats.select(scratch, n, (int) Math.floor(0.75 * (n - 1)));
        return Math.max(Q75_TO_SIGMA * RUNNING_MEDIAN_BIAS * q75, settings.noiseFloor());
    }

    /**
     * The spread of the second difference of the means of consecutive blocks of {@value #BLOCK} commits, over
     * every place in the series, against what the noise scale predicts (σ √(6 / h)). Second differences, so that
     * a trend, which the tests handle, does not count; a median-based spread, so that the few places where the
     * series really steps do not count either.
     */
    private double wander() {
        int h = BLOCK;
        if (n < 6 * h) {
            return 1;
        }
        double[] prefix = new double[n + 1];
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] + clipped[i];
        }
        double[] differences = new double[n - 3 * h + 1];
        for (int j = h; j <= n - 2 * h; j++) {
            double before = prefix[j] - prefix[j - h];
            double middle = prefix[j + h] - prefix[j];
            double after = prefix[j + 2 * h] - prefix[j + h];
            differences[j - h] = Math.abs(after - 2 * middle + before) / h;
        }
        double spread = MAD_TO_SIGMA * Stats.median(differences, 0, differences.length, scratch);
        return Math.max(1, spread / (sigma * Math.sqrt(6.0 / h)));
    }

    private static double[] runningMedian(double[] y) {
        int n = y.length;
        double[] median = new double[n];
        double[] scratch = new double[2 * HALF_WINDOW + 1];
        for (int i = 0; i < n; i++) {
            median[i] = Stats.windowMedian(y, Math.max(0, i - HALF_WINDOW), Math.min(n, i + HALF_WINDOW + 1), scratch);
        }
        return median;
    }

    StepTest.Result test(int a, int k, int b) {
        return StepTest.run(y, clipped, a, k, b, sigma, wander);
    }

    // ---- history search ----------------------------------------------------------------------------------

    private TreeMap<Integer, Double> search() {
        int m = settings.minSegment();
        double[] prefix = new double[n + 1];
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] + clipped[i];
        }
        List<Candidate> candidates = new ArrayList<>();
        double floor = PREFILTER * sigma;
        for (int length = Math.min(n, 2 * settings.window()); length >= 2 * m;
             length = (int) Math.floor(length / Math.sqrt(2))) {
            int shift = Math.max(1, length / 2);
            int start = 0;
            for (; start + length <= n; start += shift) {
                addBest(candidates, prefix, start, start + length, m, floor);
            }
            if (start - shift + length < n) {
                addBest(candidates, prefix, n - length, n, m, floor);
            }
        }
        candidates.sort((a, b) -> Double.compare(b.strength, a.strength));

        TreeMap<Integer, Double> accepted = new TreeMap<>();
        for (Candidate candidate : candidates) {
            Integer inside = accepted.higherKey(candidate.start);
            if (inside != null && inside < candidate.end) {
                continue; // the interval holds an accepted change point: its best split is not about one step
            }
            int split = candidate.split;
            int a = Math.max(lowerOrZero(accepted, split), split - settings.window());
            int b = Math.min(higherOrEnd(accepted, split), split + settings.window());
            int k = locate(a, b, split);
            if (k < 0 || accepted.containsKey(k)) {
                continue;
            }
            double p = historyP(a, k, b);
            if (p <= settings.alpha()) {
                accepted.put(k, p);
            }
        }
        prune(accepted);
        return accepted;
    }

    private static void addBest(List<Candidate> candidates, double[] prefix, int start, int end, int m,
                                double floor) {
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
        if (split >= 0 && best >= floor) {
            candidates.add(new Candidate(start, end, split, best));
        }
    }

    /**
     * The gate of the history search: the test's p-value, Bonferroni-corrected for every commit searched. When
     * a trend took the evidence away, the test is repeated on half the window: a staircase of steps looks like
     * a drift from afar, but not from close up.
     */
    private double historyP(int a, int k, int b) {
        StepTest.Result test = test(a, k, b);
        int half = settings.window() / 2;
        if (test.trend() && (k - a > half || b - k > half)) {
            StepTest.Result narrow = test(Math.max(a, k - half), k, Math.min(b, k + half));
            // a staircase keeps its step in the narrow window, a drift halves it
            if (narrow.difference() * Math.signum(test.difference()) < STAIRCASE * Math.abs(test.difference())) {
                return 1;
            }
            test = narrow;
        }
        if (!test.consistent() || Math.abs(test.effect()) < effectFloor) {
            return 1;
        }
        return Math.min(1, test.p() * searched);
    }

    /**
     * Drops, weakest first, change points whose test fails once their neighbours are known, then places each
     * again between its final neighbours (the greedy pass may have placed it from a wider interval).
     */
    private void prune(TreeMap<Integer, Double> accepted) {
        while (!accepted.isEmpty()) {
            int weakest = -1;
            double weakestP = -1;
            for (int k : accepted.keySet()) {
                int a = Math.max(lowerOrZero(accepted, k), k - settings.window());
                int b = Math.min(higherOrEnd(accepted, k), k + settings.window());
                double p = historyP(a, k, b);
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
            int best = locate(a, b, k);
            if (best != k) {
                accepted.remove(k);
                if (best >= 0) {
                    double p = historyP(a, best, b);
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
     * -1 when that place is among the newest {@value StepTest#SHORT} points, which are the screen's to judge.
     * The Huber loss (squares near the level, absolute values beyond {@code clip} noise units) keeps an outlier
     * from pulling the split, and unlike a test's p-value it does not saturate on a large step, so it tells
     * neighbouring commits apart.
     */
    private int locate(int a, int b, int split) {
        int m = settings.minSegment();
        int from = Math.max(a + m, split - REFINE);
        int to = Math.min(b == n ? n - 1 : b - m, split + REFINE);
        int best = bestSplit(a, b, from, to);
        return best < 0 || n - best < StepTest.SHORT ? -1 : best;
    }

    /** The split of [a, b) among [from, to] with the least Huber loss, or -1 if there is none. */
    private int bestSplit(int a, int b, int from, int to) {
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int j = from; j <= to; j++) {
            double cost = huber(a, j) + huber(j, b);
            if (cost < bestCost) {
                bestCost = cost;
                best = j;
            }
        }
        return best;
    }

    private double huber(int from, int to) {
        double center = Stats.median(y, from, to, scratch);
        double limit = settings.clip() * sigma;
        double cost = 0;
        for (int i = from; i < to; i++) {
            double r = Math.abs(y[i] - center);
            cost += r <= limit ? r * r / 2 : limit * (r - limit / 2);
        }
        return cost;
    }

    // ---- screen on the newest points ---------------------------------------------------------------------

    /**
     * Asks whether the newest points, every one of them, sit at a level the history before them does not
     * explain. Requiring all of them keeps one bad run from ever being a change; the few places looked at keep
     * the test sharp, so a step is reported one or two runs after it lands. The split is placed where two levels
     * fit best, the newest point alone included, so that a step is not named a commit early on a lucky run of
     * noise. The new points must also be further from the baseline than any run of as many consecutive
     * baseline points, so that noise with more structure than the test assumes (modes, bursts) cannot pass.
     */
    private void screen(TreeMap<Integer, Double> found) {
        int last = found.isEmpty() ? 0 : found.lastKey();
        int a = Math.max(last, n - settings.screenLength() - settings.window());
        int k = bestSplit(a, n, Math.max(n - settings.screenLength(), a + SCREEN_BASELINE), n - 1);
        // a best split before the newest point alone: one bad run is never a change, it waits for the next run
        if (k < 0 || n - k < fewestNewPoints()) {
            return;
        }
        int baseline = Math.max(last, k - settings.window());
        StepTest.Result test = test(baseline, k, n);
        if (!test.consistent() || Math.abs(test.effect()) < effectFloor || !beyondBaseline(baseline, k)) {
            return;
        }
        double p = Math.min(1, test.p() * (settings.screenLength() - 1));
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
    private int fewestNewPoints() {
        double limit = settings.clip() * sigma;
        // the newest points are left out: the running median lags behind a step that has just landed
        int counted = Math.max(0, n - settings.screenLength());
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

    /** Is the mean of [k, n) further from the baseline [a, k)'s median than every window of as many baseline points? */
    private boolean beyondBaseline(int a, int k) {
        int width = n - k;
        double center = Stats.median(y, a, k, scratch);
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

    private static int lowerOrZero(TreeMap<Integer, Double> accepted, int k) {
        Integer lower = accepted.lowerKey(k);
        return lower == null ? 0 : lower;
    }

    private int higherOrEnd(TreeMap<Integer, Double> accepted, int k) {
        Integer higher = accepted.higherKey(k);
        return higher == null ? n : higher;
    }

    private record Candidate(int start, int end, int split, double strength) {
    }
}
