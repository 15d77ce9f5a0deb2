package dev.perfwatch.detection;

import java.util.List;

/** Lets the evaluation (a sibling package, test scope only) reuse the detector's CSV reader. */
public final class EvaluationAccess {

    private EvaluationAccess() {
    }

    public static List<String> csvFields(String line) {
        return Csv.fields(line);
    }
}
