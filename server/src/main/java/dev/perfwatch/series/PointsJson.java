package dev.perfwatch.series;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;

/**
 * Writes {@link SeriesViews.Point}s as databind would, field for field, straight to the response, so a 100,000-point
 * read never holds its whole JSON (its CPU is about databind's, docs/performance.md). {@code SeriesReadTest} holds
 * the two equal byte for byte.
 */
final class PointsJson {

    static final SerializableString COMMIT = new SerializedString("commit");

    // The field names both forms of a points read write (PointColumnsJson uses them too).
    static final SerializableString SHA = new SerializedString("sha");

    static final SerializableString TIME = new SerializedString("time");

    static final SerializableString AUTHOR = new SerializedString("author");

    static final SerializableString MESSAGE = new SerializedString("message");

    static final SerializableString SCORE = new SerializedString("score");

    static final SerializableString ERROR = new SerializedString("error");

    static final SerializableString CI_LOWER = new SerializedString("ciLower");

    static final SerializableString CI_UPPER = new SerializedString("ciUpper");

    static final SerializableString RUN = new SerializedString("run");

    static final SerializableString RECORDED_AT = new SerializedString("recordedAt");

    static final SerializableString NOISY = new SerializedString("noisy");

    static final SerializableString NOISE_REASON = new SerializedString("noiseReason");

    private PointsJson() {
    }

    static void write(SeriesViews.Point point, JsonGenerator out) {
        out.writeStartObject();
        out.writeName(COMMIT);
        out.writeStartObject();
        out.writeName(SHA);
        out.writeString(point.commit().sha());
        out.writeName(TIME);
        instant(out, point.commit().time());
        out.writeName(AUTHOR);
        out.writeString(point.commit().author());
        out.writeName(MESSAGE);
        out.writeString(point.commit().message());
        out.writeEndObject();
        out.writeName(SCORE);
        number(out, point.score());
        out.writeName(ERROR);
        number(out, point.error());
        out.writeName(CI_LOWER);
        number(out, point.ciLower());
        out.writeName(CI_UPPER);
        number(out, point.ciUpper());
        out.writeName(RUN);
        out.writeString(point.run() == null ? null : point.run().toString());
        out.writeName(RECORDED_AT);
        instant(out, point.recordedAt());
        out.writeName(NOISY);
        out.writeBoolean(point.noisy());
        out.writeName(NOISE_REASON);
        out.writeString(point.noiseReason());
        out.writeEndObject();
    }

    /** The records hold non-finite numbers as null already. */
    private static void number(JsonGenerator out, Double value) {
        if (value == null) {
            out.writeNull();
        }
        else {
            out.writeNumber(value.doubleValue());
        }
    }

    /** ISO-8601 in UTC, as Jackson writes an {@link java.time.Instant}. */
    private static void instant(JsonGenerator out, java.time.Instant time) {
        out.writeString(time == null ? null : time.toString());
    }
}
