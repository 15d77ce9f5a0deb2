package dev.perfwatch.pipeline;

/**
 * Lets the detector's evaluation (test scope, another package) decide simulated re-runs with the pipeline's own rule
 * ({@link Verdict}, with the defaults of {@code perfwatch.pipeline.confirmation}: alpha 0.01 spent over 3 rounds, no
 * looser last look), so that "what confirmation removes" is measured on the rule that removes it.
 */
public final class ConfirmationRule {

    public static final int MAX_ROUNDS = 3;

    public static final double ALPHA = 0.01;

    public enum Answer {
        CHANGED,
        SAME,
        UNCLEAR
    }

    private ConfirmationRule() {
    }

    /** The verdict of round {@code round} (from 1) on the fork means of every round so far. */
    public static Answer decide(double[] good, double[] bad, double suspected, int round) {
        boolean last = round >= MAX_ROUNDS;
        double alpha = Verdict.alphaAt(ALPHA, round, MAX_ROUNDS, last);
        return Answer.valueOf(Verdict.of(good, bad, suspected, alpha, 0, last).outcome().name());
    }
}
