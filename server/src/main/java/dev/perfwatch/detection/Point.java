package dev.perfwatch.detection;

/**
 * One run of one case at one commit, as the detector sees it.
 *
 * @param index position of the commit in the series' commit order; re-runs of a commit share it
 * @param score the run's score (JMH's primary or secondary metric value)
 * @param error JMH's score error, or {@code NaN} when unknown; kept for reports, not trusted for decisions
 * @param forks raw samples, forks × iterations; an empty array when only the score is known
 */
public record Point(int index, double score, double error, double[][] forks) {

    private static final double[][] NO_FORKS = new double[0][];

    public Point {
        if (forks == null) {
            forks = NO_FORKS;
        }
    }

    public static Point of(int index, double score) {
        return new Point(index, score, Double.NaN, NO_FORKS);
    }

    public static Point of(int index, double score, double error) {
        return new Point(index, score, error, NO_FORKS);
    }

    public static Point withForks(int index, double[][] forks) {
        double sum = 0;
        int count = 0;
        for (double[] fork : forks) {
            for (double sample : fork) {
                sum += sample;
                count++;
            }
        }
        return new Point(index, count == 0 ? Double.NaN : sum / count, Double.NaN, forks);
    }
}
