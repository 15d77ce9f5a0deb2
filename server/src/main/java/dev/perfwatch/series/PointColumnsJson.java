package dev.perfwatch.series;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import tools.jackson.core.io.NumberOutput;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes {@link PointColumns} as the {@code form=columns} answer (docs/api.md), by hand into a byte buffer: the same
 * bytes Jackson's generator wrote (kept in the tests as {@code JacksonColumnsJson}; {@code ColumnsBytesTest} holds the
 * two equal), without its per-value bookkeeping (a context check per value, every double made a String, copied to a
 * char array and again into the generator's buffer, then into the body; a boxed map per point for the commit index).
 * Without them writing the timeline's fields takes 0.69-0.85 of the JVM CPU it did (docs/performance.md,
 * "Reads, session of 2026-11-27"). What is not plain ASCII is still written by Jackson: a string with a character
 * the mapper escapes or encodes (found by asking the mapper once, {@link Escapes}) is written by the mapper, and
 * doubles are Jackson's Schubfach text ({@code NumberOutput.toString(d, true)}, what {@code USE_FAST_DOUBLE_WRITER} writes).
 */
final class PointColumnsJson {

    private PointColumnsJson() {
    }

    /**
     * Writes {@code {"commits": {…}, "authors": [...], "commit": [...], "score": [...], …}} to the stream. Doubles are the
     * shortest text that reads back as the same double (Jackson's Schubfach writer), which is all the columns promise;
     * the default form keeps {@code Double.toString}, byte for byte as before.
     */
    static void write(PointColumns columns, Map<Long, SeriesViews.Commit> commits, JsonMapper json,
            OutputStream stream) {
        write(columns, commits, PointFields.ALL, json, stream);
    }

    /** The same with only the per-point columns of {@code fields} (the commits and {@code commit} always). */
    static void write(PointColumns points, Map<Long, SeriesViews.Commit> byId, Set<PointFields> fields,
            JsonMapper json, OutputStream stream) {
        Out out = new Out(stream, Escapes.of(json));
        int size = points.size;
        // each commit looked up once, in the order first seen
        CommitIndex index = new CommitIndex(size);
        SeriesViews.Commit[] commits = new SeriesViews.Commit[size];
        int[] commitIndex = new int[size];
        for (int i = 0; i < size; i++) {
            int known = index.putIfAbsent(points.commit[i]);
            if (known < 0) {
                commitIndex[i] = index.size() - 1;
                commits[commitIndex[i]] = byId.get(points.commit[i]);
            }
            else {
                commitIndex[i] = known;
            }
        }
        int distinct = index.size();
        out.raw("{\"commits\":{\"sha\":[");
        for (int c = 0; c < distinct; c++) {
            out.comma(c);
            out.string(commits[c].sha());
        }
        out.raw("],\"time\":[");
        for (int c = 0; c < distinct; c++) {
            out.comma(c);
            Instant time = commits[c].time();
            if (time == null) {
                out.raw("null");
            }
            else {
                out.number(time.toEpochMilli());
            }
        }
        // a history has a handful of authors over thousands of commits: each written once, the commits name it
        Map<String, Integer> authors = new LinkedHashMap<>();
        out.raw("],\"author\":[");
        for (int c = 0; c < distinct; c++) {
            out.comma(c);
            String author = commits[c].author();
            if (author == null) {
                out.raw("null");
            }
            else {
                Integer known = authors.putIfAbsent(author, authors.size());
                out.number(known == null ? authors.size() - 1 : known);
            }
        }
        out.raw("],\"message\":[");
        for (int c = 0; c < distinct; c++) {
            out.comma(c);
            out.string(commits[c].message());
        }
        out.raw("]},\"authors\":[");
        int a = 0;
        for (String author : authors.keySet()) {
            out.comma(a++);
            out.string(author);
        }
        out.raw("],\"commit\":[");
        for (int i = 0; i < size; i++) {
            out.comma(i);
            out.number(commitIndex[i]);
        }
        out.raw("]");
        if (fields.contains(PointFields.SCORE)) {
            numbers(out, ",\"score\":[", points, points.score, 0);
        }
        if (fields.contains(PointFields.ERROR)) {
            numbers(out, ",\"error\":[", points, points.error, 1);
        }
        if (fields.contains(PointFields.CI_LOWER)) {
            numbers(out, ",\"ciLower\":[", points, points.ciLower, -1);
        }
        if (fields.contains(PointFields.CI_UPPER)) {
            numbers(out, ",\"ciUpper\":[", points, points.ciUpper, -1);
        }
        if (fields.contains(PointFields.RUN)) {
            out.raw(",\"run\":[");
            for (int i = 0; i < size; i++) {
                out.comma(i);
                out.string(points.run[i] == null ? null : points.run[i].toString());
            }
            out.raw("]");
        }
        if (fields.contains(PointFields.RECORDED_AT)) {
            out.raw(",\"recordedAt\":[");
            for (int i = 0; i < size; i++) {
                out.comma(i);
                if (points.recordedAt[i] == PointColumns.NO_TIME) {
                    out.raw("null");
                }
                else {
                    out.number(Math.floorDiv(points.recordedAt[i], 1_000_000L));
                }
            }
            out.raw("]");
        }
        if (fields.contains(PointFields.NOISY)) {
            out.raw(",\"noisy\":[");
            for (int i = 0; i < size; i++) {
                out.comma(i);
                out.raw(points.noisy[i] ? "true" : "false");
            }
            out.raw("]");
        }
        if (fields.contains(PointFields.NOISE_REASON)) {
            out.raw(",\"noiseReason\":[");
            for (int i = 0; i < size; i++) {
                out.comma(i);
                out.string(points.noiseReason[i]);
            }
            out.raw("]");
        }
        out.raw("}");
        out.flush();
    }

    /**
     * A column of doubles; {@code column} is its place among a pack's two texts (score, error), -1 for a column a
     * pack has no text of (the interval, which the timeline does not read). A point read from a pack has its text
     * copied from there (what {@link #numberText} wrote), else it is written.
     */
    private static void numbers(Out out, String name, PointColumns points, double[] values, int column) {
        out.raw(name);
        byte[][] texts = column < 0 ? null : points.text;
        int[] at = points.textAt;
        for (int i = 0, size = points.size; i < size; i++) {
            out.comma(i);
            byte[] text = texts == null ? null : texts[i];
            if (text != null) {
                int p = at[i];
                for (int k = 0; k < column; k++) {
                    p += 1 + text[p];
                }
                int length = text[p];
                if (length == 0) {
                    out.raw("null");
                }
                else {
                    out.ascii(text, p + 1, length);
                }
            }
            else if (Double.isFinite(values[i])) {
                out.number(values[i]);
            }
            else {
                out.raw("null");
            }
        }
        out.raw("]");
    }

    /**
     * Appends a double's text as {@link #write} writes it into a pack (SeriesPacks): its length in a byte, then its
     * ASCII (Jackson's Schubfach text, at most 24 bytes); a length of 0 for a non-finite number, written as null.
     */
    static void numberText(double value, ByteArrayOutputStream pack) {
        if (!Double.isFinite(value)) {
            pack.write(0);
            return;
        }
        String text = NumberOutput.toString(value, true);
        pack.write(text.length());
        for (int i = 0; i < text.length(); i++) {
            pack.write(text.charAt(i));
        }
    }

    /**
     * Which ASCII characters the mapper writes inside a string as themselves: asked of the mapper once per mapper
     * (a character at a time), so that a mapper configured to escape more (a slash, say) is followed, not assumed.
     */
    record Escapes(JsonMapper json, ObjectWriter writer, boolean[] plain) {

        private static volatile Escapes last;

        static Escapes of(JsonMapper json) {
            Escapes known = last;
            if (known != null && known.json == json) {
                return known;
            }
            ObjectWriter writer = json.writer();
            boolean[] plain = new boolean[128];
            for (char c = 0; c < 128; c++) {
                byte[] written = writer.writeValueAsBytes(String.valueOf(c));
                plain[c] = written.length == 3 && written[0] == '"' && written[1] == c && written[2] == '"';
            }
            known = new Escapes(json, writer, plain);
            last = known;
            return known;
        }
    }

    /** The bytes, buffered: 16 KB at a time to the stream. */
    private static final class Out {

        private static final int BUFFER = 16 * 1024;

        /** Room enough for any number, a literal or a name written without a check per byte. */
        private static final int SLACK = 64;

        private final OutputStream stream;

        private final Escapes escapes;

        private final byte[] buffer = new byte[BUFFER];

        private int used;

        Out(OutputStream stream, Escapes escapes) {
            this.stream = stream;
            this.escapes = escapes;
        }

        void comma(int index) {
            if (index > 0) {
                room(1);
                buffer[used++] = ',';
            }
        }

        /** ASCII text written as it is (names, punctuation, literals). */
        void raw(String ascii) {
            int length = ascii.length();
            room(length);
            for (int i = 0; i < length; i++) {
                buffer[used + i] = (byte) ascii.charAt(i);
            }
            used += length;
        }

        /** ASCII bytes as they are (a number's text from a pack). */
        void ascii(byte[] bytes, int offset, int length) {
            room(length);
            System.arraycopy(bytes, offset, buffer, used, length);
            used += length;
        }

        void number(long value) {
            room(SLACK);
            used = NumberOutput.outputLong(value, buffer, used);
        }

        void number(int value) {
            room(SLACK);
            used = NumberOutput.outputInt(value, buffer, used);
        }

        /** A finite double as Jackson's fast writer writes it. */
        void number(double value) {
            raw(NumberOutput.toString(value, true));
        }

        /**
         * A string in quotes: as it is when every character is one the mapper writes as itself (a sha, a uuid, most
         * subjects), else as the mapper writes it.
         */
        void string(String value) {
            if (value == null) {
                raw("null");
                return;
            }
            int length = value.length();
            if (length + 2 <= BUFFER) {
                room(length + 2);
                byte[] bytes = buffer;
                boolean[] plain = escapes.plain;
                int at = used;
                bytes[at++] = '"';
                int i = 0;
                for (; i < length; i++) {
                    char c = value.charAt(i);
                    if (c >= 128 || !plain[c]) {
                        break;
                    }
                    bytes[at++] = (byte) c;
                }
                if (i == length) {
                    bytes[at++] = '"';
                    used = at;
                    return;
                }
            }
            bytes(escapes.writer.writeValueAsBytes(value));
        }

        private void bytes(byte[] bytes) {
            if (bytes.length > BUFFER - used) {
                flush();
                write(bytes, bytes.length);
                return;
            }
            System.arraycopy(bytes, 0, buffer, used, bytes.length);
            used += bytes.length;
        }

        private void room(int bytes) {
            if (bytes > BUFFER - used) {
                flush();
            }
        }

        void flush() {
            write(buffer, used);
            used = 0;
        }

        private void write(byte[] bytes, int length) {
            try {
                stream.write(bytes, 0, length);
            }
            catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        }
    }

    /** Commit ids to their index in the order first seen, without a boxed Long per point. */
    private static final class CommitIndex {

        private final long[] keys;

        private final int[] values;

        private final boolean[] taken;

        private final int mask;

        private int size;

        CommitIndex(int expected) {
            int capacity = Integer.highestOneBit(Math.max(16, expected * 2) - 1) << 1;
            keys = new long[capacity];
            values = new int[capacity];
            taken = new boolean[capacity];
            mask = capacity - 1;
        }

        int size() {
            return size;
        }

        /** The index of a known id, or -1 after giving a new one the next index. */
        int putIfAbsent(long key) {
            int slot = (int) (mix(key) & mask);
            while (taken[slot]) {
                if (keys[slot] == key) {
                    return values[slot];
                }
                slot = (slot + 1) & mask;
            }
            taken[slot] = true;
            keys[slot] = key;
            values[slot] = size++;
            return -1;
        }

        private static long mix(long key) {
            long h = key * 0x9E3779B97F4A7C15L;
            return h ^ (h >>> 32);
        }
    }
}
