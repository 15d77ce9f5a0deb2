package dev.perfwatch.alerts;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Triage states, after Perfherder's list. Open states are the ones a later recovery resolves on its own; the others
 * are verdicts people gave, which perfwatch never overrides.
 */
enum Status {
    NEW, INVESTIGATING, ACKNOWLEDGED, FIXED, BACKED_OUT, WONT_FIX, INVALID, INFRA, IMPROVEMENT, DUPLICATE;

    static final String WORDS = Arrays.stream(values()).map(Status::word).collect(Collectors.joining(", "));

    String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    boolean open() {
        return this == NEW || this == INVESTIGATING || this == ACKNOWLEDGED;
    }

    static Optional<Status> parse(String word) {
        return Arrays.stream(values()).filter(status -> status.word().equals(word)).findFirst();
    }

    static Status fromSql(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }
}
