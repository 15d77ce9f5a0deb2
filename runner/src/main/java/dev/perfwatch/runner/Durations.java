package dev.perfwatch.runner;

import java.time.Duration;

/** Parses the durations of the command line: 500ms, 30s, 5m, 2h, or a plain number of seconds. */
final class Durations {

    private Durations() {
    }

    static Duration parse(String text) {
        String t = text.strip().toLowerCase(java.util.Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            }
            if (t.endsWith("s")) {
                return Duration.ofMillis((long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            }
            if (t.endsWith("m")) {
                return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)) * 60);
            }
            if (t.endsWith("h")) {
                return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)) * 3600);
            }
            return Duration.ofSeconds(Long.parseLong(t));
        }
        catch (NumberFormatException ex) {
            throw new Options.UsageException("not a duration: " + text + " (use 500ms, 30s, 5m or 2h)");
        }
    }
}
