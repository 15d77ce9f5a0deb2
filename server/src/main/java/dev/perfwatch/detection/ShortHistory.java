package dev.perfwatch.detection;

import java.util.Optional;

/**
 * A new level on a history too short for the screen's test (fewer than {@value #TOO_SHORT} commits since the series
 * began or since its last change point): the first nights of a project, or the nights right after a change. The
 * detector cannot decide here; it names the commit and the pipeline asks the runners, re-running the commit and the
 * one before it interleaved, whose forks decide (docs/pipeline.md, "Short histories").
 *
 * <p>The rule is deliberately plain, because the re-runs are the test, but each request costs the runners a round:
 * at least two commits before and two at the new level (one bad run is never a change), every new point past every
 * old one by twice the larger spread of either level, and a step of at least {@value #SMALLEST} (relative) — for a
 * metric with a resolution also at least that resolution in its unit. An exactly repeatable metric (allocation,
 * none then 64 B/op) passes on its first two runs; noise of a few percent on three to six points does not.
 */
final class ShortHistory {

    /** From this many commits since the last change on, the screen's test decides. */
    static final int TOO_SHORT = Screen.BASELINE + 2;

    /** The smallest step asked about: below it, a few noisy points say nothing worth a round of re-runs. */
    static final double SMALLEST = 0.05;

    /** Fewest commits on each side. */
    private static final int SIDE = 2;

    private ShortHistory() {
    }

    /** The newest split of [from, n) that passes the rule, as a change point of unknown confidence (0). */
    static Optional<ChangePoint> find(Observations o, Better better, int from) {
        int n = o.size();
        double effectFloor = Math.log1p(SMALLEST);
        if (n - from < 2 * SIDE || n - from >= TOO_SHORT) {
            return Optional.empty();
        }
        double[] y = o.values;
        ChangePoint best = null;
        double bestRatio = 0;
        for (int k = from + SIDE; k <= n - SIDE; k++) {
            double oldMin = min(y, from, k);
            double oldMax = max(y, from, k);
            double newMin = min(y, k, n);
            double newMax = max(y, k, n);
            double gap = Math.max(newMin - oldMax, oldMin - newMax);
            double spread = Math.max(oldMax - oldMin, newMax - newMin);
            double before = Stats.mean(y, from, k);
            double after = Stats.mean(y, k, n);
            if (!(gap > 2 * spread) || Math.abs(after - before) < effectFloor) {
                continue;
            }
            double unitBefore = o.toUnit(before);
            double unitAfter = o.toUnit(after);
            if (o.absolute() && Math.abs(unitAfter - unitBefore) < o.resolution) {
                continue;
            }
            double ratio = spread == 0 ? Double.MAX_VALUE : gap / spread;
            if (best == null || ratio > bestRatio) {
                double magnitude = o.relativeChange(before, after);
                double sign = Double.isNaN(magnitude) ? after - before : magnitude;
                best = new ChangePoint(o.commits[k], Direction.of(sign, better), magnitude, 0,
                    new Level(unitBefore, o.toUnit(oldMin), o.toUnit(oldMax), k - from),
                    new Level(unitAfter, o.toUnit(newMin), o.toUnit(newMax), n - k));
                bestRatio = ratio;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Whether a request's two levels each repeat within the metric's resolution (allocation: none, none, none, then
     * 64, 64 B/op): what re-runs of its two commits would measure again, so it stands as a change where nobody can
     * re-run them. A request's levels keep their lowest and highest value as lower and upper ({@link #find}).
     */
    static boolean repeatable(ChangePoint request, double resolution) {
        return resolution > 0 && request.before().upper() - request.before().lower() < resolution
                && request.after().upper() - request.after().lower() < resolution;
    }

    /**
     * Commits at the new level a request needs to stand as a change on the detector's word alone, where nobody can
     * re-run its commits. Two are enough to ask the runners (a round of re-runs is cheap); as a verdict they are not:
     * on a short history of noise of 3-10% two new points pass the rule in 2.4-4.9% of series, three in 0.5-1.0%, while a
     * clear step (+20% at 1% noise, +50% at 3%) still passes with three (docs/pipeline.md, "Short histories ask the
     * runners").
     */
    static final int SETTLED = 3;

    /**
     * Whether a request stands as a change without re-runs: its levels repeat exactly ({@link #repeatable}), or the
     * new level has held {@value #SETTLED} commits.
     */
    static boolean standsUnconfirmed(ChangePoint request, double resolution) {
        return repeatable(request, resolution) || request.after().points() >= SETTLED;
    }

    /** What a request rests on, for the reason of a change point decided without re-runs. */
    static String describe(ChangePoint request) {
        return "short history: " + request.before().points() + " commits before it, " + request.after().points()
                + " at the new level, each level apart from the other by more than twice its spread";
    }

    private static double min(double[] y, int from, int to) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = from; i < to; i++) {
            m = Math.min(m, y[i]);
        }
        return m;
    }

    private static double max(double[] y, int from, int to) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = from; i < to; i++) {
            m = Math.max(m, y[i]);
        }
        return m;
    }
}
