package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;

/** Codespeed's change colouring: the newest result against the previous revision's, flagged beyond 3%. */
final class CodespeedRule extends ScreenRule {

    private static final double THRESHOLD = 0.03;

    @Override
    public String name() {
        return "Codespeed 3% change";
    }

    @Override
    int judge(double[] scores, double[] errors, int i, Better better) {
        if (i == 0 || scores[i - 1] == 0) {
            return 0;
        }
        double change = (scores[i] - scores[i - 1]) / Math.abs(scores[i - 1]);
        return Math.abs(change) > THRESHOLD ? worse(change, better) : 0;
    }
}
