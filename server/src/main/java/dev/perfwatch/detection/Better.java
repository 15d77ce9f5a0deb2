package dev.perfwatch.detection;

import java.util.Locale;

/** Which way a metric improves; decided once from the unit at ingest, so the detector never guesses. */
public enum Better {
    HIGHER,
    LOWER;

    /** Parses {@code higher} or {@code lower}, in any case. */
    public static Better parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "higher" -> HIGHER;
            case "lower" -> LOWER;
            default -> throw new IllegalArgumentException("better must be 'higher' or 'lower', was '" + text + "'");
        };
    }
}
