package dev.perfwatch.codespeed;

import java.time.Instant;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CodespeedDatesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2024-03-14 02:11:09.123456|2024-03-14T02:11:09.123456Z", // Python's str(datetime), Flink's uploader
            "2024-03-14 02:11:09|2024-03-14T02:11:09Z",
            "2024-03-14T02:11:09|2024-03-14T02:11:09Z",
            "2024-03-14 02:11|2024-03-14T02:11:00Z",
            "2024-03-14|2024-03-14T00:00:00Z",
            "2024-3-4 2:11:09.5|2024-03-04T02:11:09.500Z",
            "2024-03-14T02:11:09+02:00|2024-03-14T00:11:09Z",
            "2024-03-14T02:11:09Z|2024-03-14T02:11:09Z",
            "2024-03-14 02:11:09.1234567|2024-03-14T02:11:09.123456Z" })
    void parseWhenDjangoAcceptsTheDateReadsItAsUtc(String text, String expected) {
        assertThat(CodespeedDates.parse(text, "date")).isEqualTo(Instant.parse(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "14/03/2024|has an invalid format", "2024-03-14 02:11:09 PM|has an invalid format",
            "2024-02-30 00:00:00|has the correct format (YYYY-MM-DD HH:MM[:ss[.uuuuuu]][TZ]) but it is an invalid" })
    void parseWhenDjangoRefusesTheDateRefusesWithDjangoWords(String text, String words) {
        assertThatThrownBy(() -> CodespeedDates.parse(text, "date")).isInstanceOf(CodespeedException.class)
            .hasMessageStartingWith("{'date': [\"'" + text + "' value ")
            .hasMessageContaining(words);
    }

    /** Codespeed 0.11 and 0.13 write strftime('%Y/%m/%d %H:%M:%S %z') of a naive date: %z is empty. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = { "2011-04-13T17:04:22Z|'2011/04/13 17:04:22 '",
            "2011-04-13T17:04:22.25Z|'2011/04/13 17:04:22 '", "2011-04-13T17:00:00Z|'2011/04/13 17:00:00 '" })
    void formatWhenWrittenForATimelineWritesCodespeedsStrftime(String instant, String slashed) {
        assertThat(CodespeedDates.slashed(Instant.parse(instant))).isEqualTo(slashed);
    }

    /** The last date read is kept: the same text again, another one, a refused one between them all read anew. */
    @org.junit.jupiter.api.Test
    void parseWhenTheSameTextComesAgainReadsWhatItReadAndRefusesWhatItRefused() {
        String[] texts = { "2024-03-14 02:11:09.123456", "2024-03-14 02:11:09.123456", "2024-03-15",
            "2024-03-14 02:11:09.123456", "2024-02-30 00:00:00", "2024-02-30 00:00:00", "2024-03-15", "2024-03-15",
            "2024-03-14T02:11:09+02:00", "2024-03-14T02:11:09Z" };
        String[] expected = { "2024-03-14T02:11:09.123456Z", "2024-03-14T02:11:09.123456Z", "2024-03-15T00:00:00Z",
            "2024-03-14T02:11:09.123456Z", null, null, "2024-03-15T00:00:00Z", "2024-03-15T00:00:00Z",
            "2024-03-14T00:11:09Z", "2024-03-14T02:11:09Z" };
        for (int i = 0; i < texts.length; i++) {
            String text = texts[i];
            if (expected[i] == null) {
                String field = i % 2 == 0 ? "date" : "revision_date";
                assertThatThrownBy(() -> CodespeedDates.parse(text, field)).isInstanceOf(CodespeedException.class)
                    .hasMessageStartingWith("{'" + field + "': [\"'" + text + "' value has the correct format");
            }
            else {
                assertThat(CodespeedDates.parse(text, "date")).as(text).isEqualTo(Instant.parse(expected[i]));
            }
        }
    }

    /** The last two dates written are kept: whatever order they come in, each is written as its toString. */
    @org.junit.jupiter.api.Test
    void textWhenDatesRepeatOrAlternateWritesEachAsItsToString() {
        Instant[] instants = { Instant.parse("2024-03-14T02:11:09.123456Z"), Instant.parse("2024-03-15T00:00:00Z"),
            Instant.parse("2024-03-14T02:11:09.123456Z"), null, Instant.parse("2024-03-15T00:00:00Z"),
            Instant.parse("2024-03-16T00:00:00.5Z"), Instant.parse("2024-03-14T02:11:09.123456Z"),
            Instant.parse("2024-03-14T02:11:09.123456Z"), Instant.ofEpochSecond(0) };
        for (Instant instant : instants) {
            assertThat(CodespeedDates.text(instant)).isEqualTo("" + instant);
        }
    }
}
