package dev.perfwatch.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import dev.perfwatch.statistics.StudentT;

/**
 * Finds the commits where a series changed level: a change-point search over the whole history plus a screen
 * on the newest points (see {@link Analysis}). Stateless and thread-safe. The method and its evaluation are
 * explained in {@code docs/detection.md}.
 */
public final class Detector {

    /** Most commits a reported level is estimated from. */
    private static final int LEVEL_WINDOW = 100;
    /** How many newest commits {@link #detectRecent} analyses, in test windows. */
    private static final int RECENT_WINDOWS = 4;

    /** Fewer commits than this since a series' start or its last change point is a short history. */
    public static final int SHORT_HISTORY = ShortHistory.TOO_SHORT;

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

    /** Change points of the whole series, its noise and its minimal detectable change. */
    public Detection detect(Series series) {
        return detect(Observations.of(series.points(), series.resolution()), series.better());
    }

    /**
     * Change points among the newest commits, as the pipeline asks after each run: the same analysis on the
     * newest {@value #RECENT_WINDOWS} test windows of commits, corrected for the whole series, reporting change
     * points at least one window after the start of that slice (nearer, their level before is cut short). What
     * a new run can change is in there; older change points are the nightly full {@link #detect}'s to revise.
     */
    public Detection detectRecent(Series series) {
        return detectRecent(series, null);
    }

    /**
     * {@link #detectRecent(Series)} given the whole series' observations too, when the caller has them already
     * ({@link Tracker#next}), or null. On the log and asinh scales a commit's value depends on its own runs alone,
     * so the newest commits' observations are the whole series' from the first of them on, to the bit, and are
     * not built again (the profile had a fifth of a detection in building observations, twice); on the linear
     * scale the values are divided by a median of those given, and they are built from the newest points as before.
     */
    Detection detectRecent(Series series, Observations whole) {
        List<Point> points = series.points();
        int keep = RECENT_WINDOWS * settings.window();
        int commits = 0;
        int start = points.size();
        for (int i = points.size() - 1; i >= 0; i--) {
            boolean last = i == points.size() - 1;
            if (!last && points.get(i).index() > points.get(i + 1).index()) {
                // not in commit order after all: let Observations sort it
                Observations all = whole != null ? whole : Observations.of(points, series.resolution());
                return detectRecent(all.tail(Math.max(0, all.size() - keep)), series.better(), all.size());
            }
            if (last || points.get(i).index() != points.get(i + 1).index()) {
                commits++;
                if (commits <= keep) {
                    start = i;
                }
            }
        }
        // start is the newest run of its commit: the tail is the same only when that commit has no other run.
        if (whole != null && (whole.logScale || whole.absolute()) && start < points.size()
                && (start == 0 || points.get(start - 1).index() != points.get(start).index())) {
            return detectRecent(whole.tail(Tracker.position(whole, points.get(start).index())), series.better(),
                commits);
        }
        return detectRecent(Observations.of(points.subList(start, points.size()), series.resolution()), series.better(),
            commits);
    }

    /**
     * A new level among the newest commits of a history too short for the screen since the commit index
     * {@code since} (the series' start, or its last known change point): a request to re-run the commits, never a
     * verdict (see {@link ShortHistory}). Empty when the history since is long enough for {@link #detectRecent}.
     */
    public java.util.Optional<ChangePoint> shortHistory(Series series, int since) {
        Observations all = Observations.of(series.points(), series.resolution());
        int from = 0;
        while (from < all.size() && all.commits[from] < since) {
            from++;
        }
        return ShortHistory.find(all, series.better(), from);
    }

    /**
     * Whether a short history's request stands without re-runs: its levels repeat within the series' resolution (see
     * {@link ShortHistory#repeatable}). Throughput never does; re-runs decide it, or the screen once the history is
     * long enough.
     */
    public static boolean repeatable(Series series, ChangePoint request) {
        return ShortHistory.repeatable(request, series.resolution());
    }

    /** Detection on the newest commits of a series of {@code commits} commits in all. */
    Detection detectRecent(Observations recent, Better better, int commits) {
        if (recent.size() >= commits) {
            return detect(recent, better);
        }
        Analysis analysis = new Analysis(recent.values, settings, commits);
        TreeMap<Integer, Double> found = new TreeMap<>(analysis.changePoints().tailMap(settings.window()));
        return detection(recent, better, analysis, found);
    }

    Detection detect(Observations observations, Better better) {
        Analysis analysis = new Analysis(observations.values, settings, observations.size());
        return detection(observations, better, analysis, analysis.changePoints());
    }

    private Detection detection(Observations observations, Better better, Analysis analysis,
                                TreeMap<Integer, Double> found) {
        List<ChangePoint> changes = describe(observations, better, analysis, found);
        if (observations.absolute()) {
            return absoluteDetection(changes, observations, analysis, found);
        }
        double noise = observations.logScale ? Math.expm1(analysis.sigma) : analysis.sigma;
        return new Detection(changes, noise, minimalDetectableChange(analysis.sigma, observations));
    }

    /**
     * Noise and minimal detectable change of a near-zero metric in its unit, at its newest level: at zero that is
     * "detects ≥ 1 B/op", never a percentage of nothing. Never below the resolution, which is what the values were
     * rounded to.
     */
    private Detection absoluteDetection(List<ChangePoint> changes, Observations observations, Analysis analysis,
                                        TreeMap<Integer, Double> found) {
        int n = observations.size();
        if (n == 0) {
            return new Detection(changes, Double.NaN, Double.NaN, true);
        }
        int[] level = newestLevel(n, found);
        double median = Stats.median(observations.values.clone(), level[0], level[1]);
        double step = minimalStep(analysis.sigma, observations);
        double base = observations.toUnit(median);
        double noise = Math.abs(observations.toUnit(median + analysis.sigma) - base);
        double minimal = Math.abs(observations.toUnit(median + step) - base);
        // A step the analysis has not placed yet (a project's first nights: 0, 0, 0, 64, 64) inflates its sigma, and
        // sinh turns that into millions of bytes. The newest level's own spread (a MAD of its last five values, in
        // the unit) is what a metric this repeatable varies by: the smaller of the two is the noise. Within the newest
        // level, and from consecutive differences too, which one step not placed yet moves by one difference only:
        // 224, 224, 448, 448 is no noise of 120 B/op (that read "detects ≥ 1,310 B/op" beside the alert of the step
        // the runners had just confirmed, and the changes view judged the step "within noise").
        double levelNoise = Math.min(levelSpread(observations, level[0], level[1]),
                differenceSpread(observations, level[0], level[1]));
        if (levelNoise < noise) {
            noise = levelNoise;
            minimal = Math.min(minimal, LEVEL_STEPS * levelNoise);
        }
        return new Detection(changes, noise, Math.max(observations.resolution, minimal), true);
    }

    /** How many of a level's own standard deviations a step must be to be found within three runs (≈ t + z). */
    private static final double LEVEL_STEPS = 5;

    /**
     * The newest five values of the newest level, as [from, to): after the last change point found when at least two
     * values lie after it, else before it (a step at the newest value has one value of its level yet, and the level
     * before tells how repeatable the series is).
     */
    private static int[] newestLevel(int n, TreeMap<Integer, Double> found) {
        int from = 0;
        int to = n;
        Integer last = found.isEmpty() ? null : found.lastKey();
        if (last != null && last > 0 && last < n) {
            if (n - last >= 2) {
                from = last;
            }
            else {
                Integer before = found.lowerKey(last);
                from = before == null ? 0 : before;
                to = last;
            }
        }
        return new int[] { Math.max(from, to - 5), to };
    }

    /** 1.4826 × the median absolute deviation of the values [from, to) in the unit: a robust standard deviation. */
    private static double levelSpread(Observations observations, int from, int n) {
        double[] unit = new double[n - from];
        for (int i = 0; i < unit.length; i++) {
            unit[i] = observations.toUnit(observations.values[from + i]);
        }
        double median = Stats.median(unit.clone(), 0, unit.length);
        for (int i = 0; i < unit.length; i++) {
            unit[i] = Math.abs(unit[i] - median);
        }
        return 1.4826 * Stats.median(unit, 0, unit.length);
    }

    /**
     * 1.4826 / √2 × the median absolute difference of consecutive values [from, to) in the unit: a robust standard
     * deviation that a single step moves by one difference. Infinite with fewer than two values.
     */
    private static double differenceSpread(Observations observations, int from, int to) {
        if (to - from < 2) {
            return Double.POSITIVE_INFINITY;
        }
        double[] differences = new double[to - from - 1];
        for (int i = 0; i < differences.length; i++) {
            differences[i] = Math.abs(observations.toUnit(observations.values[from + i + 1])
                    - observations.toUnit(observations.values[from + i]));
        }
        return 1.4826 / Math.sqrt(2) * Stats.median(differences, 0, differences.length);
    }

    private List<ChangePoint> describe(Observations observations, Better better, Analysis analysis,
                                       TreeMap<Integer, Double> found) {
        int n = observations.size();
        Integer[] keys = found.keySet().toArray(new Integer[0]);
        List<ChangePoint> changes = new ArrayList<>(keys.length);
        for (int i = 0; i < keys.length; i++) {
            int k = keys[i];
            int a = Math.max(i == 0 ? 0 : keys[i - 1], k - LEVEL_WINDOW);
            int b = Math.min(i == keys.length - 1 ? n : keys[i + 1], k + LEVEL_WINDOW);
            Estimate before = estimate(observations.values, analysis, a, k, Double.NaN);
            Estimate after = estimate(observations.values, analysis, k, b, Double.NaN);
            // A short side's level is a median that leans toward the other side (estimate): each in turn.
            if (k - a < StepTest.SHORT) {
                before = estimate(observations.values, analysis, a, k, after.mean);
            }
            if (b - k < StepTest.SHORT) {
                after = estimate(observations.values, analysis, k, b, before.mean);
            }
            double magnitude = observations.relativeChange(before.mean, after.mean);
            // From zero there is no relative change, only the sign of the difference.
            double sign = Double.isNaN(magnitude) ? after.mean - before.mean : magnitude;
            changes.add(new ChangePoint(observations.commits[k], Direction.of(sign, better), magnitude,
                1 - found.get(k), before.level(observations), after.level(observations)));
        }
        return changes;
    }

    /**
     * Level and 95% interval of [from, to): the mean of the clipped values, or for a segment shorter than
     * {@link StepTest#SHORT} (not clipped: the running median lags a step at the end) the median of its raw values,
     * of an even count's two middle values the one nearer {@code other} (the level on the other side, NaN when not
     * known yet): the level every point but a spike supports. The mean of a short segment took a spike in: Groovy's
     * ClosurePackBench.sum_mono read "+87%" from 2,746 to 5,128 ops/ms, the mean of 4,429 and a spike of 5,938, where
     * the medians moved +52%; now "+61%", to 4,429. The interval's spread is still the segment's own.
     */
    private static Estimate estimate(double[] y, Analysis analysis, int from, int to, double other) {
        int count = to - from;
        double[] values = count < StepTest.SHORT ? y : analysis.clipped;
        double mean = count < StepTest.SHORT ? leaningMedian(y, from, to, other) : Stats.mean(values, from, to);
        double df = (count - 1) + StepTest.PRIOR_DF;
        double variance = ((count - 1) * Stats.variance(values, from, to)
            + StepTest.PRIOR_DF * analysis.sigma * analysis.sigma) / df;
        return new Estimate(mean, StudentT.quantile(0.975, df) * Math.sqrt(variance / count), count);
    }

    /** The median of [from, to); of an even count's two middle values, the one nearer {@code other} (if a number). */
    static double leaningMedian(double[] y, int from, int to, double other) {
        double[] sorted = java.util.Arrays.copyOfRange(y, from, to);
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        if (n % 2 == 1) {
            return sorted[n / 2];
        }
        double lower = sorted[n / 2 - 1];
        double upper = sorted[n / 2];
        if (Double.isNaN(other)) {
            return (lower + upper) / 2;
        }
        return Math.abs(lower - other) <= Math.abs(upper - other) ? lower : upper;
    }

    private record Estimate(double mean, double half, int count) {

        Level level(Observations observations) {
            return new Level(observations.toUnit(mean), observations.toUnit(mean - half),
                observations.toUnit(mean + half), count);
        }
    }

    /**
     * The smallest step the screen reports with 80% probability once three runs sit at the new level, against
     * a full window of history, given the series' noise.
     */
    private double minimalDetectableChange(double sigma, Observations observations) {
        double step = minimalStep(sigma, observations);
        return observations.logScale ? Math.expm1(step) : step;
    }

    /** {@link #minimalDetectableChange} on the working scale. */
    private double minimalStep(double sigma, Observations observations) {
        int baseline = Math.max(Screen.BASELINE, Math.min(settings.window(), observations.size() - 3));
        double df = baseline - 1 + StepTest.PRIOR_DF;
        double critical = StudentT.quantile(1 - settings.screenAlpha() / (settings.screenLength() - 1) / 2, df);
        double step = (critical + Stats.normalQuantile(0.8)) * sigma * Math.sqrt(1.0 / 3 + 1.0 / baseline);
        return Math.max(step, Math.log1p(settings.minEffect()));
    }
}
