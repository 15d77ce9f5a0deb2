package dev.perfwatch.comparison;

import dev.perfwatch.statistics.Normal;
import dev.perfwatch.statistics.StudentT;

/**
 * The change between two sides, each given as its fork means: the mean of each JVM fork's iterations. Forks are the
 * independent observations of a JMH run (iterations inside one JVM share its JIT and memory layout), so the
 * interval is Welch's t interval over fork means at 99%, expressed as a percentage of the base mean. The verdict
 * rules are written up in docs/api.md ("Comparisons").
 */
final class Welch {

    static final double CONFIDENCE = 0.99;

    private Welch() {
    }

    /** The change of head against base; lower and upper are null when a side has fewer than two forks. */
    record Change(double percent, Double lower, Double upper, Verdict verdict) {
    }

    /**
     * @param higherIsBetter the metric's direction: a positive change is faster when true
     * @param marginPercent the practical equivalence margin: "same" needs the whole interval within ±margin
     */
    static Change compare(double[] base, double[] head, boolean higherIsBetter, double marginPercent) {
        return compare(base, head, higherIsBetter, marginPercent, CONFIDENCE);
    }

    /**
     * @param confidence the two-sided level of the interval: 0.99 for a plain comparison, the level a request's
     *     sequential rule allows at this look (docs/requests.md, "Rounds")
     */
    static Change compare(double[] base, double[] head, boolean higherIsBetter, double marginPercent,
            double confidence) {
        double baseMean = mean(base);
        double headMean = mean(head);
        if (base.length == 0 || head.length == 0 || baseMean == 0 || !Double.isFinite(baseMean)
                || !Double.isFinite(headMean)) {
            return new Change(Double.NaN, null, null, Verdict.UNCLEAR);
        }
        double scale = 100 / Math.abs(baseMean);
        double difference = headMean - baseMean;
        double percent = difference * scale;
        if (base.length < 2 || head.length < 2) {
            return new Change(percent, null, null, Verdict.UNCLEAR);
        }
        double baseTerm = variance(base) / base.length;
        double headTerm = variance(head) / head.length;
        double se = Math.sqrt(baseTerm + headTerm);
        double halfWidth = 0;
        if (se > 0) {
            double df = (baseTerm + headTerm) * (baseTerm + headTerm)
                    / (baseTerm * baseTerm / (base.length - 1) + headTerm * headTerm / (head.length - 1));
            halfWidth = StudentT.quantile(1 - (1 - confidence) / 2, df) * se;
        }
        double lower = (difference - halfWidth) * scale;
        double upper = (difference + halfWidth) * scale;
        return new Change(percent, lower, upper, verdict(lower, upper, higherIsBetter, marginPercent));
    }

    /**
     * The change of two single values whose standard errors are known some other way (JMH's score error, the
     * series' noise): a normal interval, since there are no replicates to count degrees of freedom from.
     */
    static Change compareKnown(double base, double baseSe, double head, double headSe, boolean higherIsBetter,
            double marginPercent, double confidence) {
        if (base == 0 || !Double.isFinite(base) || !Double.isFinite(head)) {
            return new Change(Double.NaN, null, null, Verdict.UNCLEAR);
        }
        double scale = 100 / Math.abs(base);
        double difference = head - base;
        double se = Math.sqrt(baseSe * baseSe + headSe * headSe);
        if (!Double.isFinite(se)) {
            return new Change(difference * scale, null, null, Verdict.UNCLEAR);
        }
        double halfWidth = Normal.quantile(1 - (1 - confidence) / 2) * se;
        double lower = (difference - halfWidth) * scale;
        double upper = (difference + halfWidth) * scale;
        return new Change(difference * scale, lower, upper, verdict(lower, upper, higherIsBetter, marginPercent));
    }

    static Verdict verdict(double lower, double upper, boolean higherIsBetter, double marginPercent) {
        if (lower >= -marginPercent && upper <= marginPercent) {
            return Verdict.SAME;
        }
        if (lower > 0) {
            return higherIsBetter ? Verdict.FASTER : Verdict.SLOWER;
        }
        if (upper < 0) {
            return higherIsBetter ? Verdict.SLOWER : Verdict.FASTER;
        }
        return Verdict.UNCLEAR;
    }

    /** Half the width of the 99% interval of the mean of the fork means; null below two forks. */
    static Double error(double[] forkMeans) {
        if (forkMeans.length < 2) {
            return null;
        }
        return StudentT.quantile(1 - (1 - CONFIDENCE) / 2, forkMeans.length - 1)
                * Math.sqrt(variance(forkMeans) / forkMeans.length);
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return values.length == 0 ? Double.NaN : sum / values.length;
    }

    static double variance(double[] values) {
        double mean = mean(values);
        double sum = 0;
        for (double value : values) {
            sum += (value - mean) * (value - mean);
        }
        return sum / (values.length - 1);
    }
}
