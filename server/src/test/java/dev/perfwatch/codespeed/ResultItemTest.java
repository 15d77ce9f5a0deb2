package dev.perfwatch.codespeed;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultItemTest {

    static Map<String, String> sample() {
        Map<String, String> fields = new HashMap<>();
        CodespeedClient.codespeedSample("MyProject", "float", "Dual Core")
            .forEach((key, value) -> fields.put(key, String.valueOf(value)));
        return fields;
    }

    @Test
    void fingerprintTextWhenFieldsAreMissingOrNotFiniteIsTheRecordsToString() {
        Map<String, String> full = sample();
        full.put("std_dev", "NaN");
        full.put("min", "-inf");
        full.put("revision_date", "2026-01-02 03:04:05.123456");
        full.put("result_date", "2026-01-02 03:04:05");
        full.put("lessisbetter", "true");
        ResultItem item = ResultItem.read(full::get, name -> true);
        assertThat(item.fingerprintText()).isEqualTo(item.toString());

        Map<String, String> bare = new HashMap<>();
        for (String key : ResultItem.MANDATORY) {
            bare.put(key, sample().get(key));
        }
        ResultItem minimal = ResultItem.read(bare::get, name -> true);
        assertThat(minimal.fingerprintText()).isEqualTo(minimal.toString());
        assertThat(new ResultItem(null, null, null, null, null, null, Double.NaN, null, null, null, null, null, null,
                null, null, null, null, null, null).fingerprintText())
            .isEqualTo(new ResultItem(null, null, null, null, null, null, Double.NaN, null, null, null, null, null,
                    null, null, null, null, null, null, null).toString());
    }

    @Test
    void readWhenEnvironmentUnknownAndRefusedRefusesWithCodespeedWords() {
        Map<String, String> fields = sample();
        fields.put("environment", "10 Core");

        assertThatThrownBy(() -> ResultItem.read(fields::get, name -> false)).isInstanceOf(CodespeedException.class)
            .hasMessage("Environment 10 Core not found");
    }

    @Test
    void readWhenKeyMissingReportsTheFirstInCodespeedsOrder() {
        Map<String, String> fields = sample();
        fields.remove("result_value");
        fields.remove("branch");

        assertThatThrownBy(() -> ResultItem.read(fields::get, name -> true))
            .hasMessage("Key \"branch\" missing from request");
    }

    @ParameterizedTest
    @CsvSource({ "True,true", "t,true", "1,true", "true,true", "False,false", "f,false", "0,false", "false,false" })
    void readWhenLessisbetterIsDjangoBooleanReadsIt(String text, boolean expected) {
        Map<String, String> fields = sample();
        fields.put("lessisbetter", text);

        assertThat(ResultItem.read(fields::get, name -> true).lessisbetter()).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = { "yes", "maybe", "2" })
    void readWhenLessisbetterIsNoBooleanRefusesNamingIt(String text) {
        Map<String, String> fields = sample();
        fields.put("lessisbetter", text);

        assertThatThrownBy(() -> ResultItem.read(fields::get, name -> true))
            .hasMessage("Value for key \"lessisbetter\" must be True or False, not \"" + text + "\"");
    }

    @ParameterizedTest
    @CsvSource({ "456,456.0", "1e3,1000.0", "-2.5,-2.5", "' 7 ',7.0", ".5,0.5", "NaN,NaN", "inf,Infinity" })
    void readWhenResultValueIsPythonFloatReadsIt(String text, double expected) {
        Map<String, String> fields = sample();
        fields.put("result_value", text);

        assertThat(Double.valueOf(ResultItem.read(fields::get, name -> true).resultValue())).isEqualTo(Double.valueOf(expected));
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "None" })
    void readWhenOptionalValueIsEmptyOrNoneTakesItAsNotGiven(String text) {
        Map<String, String> fields = sample();
        fields.put("std_dev", text);
        fields.put("revision_date", text);
        fields.put("min", text);

        ResultItem item = ResultItem.read(fields::get, name -> true);

        assertThat(item.stdDev()).isNull();
        assertThat(item.revisionDate()).isNull();
        assertThat(item.min()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = { "0x10", "12abc", "1,5" })
    void readWhenStdDevIsNoNumberRefusesNamingIt(String text) {
        Map<String, String> fields = sample();
        fields.put("std_dev", text);

        assertThatThrownBy(() -> ResultItem.read(fields::get, name -> true))
            .hasMessage("Value for key \"std_dev\" must be a number, not \"" + text + "\"");
    }

    /** The pattern and the switch that read a number before the plain-decimal shortcut, verbatim. */
    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile(
            "[+-]?(\\d+\\.?\\d*(e[+-]?\\d+)?|\\.\\d+(e[+-]?\\d+)?|nan|inf|infinity)");

    private static Double readByPattern(String text) {
        String value = text.strip();
        if (!NUMBER.matcher(value.toLowerCase(java.util.Locale.ROOT)).matches()) {
            return null;
        }
        return switch (value.toLowerCase(java.util.Locale.ROOT).replace("+", "")) {
            case "nan", "-nan" -> Double.NaN;
            case "inf", "infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(value);
        };
    }

    /** Every short text of digits, signs, points and exponents, and some others: read as the pattern read them. */
    @Test
    void readWhenTheValueIsAPlainDecimalOrNotReadsItAsThePatternDid() {
        char[] alphabet = "0123456789+-.eE xn".toCharArray();
        java.util.Random random = new java.util.Random(5);
        int plain = 0;
        int refused = 0;
        java.util.List<String> texts = new java.util.ArrayList<>(java.util.List.of("1", "-0", "+1.", "1.5e-3",
                "1E+300", "1e999", "123456789012345678901234567890", ".5", "5.", "nan", "-inf", "Infinity", "1e",
                "1e+", "--1", "+", "", " 7 ", "0x10", "1d", "١٢"));
        for (int i = 0; i < 200_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int c = random.nextInt(9); c > 0; c--) {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            texts.add(text.toString());
        }
        for (String text : texts) {
            Double expected = readByPattern(text);
            Map<String, String> fields = sample();
            fields.put("result_value", text);
            if (text.isBlank()) {
                continue; // refused as empty or missing before it is read as a number
            }
            if (expected == null) {
                refused++;
                assertThatThrownBy(() -> ResultItem.read(fields::get, name -> true)).as(text)
                    .hasMessage("Value for key \"result_value\" must be a number, not \"" + text.strip() + "\"");
            }
            else {
                plain += ResultItem.plainDecimal(text.strip()) ? 1 : 0;
                assertThat(ResultItem.read(fields::get, name -> true).resultValue()).as(text).isEqualTo(expected);
            }
        }
        assertThat(plain).as("the shortcut was taken").isGreaterThan(1000);
        assertThat(refused).isGreaterThan(1000);
    }
}
