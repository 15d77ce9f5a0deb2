package dev.perfwatch.statistics;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Student's t distribution: the two-sided p-value of a t statistic and the quantiles, for the detector's step tests
 * and the comparison's intervals. Plain Java (the incomplete beta by its continued fraction, ln Γ by Lanczos), so
 * neither feature needs a statistics library.
 */
public final class StudentT {

    private StudentT() {
    }

    /** Two-sided p-value of Student's t statistic with {@code df} degrees of freedom. */
    public static double twoSidedP(double t, double df) {
        if (Double.isNaN(t)) {
            return 1;
        }
        if (Double.isInfinite(t)) {
            return 0;
        }
        double x = df / (df + t * t);
        return regularizedBeta(x, df / 2, 0.5);
    }

    private record Quantile(double p, double df) {
    }

    private static final ConcurrentHashMap<Quantile, Double> QUANTILES = new ConcurrentHashMap<>();

    /**
     * Quantile of Student's t distribution (p in (0, 1)), memoized: the detector asks for a handful of (p, df)
     * pairs over and over, and each costs a bisection.
     */
    public static double quantile(double p, double df) {
        Quantile key = new Quantile(p, df);
        Double known = QUANTILES.get(key);
        if (known != null) {
            return known;
        }
        double q = compute(p, df);
        if (QUANTILES.size() < 10_000) {
            QUANTILES.put(key, q);
        }
        return q;
    }

    private static double compute(double p, double df) {
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
            } else {
                hi = mid;
            }
        }
        double q = (lo + hi) / 2;
        return p < 0.5 ? -q : q;
    }

    /** Regularized incomplete beta I_x(a, b), by its continued fraction (modified Lentz). */
    private static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b)
            + a * Math.log(x) + b * Math.log1p(-x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * betaFraction(x, a, b) / a;
        }
        return 1 - front * betaFraction(1 - x, b, a) / b;
    }

    private static double betaFraction(double x, double a, double b) {
        double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = Math.abs(d) < tiny ? tiny : d;
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= 300; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < 1e-14) {
                break;
            }
        }
        return h;
    }

    /** Lanczos approximation of ln Γ(x) for x > 0. */
    private static double logGamma(double x) {
        double[] g = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
            1.5056327351493116e-7};
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        x -= 1;
        double sum = g[0];
        for (int i = 1; i < g.length; i++) {
            sum += g[i] / (x + i);
        }
        double t = x + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
