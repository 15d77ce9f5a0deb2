package dev.perfwatch.comparison;

/**
 * Quantiles of Student's t distribution for the change intervals. The detector has its own copy inside
 * {@code detection}; the comparison keeps this one so that neither feature reaches into the other's internals.
 */
final class StudentT {

    private StudentT() {
    }

    /** The quantile of probability p in (0, 1) with df degrees of freedom (any real df above 0). */
    static double quantile(double p, double df) {
        if (p == 0.5) {
            return 0;
        }
        double target = 2 * Math.min(p, 1 - p);
        double lo = 0;
        double hi = 1;
        while (twoSidedP(hi, df) > target) {
            hi *= 2;
        }
        for (int i = 0; i < 100; i++) {
            double mid = (lo + hi) / 2;
            if (twoSidedP(mid, df) > target) {
                lo = mid;
            }
            else {
                hi = mid;
            }
        }
        double q = (lo + hi) / 2;
        return p < 0.5 ? -q : q;
    }

    static double twoSidedP(double t, double df) {
        double x = df / (df + t * t);
        return regularizedBeta(x, df / 2, 0.5);
    }

    /** Regularized incomplete beta I_x(a, b), by its continued fraction (modified Lentz). */
    private static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * fraction(x, a, b) / a;
        }
        return 1 - front * fraction(1 - x, b, a) / b;
    }

    private static double fraction(double x, double a, double b) {
        double tiny = 1e-300;
        double c = 1;
        double d = nonZero(1 - (a + b) * x / (a + 1), tiny);
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= 300; m++) {
            int m2 = 2 * m;
            double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 / nonZero(1 + even * d, tiny);
            c = nonZero(1 + even / c, tiny);
            h *= d * c;
            double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 / nonZero(1 + odd * d, tiny);
            c = nonZero(1 + odd / c, tiny);
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < 1e-14) {
                break;
            }
        }
        return h;
    }

    private static double nonZero(double value, double tiny) {
        return Math.abs(value) < tiny ? tiny : value;
    }

    /** Lanczos approximation of ln Γ(x) for x > 0. */
    private static double logGamma(double x) {
        double[] g = { 0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
                1.5056327351493116e-7 };
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double y = x - 1;
        double sum = g[0];
        for (int i = 1; i < g.length; i++) {
            sum += g[i] / (y + i);
        }
        double t = y + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
