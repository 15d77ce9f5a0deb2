package dev.perfwatch.detection;

import dev.perfwatch.statistics.StudentT;

/**
 * The test behind every decision: is there a step at k between the windows [a, k) and [k, b)? A two-sample
 * t-test made robust three ways. Long segments use the series clipped around its running median, so outliers
 * weigh little and a trend is not flattened; a segment shorter than {@value #SHORT} must be consistent, every
 * point past the midpoint between the two levels, so one outlier cannot make a short segment; and unless a step
 * fits the window clearly better than a straight line, the step must also stand out from the common trend, so
 * that a slow drift is not a step. The variance pools both segments with the series' noise as a prior worth
 * {@value #PRIOR_DF} degrees of freedom, scaled up when the series wanders more than its noise explains.
 */
final class StepTest {

    /** Segments shorter than this use raw values and must be consistent. */
    static final int SHORT = 5;
    /** Weight, in degrees of freedom, of the series-wide noise scale in each local variance estimate. */
    static final double PRIOR_DF = 10;
    /**
     * How much better, in noise variances of residual sum of squares, a step must fit a window than a straight
     * line for the test to ignore a possible trend. The split was chosen where a step fits best, so a mere
     * "better" would let noise on a drift pass for a step.
     */
    private static final double LINE_MARGIN = 9;

    /**
     * @param difference the difference of the two levels
     * @param effect the size of the step: the difference, or the step around the trend when the window may drift
     * @param p two-sided p-value, uncorrected
     * @param consistent whether every point of a short segment is past the midpoint between the levels
     * @param trend whether a possible drift weakened the evidence: the window may hold a staircase of steps
     *     rather than a drift, and a narrower one can tell
     */
    record Result(double difference, double effect, double p, boolean consistent, boolean trend) {
    }

    private StepTest() {
    }

    static Result run(double[] y, double[] clipped, int a, int k, int b, double sigma, double wander) {
        int n = b - a;
        int nl = k - a;
        int nr = b - k;
        // sums for the regression on [1, step, slope], with the slope's time origin at the split
        double sumS = 0;
        double sumT = 0;
        double sumTT = 0;
        double sumST = 0;
        double sumV = 0;
        double sumSV = 0;
        double sumTV = 0;
        double sumVV = 0;
        for (int i = a; i < b; i++) {
            boolean right = i >= k;
            double v = (right ? nr : nl) < SHORT ? y[i] : clipped[i];
            double s = right ? 1 : 0;
            double t = i - k + 0.5;
            sumS += s;
            sumT += t;
            sumTT += t * t;
            sumST += s * t;
            sumV += v;
            sumSV += s * v;
            sumTV += t * v;
            sumVV += v * v;
        }
        double meanL = (sumV - sumSV) / nl;
        double meanR = sumSV / nr;
        double difference = meanR - meanL;
        double rss = Math.max(0, sumVV - nl * meanL * meanL - nr * meanR * meanR);
        // the variance is scaled by the wander factor, not its square: a half-way correction (see docs/detection.md)
        double inflation = wander;
        double variance = inflation * (rss + PRIOR_DF * sigma * sigma) / (n - 2 + PRIOR_DF);
        double p = StudentT.twoSidedP(difference / Math.sqrt(variance * (1.0 / nl + 1.0 / nr)), n - 2 + PRIOR_DF);
        boolean trend = false;
        double effect = difference;
        if (n >= 8) {
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
                double trendVariance = inflation * (trendRss + PRIOR_DF * sigma * sigma) / (n - 3 + PRIOR_DF);
                double trendP = StudentT.twoSidedP(beta[1] / Math.sqrt(trendVariance * inverse[1][1]),
                    n - 3 + PRIOR_DF);
                // the trend can only take evidence away, never add it
                double withTrend = Math.signum(beta[1]) == Math.signum(difference) ? Math.max(p, trendP) : 1;
                trend = withTrend > p;
                p = withTrend;
                effect = Math.abs(beta[1]) < Math.abs(difference) ? beta[1] : difference;
            }
        }
        boolean consistent = (nl >= SHORT || allPast(y, a, k, meanL + difference / 2, -difference))
            && (nr >= SHORT || allPast(y, k, b, meanR - difference / 2, difference));
        return new Result(difference, effect, p, consistent, trend);
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
}
