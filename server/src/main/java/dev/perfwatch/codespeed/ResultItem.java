package dev.perfwatch.codespeed;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One result as Codespeed's {@code save_result} reads it: the fields of a {@code /result/add/} form, or one element
 * of the {@code json} array of {@code /result/add/json/}. Checked in Codespeed's order (mandatory keys, then the
 * environment, then the commit id) with Codespeed's words; where Codespeed fails with a 500 (a value that is not a
 * number, a lessisbetter that is not a boolean) this refuses with a 400 that names the key.
 *
 * @param tag an extension Codespeed ignores: the revision's tag, which imports carry over
 */
record ResultItem(String commitid, String branch, String project, String executable, String benchmark,
        String environment, double resultValue, Double stdDev, Double min, Double max, Double q1, Double q3,
        Instant revisionDate, Instant resultDate, String units, String unitsTitle, Boolean lessisbetter,
        String description, String tag) {

    /**
     * The record's own {@code toString}, character for character: run ids of Codespeed posts derive from it (a
     * retried post must find its run), and JDK 17 builds it with {@code String.format}, which was a tenth of a
     * Codespeed post's request time. ResultItemTest holds the two equal.
     */
    String fingerprintText() {
        return "ResultItem[commitid=" + commitid + ", branch=" + branch + ", project=" + project + ", executable="
                + executable + ", benchmark=" + benchmark + ", environment=" + environment + ", resultValue="
                + resultValue + ", stdDev=" + stdDev + ", min=" + min + ", max=" + max + ", q1=" + q1 + ", q3=" + q3
                + ", revisionDate=" + CodespeedDates.text(revisionDate) + ", resultDate="
                + CodespeedDates.text(resultDate) + ", units=" + units
                + ", unitsTitle=" + unitsTitle + ", lessisbetter=" + lessisbetter + ", description=" + description
                + ", tag=" + tag + "]";
    }

    /** Codespeed's {@code mandatory_data}, in its order: the first one missing is the one reported. */
    static final List<String> MANDATORY = List.of("commitid", "branch", "project", "executable", "benchmark",
            "environment", "result_value");

    private static final Pattern NUMBER = Pattern.compile(
            "[+-]?(\\d+\\.?\\d*(e[+-]?\\d+)?|\\.\\d+(e[+-]?\\d+)?|nan|inf|infinity)");

    /** The raw fields of one result: the value as text, {@code null} when the key is absent. */
    @FunctionalInterface
    interface Fields {

        String get(String key);
    }

    /** Whether an environment exists, when unknown environments are refused as Codespeed refuses them. */
    @FunctionalInterface
    interface Environments {

        boolean exists(String name);
    }

    static ResultItem read(Fields fields, Environments environments) {
        for (String key : MANDATORY) {
            String value = fields.get(key);
            if (value == null) {
                throw new CodespeedException("Key \"" + key + "\" missing from request");
            }
            if (value.isEmpty()) {
                throw new CodespeedException("Value for key \"" + key + "\" empty in request");
            }
        }
        String environment = fields.get("environment");
        if (!environments.exists(environment)) {
            throw new CodespeedException("Environment " + environment + " not found");
        }
        String commitid = fields.get("commitid");
        if (commitid.equals("None")) {
            throw new CodespeedException("['Invalid commit id None']");
        }
        return new ResultItem(commitid, fields.get("branch"), fields.get("project"), fields.get("executable"),
                fields.get("benchmark"), environment, number(fields, "result_value"), optionalNumber(fields, "std_dev"),
                optionalNumber(fields, "min"), optionalNumber(fields, "max"), optionalNumber(fields, "q1"),
                optionalNumber(fields, "q3"), date(fields, "revision_date"), date(fields, "result_date"),
                text(fields, "units"), text(fields, "units_title"), lessisbetter(fields), text(fields, "description"),
                text(fields, "tag"));
    }

    private static double number(Fields fields, String key) {
        String value = fields.get(key).strip();
        if (plainDecimal(value)) {
            return Double.parseDouble(value); // what the pattern and the switch below come to for such a value
        }
        if (!NUMBER.matcher(value.toLowerCase(Locale.ROOT)).matches()) {
            throw new CodespeedException("Value for key \"" + key + "\" must be a number, not \"" + value + "\"");
        }
        return switch (value.toLowerCase(Locale.ROOT).replace("+", "")) {
            case "nan", "-nan" -> Double.NaN;
            case "inf", "infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(value);
        };
    }

    /**
     * {@code [+-]?[0-9]+(.[0-9]*)?([eE][+-]?[0-9]+)?}, which {@link #NUMBER} accepts, checked without the pattern:
     * what clients send nearly always, and the pattern was a quarter of reading a result.
     */
    static boolean plainDecimal(String value) {
        int n = value.length();
        int i = 0;
        if (i < n && (value.charAt(i) == '+' || value.charAt(i) == '-')) {
            i++;
        }
        int digits = i;
        while (i < n && value.charAt(i) >= '0' && value.charAt(i) <= '9') {
            i++;
        }
        if (i == digits) {
            return false;
        }
        if (i < n && value.charAt(i) == '.') {
            i++;
            while (i < n && value.charAt(i) >= '0' && value.charAt(i) <= '9') {
                i++;
            }
        }
        if (i < n && (value.charAt(i) == 'e' || value.charAt(i) == 'E')) {
            i++;
            if (i < n && (value.charAt(i) == '+' || value.charAt(i) == '-')) {
                i++;
            }
            int exponent = i;
            while (i < n && value.charAt(i) >= '0' && value.charAt(i) <= '9') {
                i++;
            }
            if (i == exponent) {
                return false;
            }
        }
        return i == n;
    }

    /** Absent, empty and Python's {@code None} (what urlencoding a None gives) all mean "not given". */
    private static Double optionalNumber(Fields fields, String key) {
        return given(fields.get(key)) ? number(fields, key) : null;
    }

    private static Instant date(Fields fields, String key) {
        String value = fields.get(key);
        return given(value) ? CodespeedDates.parse(value, "date") : null;
    }

    private static String text(Fields fields, String key) {
        String value = fields.get(key);
        return value == null || value.isEmpty() ? null : value;
    }

    /** Django's {@code BooleanField}: True, False, t, f, 1, 0; JSON's true and false arrive as "true", "false". */
    private static Boolean lessisbetter(Fields fields) {
        String value = fields.get("lessisbetter");
        if (value == null || value.isEmpty()) {
            return null;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true", "t", "1" -> Boolean.TRUE;
            case "false", "f", "0" -> Boolean.FALSE;
            default -> throw new CodespeedException(
                    "Value for key \"lessisbetter\" must be True or False, not \"" + value + "\"");
        };
    }

    private static boolean given(String value) {
        return value != null && !value.isEmpty() && !value.equals("None");
    }
}
