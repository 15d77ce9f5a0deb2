package dev.perfwatch.series;

import java.io.OutputStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.IntConsumer;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.json.JsonMapper;

import static dev.perfwatch.series.PointsJson.AUTHOR;
import static dev.perfwatch.series.PointsJson.CI_LOWER;
import static dev.perfwatch.series.PointsJson.CI_UPPER;
import static dev.perfwatch.series.PointsJson.COMMIT;
import static dev.perfwatch.series.PointsJson.ERROR;
import static dev.perfwatch.series.PointsJson.MESSAGE;
import static dev.perfwatch.series.PointsJson.NOISE_REASON;
import static dev.perfwatch.series.PointsJson.NOISY;
import static dev.perfwatch.series.PointsJson.RECORDED_AT;
import static dev.perfwatch.series.PointsJson.RUN;
import static dev.perfwatch.series.PointsJson.SCORE;
import static dev.perfwatch.series.PointsJson.SHA;
import static dev.perfwatch.series.PointsJson.TIME;

/**
 * PointColumnsJson as it was at ec94d25 (Jackson's generator), kept verbatim as the reference the hand-rolled writer
 * must equal byte for byte ({@code ColumnsBytesTest}) and as the benchmark's before.
 */
final class JacksonColumnsJson {

    private static final SerializableString COMMITS = new SerializedString("commits");

    private static final SerializableString AUTHORS = new SerializedString("authors");

    private JacksonColumnsJson() {
    }

    /**
     * Writes {@code {"commits": {…}, "authors": [...], "commit": [...], "score": [...], …}} to the stream, doubles by Jackson's
     * Schubfach writer: {@code Double.toString} was the read's largest single cost (JFR, docs/performance.md). Both
     * write the shortest text that reads back as the same double, which is all the columns promise; the default
     * form keeps {@code Double.toString}, byte for byte as before.
     */
    static void write(PointColumns columns, Map<Long, SeriesViews.Commit> commits, JsonMapper json,
            OutputStream stream) {
        write(columns, commits, PointFields.ALL, json, stream);
    }

    /** The same with only the per-point columns of {@code fields} (the commits and {@code commit} always). */
    static void write(PointColumns columns, Map<Long, SeriesViews.Commit> commits, Set<PointFields> fields,
            JsonMapper json, OutputStream stream) {
        try (JsonGenerator out = json.writer().with(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .createGenerator(stream)) {
            write(columns, commits, fields, out);
        }
    }

    private static void write(PointColumns points, Map<Long, SeriesViews.Commit> byId, Set<PointFields> fields,
            JsonGenerator out) {
        int size = points.size;
        Map<Long, Integer> index = new HashMap<>(size * 2);
        // each commit looked up once, in the order first seen (boxing a Long per lookup showed in the profile)
        SeriesViews.Commit[] commits = new SeriesViews.Commit[size];
        int[] commitIndex = new int[size];
        for (int i = 0; i < size; i++) {
            Integer known = index.putIfAbsent(points.commit[i], index.size());
            if (known == null) {
                commits[index.size() - 1] = byId.get(points.commit[i]);
                commitIndex[i] = index.size() - 1;
            }
            else {
                commitIndex[i] = known;
            }
        }
        int distinct = index.size();
        out.writeStartObject();
        out.writeName(COMMITS);
        out.writeStartObject();
        out.writeName(SHA);
        out.writeStartArray();
        for (int c = 0; c < distinct; c++) {
            out.writeString(commits[c].sha());
        }
        out.writeEndArray();
        out.writeName(TIME);
        out.writeStartArray();
        for (int c = 0; c < distinct; c++) {
            Instant time = commits[c].time();
            if (time == null) {
                out.writeNull();
            }
            else {
                out.writeNumber(time.toEpochMilli());
            }
        }
        out.writeEndArray();
        // a history has a handful of authors over thousands of commits: each written once, the commits name it
        Map<String, Integer> authors = new LinkedHashMap<>();
        out.writeName(AUTHOR);
        out.writeStartArray();
        for (int c = 0; c < distinct; c++) {
            String author = commits[c].author();
            if (author == null) {
                out.writeNull();
            }
            else {
                Integer known = authors.putIfAbsent(author, authors.size());
                out.writeNumber(known == null ? authors.size() - 1 : known);
            }
        }
        out.writeEndArray();
        out.writeName(MESSAGE);
        out.writeStartArray();
        for (int c = 0; c < distinct; c++) {
            out.writeString(commits[c].message());
        }
        out.writeEndArray();
        out.writeEndObject();
        out.writeName(AUTHORS);
        out.writeStartArray();
        for (String author : authors.keySet()) {
            out.writeString(author);
        }
        out.writeEndArray();
        out.writeName(COMMIT);
        out.writeArray(commitIndex, 0, size);
        if (fields.contains(PointFields.SCORE)) {
            numbers(out, SCORE, points.score, size);
        }
        if (fields.contains(PointFields.ERROR)) {
            numbers(out, ERROR, points.error, size);
        }
        if (fields.contains(PointFields.CI_LOWER)) {
            numbers(out, CI_LOWER, points.ciLower, size);
        }
        if (fields.contains(PointFields.CI_UPPER)) {
            numbers(out, CI_UPPER, points.ciUpper, size);
        }
        if (fields.contains(PointFields.RUN)) {
            column(out, RUN, size, i -> out.writeString(points.run[i] == null ? null : points.run[i].toString()));
        }
        if (fields.contains(PointFields.RECORDED_AT)) {
            column(out, RECORDED_AT, size, i -> {
                if (points.recordedAt[i] == PointColumns.NO_TIME) {
                    out.writeNull();
                }
                else {
                    out.writeNumber(Math.floorDiv(points.recordedAt[i], 1_000_000L));
                }
            });
        }
        if (fields.contains(PointFields.NOISY)) {
            column(out, NOISY, size, i -> out.writeBoolean(points.noisy[i]));
        }
        if (fields.contains(PointFields.NOISE_REASON)) {
            column(out, NOISE_REASON, size, i -> out.writeString(points.noiseReason[i]));
        }
        out.writeEndObject();
    }

    /** One column: its name, then an array of {@code size} values, each written by {@code value}. */
    private static void column(JsonGenerator out, SerializableString name, int size, IntConsumer value) {
        out.writeName(name);
        out.writeStartArray();
        for (int i = 0; i < size; i++) {
            value.accept(i);
        }
        out.writeEndArray();
    }

    private static void numbers(JsonGenerator out, SerializableString name, double[] values, int size) {
        column(out, name, size, i -> {
            if (Double.isFinite(values[i])) {
                out.writeNumber(values[i]);
            }
            else {
                out.writeNull();
            }
        });
    }
}
