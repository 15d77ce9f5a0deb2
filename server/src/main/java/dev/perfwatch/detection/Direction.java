package dev.perfwatch.detection;

import java.util.Locale;

/** Whether a change point made the metric worse or better, relative to its {@link Better}. */
public enum Direction {
    REGRESSION,
    IMPROVEMENT;

    static Direction of(double relativeChange, Better better) {
        boolean up = relativeChange > 0;
        return (up == (better == Better.LOWER)) ? REGRESSION : IMPROVEMENT;
    }

    /** The lower-case word used in JSON and the UI. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
