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
        double largest = 0;
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] + clipped[i];
            largest = Math.max(largest, Math.abs(prefix[i + 1]));
        }
        List<Candidate> candidates = new ArrayList<>(n + 32); // about n windows over all scales
        double floor = PREFILTER * sigma;
        double[] scanned = new double[Math.min(n, 2 * settings.window()) + 1];
        for (int length = Math.min(n, 2 * settings.window()); length >= 2 * m;
             length = (int) Math.floor(length / Math.sqrt(2))) {
            int shift = Math.max(1, length / 2);
            Scan scan = scan(length, m);
            double margin = margin(largest, length);
            int start = 0;
            for (; start + length <= n; start += shift) {
                addBest(candidates, prefix, start, start + length, m, floor, scan, margin, scanned);
            }
            if (start - shift + length < n) {
                addBest(candidates, prefix, n - length, n, m, floor, scan, margin, scanned);
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
     * Bounds how far a rough strength ({@link Scan#rough}) may be from the exact one, in units of
     * {@code 2 × max |prefix sum| × sqrt(length)}. Both are computed from the same two sums, each at most that first
     * factor: the exact one's subtraction, two divisions and difference are off by at most 9 units in the last place
     * of it, times a weight of at most sqrt(length) / 2, the rough one's products and difference by at most 15 units;
     * with the weights' own rounding, under 24 units in the last place (2.7e-15) together. 1e-12 leaves a factor of
     * about 400.
     */
    private static final double ROUNDING = 1e-12;

    /** What the rough strengths of a window of {@code length} may be off by, {@code largest} the largest prefix sum. */
    static double margin(double largest, int length) {
        return ROUNDING * 2 * largest * Math.sqrt(length);
    }

    /**
     * The best CUSUM split of the window [start, end), added as a candidate when it reaches the floor: the split
     * whose {@code |mean after - mean before| × sqrt(left × right / length)} is largest, the first of equals. The
     * exact strength takes two divisions per split, the largest single cost of a search; the rough one
     * ({@code |total × left - leftSum × length| / sqrt(length × left × right)}, the same quantity) takes none. So
     * every split is scanned roughly, and only the splits whose rough strength comes within twice the margin of the
     * best rough one are computed exactly, in order: every split that can be the exact best is among them, so the
     * candidate is the one the exact scan of every split finds, to the bit. A window whose best rough strength is
     * short of the floor by more than the margin cannot reach it, and is left at that.
     */
    static void addBest(List<Candidate> candidates, double[] prefix, int start, int end, int m,
                                double floor, Scan scan, double margin, double[] scanned) {
        double total = prefix[end] - prefix[start];
        int length = end - start;
        double roughBest = -1;
        for (int k = start + m; k <= end - m; k++) {
            int left = k - start;
            double leftSum = prefix[k] - prefix[start];
            double strength = Math.abs(total * left - leftSum * length) * scan.rough[left];
            scanned[left] = strength;
            roughBest = Math.max(roughBest, strength);
        }
        if (!(margin < Double.POSITIVE_INFINITY) || !(roughBest >= 0)) {
            addExact(candidates, prefix, start, end, m, floor, scan.weights); // a sum too large to bound: no shortcut
            return;
        }
        if (roughBest + margin < floor) {
            return;
        }
        double threshold = roughBest - 2 * margin;
        double best = -1;
        int split = -1;
        for (int k = start + m; k <= end - m; k++) {
            int left = k - start;
            if (scanned[left] < threshold) {
                continue;
            }
            double strength = strength(prefix, start, end, k, total, scan.weights);
            if (strength > best) {
                best = strength;
                split = k;
            }
        }
        if (split >= 0 && best >= floor) {
            candidates.add(new Candidate(start, end, split, best));
        }
    }

    /** Every split of the window computed exactly: what {@link #addBest} finds, without its shortcut. */
    static void addExact(List<Candidate> candidates, double[] prefix, int start, int end, int m, double floor,
                         double[] weights) {
        double total = prefix[end] - prefix[start];
        double best = -1;
        int split = -1;
        for (int k = start + m; k <= end - m; k++) {
            double strength = strength(prefix, start, end, k, total, weights);
            if (strength > best) {
                best = strength;
                split = k;
            }
        }
        if (split >= 0 && best >= floor) {
            candidates.add(new Candidate(start, end, split, best));
        }
    }

    /** The exact strength of the split k of [start, end): the number candidates are ordered by. */
    private static double strength(double[] prefix, int start, int end, int k, double total, double[] weights) {
        int left = k - start;
        int right = end - k;
        double leftSum = prefix[k] - prefix[start];
        double difference = (total - leftSum) / right - leftSum / left;
        return Math.abs(difference) * weights[left];
    }

    /** Both scans' factors for a window of {@code length}, by the points before the split. */
    record Scan(double[] weights, double[] rough) {
    }

    /**
     * The factors of every split of a window of {@code length}: {@code sqrt(left * right / length)} (the same
     * doubles as computed in place) and {@code 1 / sqrt(length * left * right)}; the same for every window of that
     * length, so computed once per length and minimal segment and kept for every search (a series searches the same
     * eight lengths as every other one longer than two windows, and computing them anew was 7% of a detection).
     */
    static Scan scan(int length, int m) {
        long key = (long) length << 32 | m;
        Scan known = SCANS.get(key);
        if (known == null) {
            double[] weights = new double[length + 1];
            double[] rough = new double[length + 1];
            for (int left = m; left <= length - m; left++) {
                int right = length - left;
                weights[left] = Math.sqrt((double) left * right / length);
                rough[left] = 1 / Math.sqrt((double) length * left * right);
            }
            known = new Scan(weights, rough);
            SCANS.putIfAbsent(key, known);
        }
        return known;
    }

    /** {@link #scan} by window length and minimal segment, never written to once made. */
    private static final java.util.concurrent.ConcurrentHashMap<Long, Scan> SCANS =
            new java.util.concurrent.ConcurrentHashMap<>();

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

    record Candidate(int start, int end, int split, double strength) {
    }
}
