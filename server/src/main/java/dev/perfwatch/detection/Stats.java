package dev.perfwatch.detection;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/** The few statistical functions the detector needs, kept here so detection has no library dependency. */
final class Stats {

    private Stats() {
    }

    static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum / (to - from);
    }

    /** Sample variance (n - 1 denominator); 0 for fewer than two values. */
    static double variance(double[] values, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return 0;
        }
        double mean = mean(values, from, to);
        double sum = 0;
        for (int i = from; i < to; i++) {
            double d = values[i] - mean;
            sum += d * d;
        }
        return sum / (n - 1);
    }

    static double median(double[] values, int from, int to) {
        return median(values, from, to, new double[to - from]);
    }

    /** Median of [from, to) by selection in a caller-owned scratch array (at least to - from long). */
    static double median(double[] values, int from, int to, double[] scratch) {
        int n = to - from;
        System.arraycopy(values, from, scratch, 0, n);
        double upper = select(scratch, n, n / 2);
        if (n % 2 == 1) {
            return upper;
        }
        // after selection everything before n / 2 is at most the upper median: the lower one is their maximum
        double lower = scratch[0];
        for (int i = 1; i < n / 2; i++) {
            lower = Math.max(lower, scratch[i]);
        }
        return (lower + upper) / 2;
    }

    /**
     * The k-th smallest (0-based) of a[0, n), by quickselect; reorders a so that a[0, k) ≤ a[k] ≤ a[k + 1, n).
     * Deterministic pivots (median of three), so runs are repeatable.
     */
    static double select(double[] a, int n, int k) {
        int lo = 0;
        int hi = n - 1;
        while (hi > lo) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            double pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return a[k];
            }
        }
        return a[k];
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    static double sortedMedian(double[] sorted, int n) {
        return (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Median of a small window, using a caller-owned scratch array to avoid allocation in hot loops. */
    static double windowMedian(double[] values, int from, int to, double[] scratch) {
        int n = to - from;
        System.arraycopy(values, from, scratch, 0, n);
        // insertion sort: windows are a handful of values
        for (int i = 1; i < n; i++) {
            double v = scratch[i];
            int j = i - 1;
            while (j >= 0 && scratch[j] > v) {
                scratch[j + 1] = scratch[j];
                j--;
            }
            scratch[j + 1] = v;
        }
        return sortedMedian(scratch, n);
    }

    /** Two-sided p-value of Student's t statistic with {@code df} degrees of freedom. */
    static double twoSidedP(double t, double df) {
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
    static double tQuantile(double p, double df) {
        Quantile key = new Quantile(p, df);
        Double known = QUANTILES.get(key);
        if (known != null) {
            return known;
        }
        double q = computeTQuantile(p, df);
        if (QUANTILES.size() < 10_000) {
            QUANTILES.put(key, q);
        }
        return q;
    }

    private static double computeTQuantile(double p, double df) {
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

    /** Standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
    static double normalQuantile(double p) {
        double[] a = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
            1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
        double[] b = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
            6.680131188771972e+01, -1.328068155288572e+01};
        double[] c = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
            -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
        double[] d = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
            3.754408661907416e+00};
        double low = 0.02425;
        if (p < low) {
            double q = Math.sqrt(-2 * Math.log(p));
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
        }
        if (p > 1 - low) {
            return -normalQuantile(1 - p);
        }
        double q = p - 0.5;
        double r = q * q;
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }

    /** Regularized incomplete beta I_x(a, b), by its continued fraction (modified Lentz). */
    static double regularizedBeta(double x, double a, double b) {
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
    static double logGamma(double x) {
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
