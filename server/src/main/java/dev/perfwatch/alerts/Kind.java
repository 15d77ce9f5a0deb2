package dev.perfwatch.alerts;

import java.util.Locale;

/** Whether a change made the metric worse or better, judged by the metric's direction decided at ingest. */
enum Kind {
    REGRESSION, IMPROVEMENT;

    String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A rise is a regression when lower is better (time, allocation), a fall when higher is (throughput). */
    static Kind of(double before, double after, String direction) {
        boolean up = after > before;
        return up == direction.equals("lower") ? REGRESSION : IMPROVEMENT;
    }

    static Kind fromSql(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }
}
