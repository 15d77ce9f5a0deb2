package dev.perfwatch.codespeed;

import java.util.Arrays;

/** The Codespeed versions whose {@code /timeline/json/} shape older and newer clients unpack. */
enum TimelineShape {

    /** Codespeed up to 0.11: points {@code [date, value, std_dev, short commitid, branch]}. */
    V0_11("0.11"),

    /**
     * Codespeed 0.12 and later: points carry the revision's tag before the branch, {@code [date, value, std_dev,
     * short commitid, tag, branch]} (median benchmarks {@code [date, value, max, q3, q1, min, short commitid, tag,
     * branch]}), and executables are keyed by id. Dates and data_type are written alike by both versions.
     */
    V0_13("0.13");

    private final String version;

    TimelineShape(String version) {
        this.version = version;
    }

    String version() {
        return version;
    }

    static TimelineShape of(String version) {
        return Arrays.stream(values())
            .filter(shape -> shape.version.equals(version) || shape.name().equals(version))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("shape must be 0.11 or 0.13, not " + version));
    }
}
