package dev.perfwatch.detection;

import java.util.Arrays;

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

    /**
     * Inserts {@code value} into {@code sorted[0, size)}, kept in {@link Double#compare} order (that of
     * {@link java.util.Arrays#sort(double[])}); returns the new size. The array must have room for it.
     */
    static int insert(double[] sorted, int size, double value) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Double.compare(sorted[mid], value) <= 0) {
                lo = mid + 1;
            }
            else {
                hi = mid;
            }
        }
        System.arraycopy(sorted, lo, sorted, lo + 1, size - lo);
        sorted[lo] = value;
        return size + 1;
    }

    /** Removes one {@code value} (to the bit) from {@code sorted[0, size)}, kept as {@link #insert} keeps it. */
    static int remove(double[] sorted, int size, double value) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Double.compare(sorted[mid], value) < 0) {
                lo = mid + 1;
            }
            else {
                hi = mid;
            }
        }
        if (lo == size || Double.compare(sorted[lo], value) != 0) {
            throw new IllegalArgumentException("not in the window: " + value);
        }
        System.arraycopy(sorted, lo + 1, sorted, lo, size - lo - 1);
        return size - 1;
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
}
