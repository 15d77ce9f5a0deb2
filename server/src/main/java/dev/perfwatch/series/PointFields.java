package dev.perfwatch.series;

import java.util.EnumSet;
import java.util.Set;

import dev.perfwatch.system.InvalidInputException;

/**
 * The per-point columns a {@code form=columns} read writes ({@code fields=}, docs/api.md): all of them by default, or
 * the ones a client draws. The timeline leaves out the runs and the confidence intervals, a third of the bytes of a
 * 10,000-point read that it never showed on first paint (runs are read for a clicked commit only; docs/performance.md,
 * "Reads, session of 2026-11-24 07:30"). The commits, their authors and each point's commit are always written.
 */
enum PointFields {

    SCORE("score"), ERROR("error"), CI_LOWER("ciLower"), CI_UPPER("ciUpper"), RUN("run"), RECORDED_AT("recordedAt"),
    NOISY("noisy"), NOISE_REASON("noiseReason");

    static final Set<PointFields> ALL = EnumSet.allOf(PointFields.class);

    final String json;

    PointFields(String json) {
        this.json = json;
    }

    /** The fields a comma-separated {@code fields} parameter names; absent means all; anything else is a 400. */
    static Set<PointFields> parse(String fields) {
        if (fields == null) {
            return ALL;
        }
        Set<PointFields> chosen = EnumSet.noneOf(PointFields.class);
        for (String name : fields.split(",", -1)) {
            PointFields field = byName(name.trim());
            if (field == null) {
                throw new InvalidInputException("fields", "fields must name point columns, comma-separated, of "
                        + "score, error, ciLower, ciUpper, run, recordedAt, noisy, noiseReason; not '" + name + "'");
            }
            chosen.add(field);
        }
        return chosen;
    }

    private static PointFields byName(String name) {
        for (PointFields field : values()) {
            if (field.json.equals(name)) {
                return field;
            }
        }
        return null;
    }
}
