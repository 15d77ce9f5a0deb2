package dev.perfwatch.detection;

import java.util.TreeMap;

/**
 * The screen on the newest points, run after every run: does the series sit at a new level since one of its
 * newest {@code screenLength} commits? Fast (few places looked at, so a sharp test) and careful about bad runs.
 */
final class Screen {

    /** Fewest commits the screen needs before the newest points to call them a new level. */
    static final int BASELINE = 5;
    /** Largest acceptable chance, per point, that consecutive bad runs fill the screen's new points. */
    private static final double OUTLIER_RUNS = 1e-4;
    /** P(|N(0, 1)| > 3): how often a clean series has a point beyond the clip. */
    private static final double GAUSSIAN_OUTLIER_RATE = 0.0027;
    /** Pseudo-points of the Gaussian rate in the outlier-rate estimate, so short histories are not penalised. */
    private static final double OUTLIER_PRIOR = 100;

    private final Analysis analysis;
    private final DetectorSettings settings;
    private final double[] y;
    private final int n;
    private final double sigma;
    private final double[] median;

    Screen(Analysis analysis) {
        this.analysis = analysis;
        this.settings = analysis.settings;
        this.y = analysis.y;
        this.n = analysis.n;
        this.sigma = analysis.sigma;
        this.median = analysis.median;
    }

    /**
     * Asks whether the newest points, every one of them, sit at a level the history before them does not
     * explain. Requiring all of them keeps one bad run from ever being a change; the few places looked at keep
     * the test sharp, so a step is reported one or two runs after it lands. The split is placed where two levels
     * fit best, the newest point alone included, so that a step is not named a commit early on a lucky run of
     * noise. The new points must also be further from the baseline than any run of as many consecutive
     * baseline points, so that noise with more structure than the test assumes (modes, bursts) cannot pass.
     */
    void apply(TreeMap<Integer, Double> found) {
        int last = found.isEmpty() ? 0 : found.lastKey();
        int a = Math.max(last, n - settings.screenLength() - settings.window());
        int k = analysis.bestSplit(a, n, Math.max(n - settings.screenLength(), a + BASELINE), n - 1);
        // a best split before the newest point alone: one bad run is never a change, it waits for the next run
        if (k < 0 || n - k < fewestNewPoints()) {
            return;
        }
        int baseline = Math.max(last, k - settings.window());
        StepTest.Result test = analysis.test(baseline, k, n);
        if (!test.consistent() || Math.abs(test.effect()) < analysis.effectFloor || !beyondBaseline(baseline, k)) {
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
        double center = Stats.median(y, a, k, analysis.scratch);
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
}
