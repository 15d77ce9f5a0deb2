package dev.perfwatch.detection;

import java.util.TreeMap;

/**
 * One detection on one series of per-commit values: what the {@link HistorySearch} and the {@link Screen} share —
 * the noise scale, the wander, the series clipped around its running median, the test and the Huber placement.
 * A new instance per call; {@link Detector} is the entry point.
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
    /**
     * Noise units the running median must move by between two commits for the wander to leave out the blocks
     * around them: far beyond what noise moves a median of 7 by (under 2 units), and beyond a slow cycle's step.
     */
    private static final double JUMP = 10;

    final DetectorSettings settings;
    final double[] y;
    final int n;
    /** Running median of 7: follows steps and trends, not spikes. */
    final double[] median;
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
    /** The smallest reportable change on the working scale (log scale, so ln(1 + minEffect)). */
    final double effectFloor;
    /** Reused by every median of this analysis. */
    final double[] scratch;

    /** How many commits the history search is corrected for: the whole series, even when given only its tail. */
    final int searched;

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
        TreeMap<Integer, Double> found = n >= 2 * settings.minSegment()
            ? new HistorySearch(this).run() : new TreeMap<>();
        new Screen(this).apply(found);
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
        int[] jumps = jumps();
        int total = n - 3 * h + 1;
        double[] differences = new double[total];
        double[] clean = new double[total];
        int count = 0;
        int next = 0;
        for (int j = h; j <= n - 2 * h; j++) {
            double before = prefix[j] - prefix[j - h];
            double middle = prefix[j + h] - prefix[j];
            double after = prefix[j + 2 * h] - prefix[j + h];
            differences[j - h] = Math.abs(after - 2 * middle + before) / h;
            while (next < jumps.length && jumps[next] <= j - h) {
                next++;
            }
            if (next >= jumps.length || jumps[next] >= j + 2 * h) {
                clean[count++] = differences[j - h];
            }
        }
        // The median leaves the places where the series steps out while they are fewer than half. Where big steps
        // come every 20 commits or so, every place is one, and the median is the steps' (risc0's fib/100/run, four
        // steps of 3-5x in 70 commits with 2% noise, read a wander of 90, and then no step at all): then only the
        // blocks that hold no jump tell the wander, and with too few of those the steps explain the series.
        double spread;
        if (2 * count >= total) {
            spread = MAD_TO_SIGMA * Stats.median(differences, 0, total, scratch);
        }
        else if (count >= h) {
            spread = MAD_TO_SIGMA * Stats.median(clean, 0, count, scratch);
        }
        else {
            return 1;
        }
        return Math.max(1, spread / (sigma * Math.sqrt(6.0 / h)));
    }

    /**
     * The commits i where the running median moves by more than {@value #JUMP} noise units from i - 1: a step that
     * no wander explains (a slow cycle moves the running median a little each commit; a step moves it whole at
     * once). Increasing.
     */
    private int[] jumps() {
        int[] jumps = new int[n];
        int count = 0;
        double limit = JUMP * sigma;
        for (int i = 1; i < n; i++) {
            if (Math.abs(median[i] - median[i - 1]) > limit) {
                jumps[count++] = i;
            }
        }
        return java.util.Arrays.copyOf(jumps, count);
    }

    /**
     * The median of y[i - 3, i + 3] for every i: the window kept sorted as it slides, one value out and one in per
     * step, rather than sorted anew for each point (a tenth of a run's detection); the same medians to the bit.
     */
    static double[] runningMedian(double[] y) {
        int n = y.length;
        double[] median = new double[n];
        double[] window = new double[2 * HALF_WINDOW + 1];
        int size = 0;
        int from = 0;
        int to = 0;
        for (int i = 0; i < n; i++) {
            for (; from < i - HALF_WINDOW; from++) {
                size = Stats.remove(window, size, y[from]);
            }
            for (; to < Math.min(n, i + HALF_WINDOW + 1); to++) {
                size = Stats.insert(window, size, y[to]);
            }
            median[i] = Stats.sortedMedian(window, size);
        }
        return median;
    }

    StepTest.Result test(int a, int k, int b) {
        return StepTest.run(y, clipped, a, k, b, sigma, wander);
    }

    /**
     * The split of [a, b) among [from, to] with the least Huber loss, or -1 if there is none. Each side's median
     * comes from that side kept sorted as the split moves, one value from the right to the left per step, rather
     * than selected anew from a copy for every split (the largest single cost of a detection); the same medians, so
     * the same costs and split, to the bit.
     */
    int bestSplit(int a, int b, int from, int to) {
        if (from > to) {
            return -1;
        }
        double[] left = java.util.Arrays.copyOfRange(y, a, to);
        double[] right = java.util.Arrays.copyOfRange(y, from, b);
        int leftSize = from - a;
        int rightSize = b - from;
        java.util.Arrays.sort(left, 0, leftSize);
        java.util.Arrays.sort(right);
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int j = from; j <= to; j++) {
            if (j > from) {
                leftSize = Stats.insert(left, leftSize, y[j - 1]);
                rightSize = Stats.remove(right, rightSize, y[j - 1]);
            }
            double cost = huber(a, j, Stats.sortedMedian(left, leftSize))
                    + huber(j, b, Stats.sortedMedian(right, rightSize));
            if (cost < bestCost) {
                bestCost = cost;
                best = j;
            }
        }
        return best;
    }

    /** The Huber loss of [from, to) around its median {@code center}, summed in index order. */
    private double huber(int from, int to, double center) {
        double limit = settings.clip() * sigma;
        double cost = 0;
        for (int i = from; i < to; i++) {
            double r = Math.abs(y[i] - center);
            cost += r <= limit ? r * r / 2 : limit * (r - limit / 2);
        }
        return cost;
    }
}
