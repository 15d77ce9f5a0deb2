package dev.perfwatch.changes;

/**
 * When a change is real: the rules of docs/changes.md. A result's error is JMH's half width of the 99.9% confidence
 * interval, so a standard error is error / 3.291; a change is significant when its z reaches 3.291, that is when the
 * 99.9% interval of the difference leaves out zero.
 */
final class Significance {

    /** The two-sided 99.9% quantile of the normal distribution. */
    static final double Z = 3.291;

    /** A trend needs this many results before a spread means anything. */
    static final int MIN_TREND_POINTS = 3;

    private Significance() {
    }

    /** A z and what it was judged by: both results' errors, the series' noise, or the spread of the trend. */
    record Judged(Double z, String basis) {
    }

    /**
     * z of the difference between two results from their score errors. Without an error on either side (a
     * Codespeed upload, a single-iteration run) the run-to-run noise stands in: the detector's noise of the series
     * when it has measured it (relative, on the log scale: z of ln(score / previous), or in the unit for a near-zero
     * metric such as B/op: {@code noiseInUnit}),
     * else the spread of the results before (at least 3), each result carrying it once, so the difference carries
     * it √2 times. Null with none of them. In the unit, the noise is at least the metric's {@code resolution} / Z:
     * an allocation repeats to the byte (noise 0), and JMH's residue of 0.0004 against 0.0002 B/op is no change,
     * while a difference of a byte or two is. The same floor holds under the results' errors: JMH's error of an
     * allocation is over the iterations of one run (0.001 B/op), and a residue that moved by 0.0004 B/op between two
     * nights was "worse" by it.
     */
    static Judged versusPrevious(double score, Double error, double previous, Double previousError, Double noise,
            boolean noiseInUnit, double resolution, int points, Double spread) {
        if (error != null && previousError != null) {
            return new Judged(z(score - previous, Math.max(Math.hypot(error, previousError) / Z,
                    resolution / Z * Math.sqrt(2))), "errors");
        }
        if (noise != null && noiseInUnit) {
            return new Judged(z(score - previous, Math.max(noise, resolution / Z) * Math.sqrt(2)), "noise");
        }
        if (noise != null && noise > 0 && previous != 0 && !noiseInUnit) {
            // Relative noise is measured on the log scale (docs/detection.md): a ratio, so that a fall is judged as a
            // rise of the same factor. In units of the level before, no drop could reach 1 / (noise * sqrt 2).
            if (score > 0 && previous > 0) {
                return new Judged(z(Math.log(score / previous), noise * Math.sqrt(2)), "noise");
            }
            return new Judged(z(score - previous, noise * Math.abs(previous) * Math.sqrt(2)), "noise");
        }
        if (points >= MIN_TREND_POINTS && spread != null) {
            return new Judged(z(score - previous, spread * Math.sqrt(2)), "spread");
        }
        return new Judged(null, null);
    }

    /**
     * z of a result against the mean of the results before it: the spread of those results is the run-to-run noise
     * (larger than any one run's error on real hosts), widened for the mean's own uncertainty and the result's error.
     * The spread is at least the metric's {@code resolution} / Z (0 for ordinary metrics): an allocation that
     * repeats to the byte has a spread of 0, and its mean differs from it in the last bit (3 × 3875.0153 / 3), which
     * read as "+0.0% worse" on every night after the third.
     */
    static Double versusTrend(double score, Double error, int points, double mean, Double spread, double resolution) {
        if (points < MIN_TREND_POINTS || spread == null) {
            return null;
        }
        double own = error == null ? 0 : error / Z;
        double floored = Math.max(spread, resolution / Z);
        double noise = Math.sqrt(floored * floored * (1 + 1.0 / points) + own * own);
        return z(score - mean, noise);
    }

    private static Double z(double difference, double standardError) {
        if (standardError == 0) {
            return difference == 0 ? 0.0 : Math.copySign(Double.MAX_VALUE, difference);
        }
        return difference / standardError;
    }

    /**
     * The verdict of a result measured on a host its runner's checks flagged (or compared with one), in a metric such
     * a host skews: detection leaves these runs out, and the changes view does not judge them either.
     */
    static final String NOT_JUDGED = "not-judged";

    /** better or worse when significant in the metric's direction, same when not, unclear without a z. */
    static String verdict(Double z, String direction) {
        if (z == null) {
            return "unclear";
        }
        if (Math.abs(z) < Z) {
            return "same";
        }
        boolean higher = z > 0;
        return higher == "higher".equals(direction) ? "better" : "worse";
    }

    /** after / before - 1, null when before is 0. */
    static Double change(double after, double before) {
        return before == 0 ? null : after / before - 1;
    }
}
