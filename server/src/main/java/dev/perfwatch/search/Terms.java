package dev.perfwatch.search;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What was typed, as LIKE patterns. Each word must appear in order of its letters (fuzzy: "strbw" finds
 * "StringBenchmark.write") and every word must match; a word found as it was typed ranks the hit higher.
 */
record Terms(List<String> words) {

    static final int MAX_WORDS = 8;

    static Terms of(String query) {
        return new Terms(Arrays.stream(query.toLowerCase(Locale.ROOT).trim().split("[\\s,;]+"))
            .filter(word -> !word.isEmpty())
            .limit(MAX_WORDS)
            .toList());
    }

    boolean isEmpty() {
        return words.isEmpty();
    }

    /** The words cut at anything but letters and digits ("cardinality=1" is two), for the ranking of names. */
    String[] pieces() {
        return words.stream()
            .flatMap(word -> Arrays.stream(word.split("[^\\p{L}\\p{N}]+")))
            .filter(piece -> !piece.isEmpty())
            .toArray(String[]::new);
    }

    /** "%s%t%r%": the letters in order with anything between them. */
    String[] fuzzy() {
        return words.stream().map(word -> {
            StringBuilder pattern = new StringBuilder("%");
            word.codePoints().forEach(c -> pattern.append(escape(Character.toString(c))).append('%'));
            return pattern.toString();
        }).toArray(String[]::new);
    }

    /** "%str%": the word as typed. */
    String[] exact() {
        return words.stream().map(word -> "%" + escape(word) + "%").toArray(String[]::new);
    }

    /** The first word as a sha prefix, when it could be one. */
    String shaPrefix() {
        String first = words.get(0);
        return words.size() == 1 && first.matches("[0-9a-f]{4,64}") ? first + "%" : null;
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
