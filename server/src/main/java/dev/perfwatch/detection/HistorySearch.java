package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The history search: places change points at the exact commit over the whole series. Seeded binary segmentation
 * (overlapping intervals at every scale up to twice the test window, each proposing its best CUSUM split on the
 * clipped series), strongest candidates first, each placed by a Huber loss and accepted when {@link StepTest}
 * passes with a Bonferroni correction for every commit searched; then a pass that drops those whose test fails
 * once their neighbours are known. The newest {@value StepTest#SHORT} commits are the {@link Screen}'s.
 */
final class HistorySearch {

    /** Candidates weaker than this many noise units cannot pass the gate; skipping them saves the tests. */
    private static final double PREFILTER = 3.0;
    /** How far placing a candidate may move it from its CUSUM split. */
    private static final int REFINE = 2;
    /** Share of a window's difference a narrower window must keep to be a staircase of steps, not a drift. */
    private static final double STAIRCASE = 0.75;

    private final Analysis analysis;
    private final DetectorSettings settings;
    private final int n;
    private final double sigma;
    private final double[] clipped;
    /**
     * What {@link #locate} and {@link #historyP} answered, by their arguments: both depend on nothing else, and the
     * candidates of overlapping windows at every scale mostly share their splits, so the greedy pass asked the same
     * question again and again (as did the pruning for every change point that stayed). Keys are
     * {@link #key(int, int, int)}.
     */
    private final java.util.HashMap<Long, Integer> located = new java.util.HashMap<>();
    private final java.util.HashMap<Long, Double> tested = new java.util.HashMap<>();

    HistorySearch(Analysis analysis) {
        this.analysis = analysis;
        this.settings = analysis.settings;
        this.n = analysis.n;
        this.sigma = analysis.sigma;
        this.clipped = analysis.clipped;
    }

    TreeMap<Integer, Double> run() {
        int m = settings.minSegment();
        double[] prefix = new double[n + 1];
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] + clipped[i];
        }
        List<Candidate> candidates = new ArrayList<>(n + 32); // about n windows over all scales
        double floor = PREFILTER * sigma;
        for (int length = Math.min(n, 2 * settings.window()); length >= 2 * m;
             length = (int) Math.floor(length / Math.sqrt(2))) {
            int shift = Math.max(1, length / 2);
            double[] weights = weights(length, m);
            int start = 0;
            for (; start + length <= n; start += shift) {
                addBest(candidates, prefix, start, start + length, m, floor, weights);
            }
            if (start - shift + length < n) {
                addBest(candidates, prefix, n - length, n, m, floor, weights);
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

    /**
     * {@code sqrt(left * right / length)} for every split of a window of {@code length} with {@code left} points
     * before it: the same for every window of that length, so computed once per length rather than once per split
     * of every window (a sixth of a detection), and the same doubles as computed in place; kept for every search.
     */
    private static double[] weights(int length, int m) {
        long key = (long) length << 32 | m;
        double[] known = WEIGHTS.get(key);
        if (known == null) {
            known = computeWeights(length, m);
            WEIGHTS.putIfAbsent(key, known);
        }
        return known;
    }

    /**
     * {@link #weights} by window length and minimal segment, never written to once made: a series searches the same
     * eight lengths as every other one longer than two windows, and computing them anew was 7% of a detection.
     */
    private static final java.util.concurrent.ConcurrentHashMap<Long, double[]> WEIGHTS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static double[] computeWeights(int length, int m) {
        double[] weights = new double[length + 1];
        for (int left = m; left <= length - m; left++) {
            int right = length - left;
            weights[left] = Math.sqrt((double) left * right / length);
        }
        return weights;
    }

    private static void addBest(List<Candidate> candidates, double[] prefix, int start, int end, int m,
                                double floor, double[] weights) {
        double total = prefix[end] - prefix[start];
        double best = -1;
        int split = -1;
        for (int k = start + m; k <= end - m; k++) {
            int left = k - start;
            int right = end - k;
            double leftSum = prefix[k] - prefix[start];
            double difference = (total - leftSum) / right - leftSum / left;
            double strength = Math.abs(difference) * weights[left];
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
        long key = key(a, k, b);
        Double known = tested.get(key);
        if (known != null) {
            return known;
        }
        double p = testedP(a, k, b);
        tested.put(key, p);
        return p;
    }

    /** Three positions among the n + 1 of the series as one number. */
    private long key(int first, int second, int third) {
        return ((long) first * (n + 1) + second) * (n + 1) + third;
    }

    private double testedP(int a, int k, int b) {
        StepTest.Result test = analysis.test(a, k, b);
        int half = settings.window() / 2;
        if (test.trend() && (k - a > half || b - k > half)) {
            StepTest.Result narrow = analysis.test(Math.max(a, k - half), k, Math.min(b, k + half));
            // a staircase keeps its step in the narrow window, a drift halves it
            if (narrow.difference() * Math.signum(test.difference()) < STAIRCASE * Math.abs(test.difference())) {
                return 1;
            }
            test = narrow;
        }
        if (!test.consistent() || Math.abs(test.effect()) < analysis.effectFloor) {
            return 1;
        }
        return Math.min(1, test.p() * analysis.searched);
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
        long key = key(a, split, b);
        Integer known = located.get(key);
        if (known != null) {
            return known;
        }
        int best = placed(a, b, split);
        located.put(key, best);
        return best;
    }

    private int placed(int a, int b, int split) {
        int m = settings.minSegment();
        int from = Math.max(a + m, split - REFINE);
        int to = Math.min(b == n ? n - 1 : b - m, split + REFINE);
        int best = analysis.bestSplit(a, b, from, to);
        return best < 0 || n - best < StepTest.SHORT ? -1 : best;
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
