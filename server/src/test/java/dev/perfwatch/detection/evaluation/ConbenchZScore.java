package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;

/**
 * Conbench's lookback z-score: the newest result against the mean and standard deviation (Bessel-corrected) of
 * the results of the previous 100 commits; flagged beyond |z| = 5. Without a curator marking distribution
 * changes, as here, a real step stays inside the distribution and inflates it.
 */
final class ConbenchZScore extends ScreenRule {

    private static final int COMMITS = 100;
    private static final double THRESHOLD = 5;

    @Override
    public String name() {
        return "Conbench lookback z-score";
    }

    @Override
    int judge(double[] scores, double[] errors, int i, Better better) {
        int from = Math.max(0, i - COMMITS);
        int n = i - from;
        if (n < 2) {
            return 0;
        }
        double sum = 0;
        for (int j = from; j < i; j++) {
            sum += scores[j];
        }
        double mean = sum / n;
        double squares = 0;
        for (int j = from; j < i; j++) {
            squares += (scores[j] - mean) * (scores[j] - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        if (sd == 0) {
            return scores[i] == mean ? 0 : worse(scores[i] - mean, better);
        }
        double z = (scores[i] - mean) / sd;
        return Math.abs(z) > THRESHOLD ? worse(z, better) : 0;
    }
}
