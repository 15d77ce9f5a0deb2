package dev.perfwatch.series;

import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hand-rolled columns writer ({@link PointColumnsJson}) writes exactly the bytes Jackson's generator wrote
 * ({@link JacksonColumnsJson}, the writer as it was), on odd data, for every choice of {@code fields}, with a default
 * mapper and with one that escapes more (slashes, everything not ASCII): doubles of every magnitude, -0, subnormals,
 * NaN and infinities; strings with every ASCII character, control characters, quotes, backslashes, slashes, accents,
 * emoji, a lone surrogate, longer than the writer's buffer; nulls everywhere one can be; a commit measured twice and
 * commits named again out of order; more points than fit one buffer.
 */
class ColumnsBytesTest {

    static final List<JsonMapper> MAPPERS = List.of(JsonMapper.builder().build(), JsonMapper.builder()
        .enable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES, JsonWriteFeature.ESCAPE_NON_ASCII).build());

    @Test
    void handWrittenColumnsWhenOddDataAreJacksonsBytes() {
        Random random = new Random(27);
        for (int size : new int[] { 0, 1, 2, 7, 3_000 }) {
            Data data = data(random, size);
            for (JsonMapper json : MAPPERS) {
                for (int choice = 0; choice < 1 << PointFields.values().length; choice++) {
                    Set<PointFields> fields = EnumSet.noneOf(PointFields.class);
                    for (PointFields field : PointFields.values()) {
                        if ((choice & 1 << field.ordinal()) != 0) {
                            fields.add(field);
                        }
                    }
                    if (size > 7 && Integer.bitCount(choice) > 1 && choice != (1 << PointFields.values().length) - 1
                            && choice % 17 != 0) {
                        continue; // the large one: every field alone, all, and a spread of the rest
                    }
                    assertThat(written(data, fields, json, false)).as("size %d, fields %s", size, fields)
                        .isEqualTo(written(data, fields, json, true));
                }
            }
        }
    }

    @Test
    void handWrittenColumnsWhenManyDoublesAreJacksonsDigits() {
        Random random = new Random(16);
        int size = 200_000;
        PointColumns points = new PointColumns(size);
        Map<Long, SeriesViews.Commit> commits = new HashMap<>();
        for (int i = 0; i < size; i++) {
            points.addForTest(1, null);
            points.score[i] = switch (i % 5) {
                case 0 -> java.nio.ByteBuffer.allocate(Double.BYTES).putLong(0, random.nextLong()).getDouble(0); // any bits
                case 1 -> 1000 * (1 + 0.02 * (random.nextDouble() - 0.5));
                case 2 -> random.nextInt(100_000) / 100.0;
                case 3 -> Math.scalb(random.nextDouble(), random.nextInt(200) - 100);
                default -> random.nextGaussian() * 1e-7;
            };
            points.error[i] = points.score[i] * 0.01;
        }
        commits.put(1L, new SeriesViews.Commit("a".repeat(40), null, null, null));
        Data data = new Data(points, commits);
        Set<PointFields> fields = EnumSet.of(PointFields.SCORE, PointFields.ERROR);
        assertThat(written(data, fields, MAPPERS.get(0), false)).isEqualTo(written(data, fields, MAPPERS.get(0), true));
    }

    record Data(PointColumns points, Map<Long, SeriesViews.Commit> commits) {
    }

    static String written(Data data, Set<PointFields> fields, JsonMapper json, boolean jackson) {
        var out = new ByteArrayOutputStream();
        if (jackson) {
            JacksonColumnsJson.write(data.points(), data.commits(), fields, json, out);
        }
        else {
            PointColumnsJson.write(data.points(), data.commits(), fields, json, out);
        }
        return out.toString(java.nio.charset.StandardCharsets.ISO_8859_1); // the bytes, one char each
    }

    static final double[] ODD = { 0.0, -0.0, Double.MIN_VALUE, -Double.MIN_NORMAL, Double.MAX_VALUE, 1e-300, 1e-3,
            9.999999999999999e-4, 1e7, 9999999.999999998, 1.0, 100.0, 123456.789, -2.5, 0.1 + 0.2, 1e21, 1e22,
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1000.0000000000001, 2.0E-5 };

    static final String[] STRINGS = { null, "", "plain subject", "a/b: with \"quotes\" and \\back\\slashes",
            "tab\there, newline\nthere, \r\b\f and \u0000\u0001\u001f\u007f", "Señor Müller <m@example.org>",
            "emoji \uD83D\uDE00 and line \u2028 separator", "lone \uD800 surrogate", "x".repeat(20_000),
            "<script>alert('&')</script>", "é".repeat(9_000), allAscii() };

    private static String allAscii() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 128; c++) {
            all.append(c);
        }
        return all.toString();
    }

    static Data data(Random random, int size) {
        PointColumns points = new PointColumns(size);
        Map<Long, SeriesViews.Commit> commits = new HashMap<>();
        long commit = 1_000;
        for (int i = 0; i < size; i++) {
            // mostly a commit each; some measured twice; some named again later (out of order)
            long id = i % 11 == 3 ? commit : i % 13 == 5 ? 1_000 + random.nextInt((int) (commit - 999)) : ++commit;
            points.addForTest(id, i % 9 == 0 ? null : new UUID(random.nextLong(), random.nextLong()));
            points.score[i] = i < ODD.length ? ODD[i] : random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
            points.error[i] = i % 4 == 1 ? Double.NaN : ODD[(i + 3) % ODD.length];
            points.ciLower[i] = points.score[i] * 0.99;
            points.ciUpper[i] = i % 6 == 2 ? Double.POSITIVE_INFINITY : points.score[i] * 1.01;
            points.recordedAt[i] = i % 8 == 7 ? PointColumns.NO_TIME
                    : (i % 8 == 6 ? -1 : 1) * (1_600_000_000_000_000_000L + random.nextInt() * 1_000L);
            points.noisy[i] = i % 5 == 0;
            points.noiseReason[i] = points.noisy[i] ? STRINGS[i % STRINGS.length] : null;
        }
        for (long id = 1_000; id <= commit; id++) {
            int k = (int) (id % STRINGS.length);
            String sha = id % 29 == 0 ? "f/" + id : Long.toHexString(id * 0x9E3779B97F4A7C15L).repeat(3).substring(0, 40);
            Instant time = id % 7 == 0 ? null : Instant.ofEpochMilli((id % 3 == 0 ? -1 : 1) * id * 987_654_321L);
            String author = id % 5 == 0 ? null : id % 3 == 0 ? STRINGS[k] : "Ada <ada@example.org>";
            commits.put(id, new SeriesViews.Commit(sha, time, author, STRINGS[(k + 1) % STRINGS.length]));
        }
        return new Data(points, commits);
    }
}
