package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;

/**
 * flink-benchmarks' {@code regression_report_v2.py}: baseline = the best rolling minimum of 3 over the last 30
 * samples (excluding the newest four), current = the best of the last 3; alert when the current is worse than the
 * baseline by more than max(4%, 2 × the newest score error / current). Flink runs it for regressions only; here it
 * is also run mirrored, for improvements, so that it is not penalised for a choice of scope. With fewer than 33
 * points the windows are cut to the history available (the script needs at least 5).
 */
final class FlinkRule extends ScreenRule {

    private static final int BASELINE = 30;
    private static final double MIN_RATIO = 0.04;
    private static final double INSTABILITY = 2;
    private static final int MIN_SAMPLES = 5;

    @Override
    public String name() {
        return "Flink regression_report_v2";
    }

    @Override
    int judge(double[] scores, double[] errors, int i, Better better) {
        int available = Math.min(i + 1, BASELINE + 3);
        if (available < MIN_SAMPLES) {
            return 0;
        }
        int from = i + 1 - available;
        if (regressed(scores, errors, from, i, better == Better.HIGHER ? 1 : -1)) {
            return 1;
        }
        if (regressed(scores, errors, from, i, better == Better.HIGHER ? -1 : 1)) {
            return -1;
        }
        return 0;
    }

    /** The script's test with {@code sign} = 1 when higher is better (throughput), -1 when lower is better. */
    private static boolean regressed(double[] scores, double[] errors, int from, int i, int sign) {
        // windows scores[j-3 .. j) for j in [3, 30), as in range(3, baselineSize), kept inside the history
        // and, like the script with a full history, away from the newest four points
        int lastWindowEnd = Math.min(from + BASELINE - 1, i - 3);
        double baseline = Double.NEGATIVE_INFINITY;
        for (int end = from + 3; end <= lastWindowEnd; end++) {
            double min = Double.POSITIVE_INFINITY;
            for (int j = end - 3; j < end; j++) {
                min = Math.min(min, sign * scores[j]);
            }
            baseline = Math.max(baseline, min);
        }
        if (baseline == Double.NEGATIVE_INFINITY) {
            return false;
        }
        double current = Double.NEGATIVE_INFINITY;
        for (int j = i - 2; j <= i; j++) {
            current = Math.max(current, sign * scores[j]);
        }
        double instability = errors[i] / current;
        return sign * (1 - current / baseline) > Math.max(MIN_RATIO, sign * INSTABILITY * instability);
    }
}
