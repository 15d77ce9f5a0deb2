package dev.perfwatch.detection;

import java.util.Arrays;
import dev.perfwatch.statistics.StudentT;

/**
 * The confirmation test: are two commits' fork means different? Welch's t-test on the logarithms (changes are
 * multiplicative, and one slow fork should not look like a step), with a 95% interval of the ratio. Used by the
 * pipeline to confirm a suspected change and to bisect a range; see docs/pipeline.md.
 *
 * @param change the ratio of the geometric means minus 1 (after / before - 1)
 * @param lower lower end of the 95% interval of {@code change}
 * @param upper upper end of the 95% interval of {@code change}
 * @param p two-sided p-value of "no difference"
 * @param before geometric mean of {@code before}
 * @param after geometric mean of {@code after}
 */
public record Comparison(double change, double lower, double upper, double p, double before, double after,
        int beforeCount, int afterCount) {

    /** Compares fork means of the commit before with those of the commit after; needs two or more of each. */
    public static Comparison of(double[] before, double[] after) {
        if (before.length < 2 || after.length < 2) {
            throw new IllegalArgumentException("a comparison needs two or more forks of each commit, had "
                    + before.length + " and " + after.length);
        }
        boolean positive = Arrays.stream(before).allMatch(v -> v > 0) && Arrays.stream(after).allMatch(v -> v > 0);
        double[] a = positive ? Arrays.stream(before).map(Math::log).toArray() : before.clone();
        double[] b = positive ? Arrays.stream(after).map(Math::log).toArray() : after.clone();
        double meanA = Stats.mean(a, 0, a.length);
        double meanB = Stats.mean(b, 0, b.length);
        // A floor on the variance: exactly repeatable metrics (bytes per operation) must not make rounding a change.
        double floor = positive ? 1e-8 : 1e-8 * Math.max(1e-12, Math.abs(meanA) * Math.abs(meanA));
        double va = Math.max(Stats.variance(a, 0, a.length), floor) / a.length;
        double vb = Math.max(Stats.variance(b, 0, b.length), floor) / b.length;
        double se = Math.sqrt(va + vb);
        double df = (va + vb) * (va + vb)
                / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double diff = meanB - meanA;
        double p = StudentT.twoSidedP(diff / se, df);
        double margin = StudentT.quantile(0.975, df) * se;
        if (positive) {
            return new Comparison(Math.exp(diff) - 1, Math.exp(diff - margin) - 1, Math.exp(diff + margin) - 1, p,
                    Math.exp(meanA), Math.exp(meanB), a.length, b.length);
        }
        double scale = meanA == 0 ? 1 : Math.abs(meanA);
        return new Comparison(diff / scale, (diff - margin) / scale, (diff + margin) / scale, p, meanA, meanB,
                a.length, b.length);
    }
}
