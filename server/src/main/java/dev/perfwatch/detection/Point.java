package dev.perfwatch.detection;

/**
 * One run of one case at one commit, as the detector sees it.
 *
 * @param index position of the commit in the series' commit order; re-runs of a commit share it
 * @param score the run's score (JMH's primary or secondary metric value)
 * @param error JMH's score error, or {@code NaN} when unknown; kept for reports, not trusted for decisions
 * @param forks raw samples, forks × iterations; an empty array when only the score is known
 * @param value the run reduced from {@code score} and {@code forks} ({@link RunValue}); null to reduce it here. A
 *     caller that detects on the same run again and again (the pipeline, after every new run of the series) passes
 *     the one it kept, so that the samples are reduced once
 */
public record Point(int index, double score, double error, double[][] forks, RunValue value) {

    private static final double[][] NO_FORKS = new double[0][];

    public Point {
        if (forks == null) {
            forks = NO_FORKS;
        }
        if (value == null) {
            value = RunValue.of(score, forks);
        }
    }

    public Point(int index, double score, double error, double[][] forks) {
        this(index, score, error, forks, null);
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

    /** The run reduced from these samples, for a caller that keeps it with them (see {@link #value}). */
    public static RunValue reduce(double score, double[][] forks) {
        return RunValue.of(score, forks == null ? NO_FORKS : forks);
    }

    /** The run's four facts, as before {@link #value} was kept with them (it follows from them). */
    @Override
    public boolean equals(Object other) {
        return other instanceof Point p && p.index == index && Double.compare(p.score, score) == 0
                && Double.compare(p.error, error) == 0 && p.forks == forks;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(index, score, error, System.identityHashCode(forks));
    }

    @Override
    public String toString() {
        return "Point[index=" + index + ", score=" + score + ", error=" + error + ", forks=" + forks + "]";
    }
}
