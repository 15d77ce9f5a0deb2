package dev.perfwatch.series;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.UUID;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;

/**
 * Writes the rows of {@link SeriesQueries#points} as the JSON of {@link SeriesViews.Point}, field for field, straight
 * from the result set to the response, so a 10,000-point read holds neither 30,000 records nor their whole JSON at
 * once (its CPU is about the same as databind's: the driver's decoding dominates, docs/performance.md).
 * {@code SeriesReadTest} holds the two shapes equal.
 */
final class PointsJson {

    private static final SerializableString COMMIT = new SerializedString("commit");

    private static final SerializableString SHA = new SerializedString("sha");

    private static final SerializableString TIME = new SerializedString("time");

    private static final SerializableString AUTHOR = new SerializedString("author");

    private static final SerializableString MESSAGE = new SerializedString("message");

    private static final SerializableString SCORE = new SerializedString("score");

    private static final SerializableString ERROR = new SerializedString("error");

    private static final SerializableString CI_LOWER = new SerializedString("ciLower");

    private static final SerializableString CI_UPPER = new SerializedString("ciUpper");

    private static final SerializableString RUN = new SerializedString("run");

    private static final SerializableString RECORDED_AT = new SerializedString("recordedAt");

    private static final SerializableString NOISY = new SerializedString("noisy");

    private static final SerializableString NOISE_REASON = new SerializedString("noiseReason");

    private PointsJson() {
    }

    static void write(ResultSet rs, JsonGenerator out) throws SQLException {
        out.writeStartObject();
        out.writeName(COMMIT);
        out.writeStartObject();
        out.writeName(SHA);
        out.writeString(rs.getString(SeriesQueries.SHA));
        out.writeName(TIME);
        instant(out, rs.getTimestamp(SeriesQueries.TIME));
        out.writeName(AUTHOR);
        out.writeString(rs.getString(SeriesQueries.AUTHOR));
        out.writeName(MESSAGE);
        out.writeString(rs.getString(SeriesQueries.MESSAGE));
        out.writeEndObject();
        out.writeName(SCORE);
        number(out, rs, SeriesQueries.SCORE);
        out.writeName(ERROR);
        number(out, rs, SeriesQueries.ERROR);
        out.writeName(CI_LOWER);
        number(out, rs, SeriesQueries.CI_LOWER);
        out.writeName(CI_UPPER);
        number(out, rs, SeriesQueries.CI_UPPER);
        out.writeName(RUN);
        UUID run = rs.getObject(SeriesQueries.RUN, UUID.class);
        out.writeString(run == null ? null : run.toString());
        out.writeName(RECORDED_AT);
        instant(out, rs.getTimestamp(SeriesQueries.RECORDED_AT));
        out.writeName(NOISY);
        out.writeBoolean(rs.getBoolean(SeriesQueries.NOISY));
        out.writeName(NOISE_REASON);
        out.writeString(rs.getString(SeriesQueries.NOISE_REASON));
        out.writeEndObject();
    }

    /** Non-finite and null numbers are written as null, as the records' {@code Double}s are. */
    private static void number(JsonGenerator out, ResultSet rs, int column) throws SQLException {
        double value = rs.getDouble(column);
        if (rs.wasNull() || !Double.isFinite(value)) {
            out.writeNull();
        }
        else {
            out.writeNumber(value);
        }
    }

    /** ISO-8601 in UTC, as Jackson writes an {@link java.time.Instant}. */
    private static void instant(JsonGenerator out, Timestamp timestamp) {
        out.writeString(timestamp == null ? null : timestamp.toInstant().toString());
    }
}
