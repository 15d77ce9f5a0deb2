package dev.perfwatch.detection;

import java.util.List;

/** Lets the evaluation (a sibling package, test scope only) reuse the detector's t distribution and CSV reader. */
public final class EvaluationAccess {

    private EvaluationAccess() {
    }

    public static double twoSidedP(double t, double df) {
        return Stats.twoSidedP(t, df);
    }

    public static List<String> csvFields(String line) {
        return Csv.fields(line);
    }
}
