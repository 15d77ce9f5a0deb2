package dev.perfwatch.codespeed;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dates as Codespeed reads and writes them. It reads {@code revision_date} and {@code result_date} with Django's
 * {@code DateTimeField} (a date, or a date and time with an optional fraction and offset; a naive time is taken as
 * UTC here), and writes the timeline's dates in the format of the Codespeed version a client expects.
 */
final class CodespeedDates {

    /** Django's {@code datetime_re}, and its date-only fallback. */
    private static final Pattern DATE_TIME = Pattern.compile(
            "(\\d{4})-(\\d{1,2})-(\\d{1,2})(?:[T ](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:[.,](\\d{1,6})\\d{0,6})?)?"
                    + "\\s*(Z|[+-]\\d{2}(?::?\\d{2})?)?)?");

    private static final DateTimeFormatter SLASHED = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss");

    private CodespeedDates() {
    }

    /**
     * Reads a date as Django does, refusing it with Django's words (which Codespeed passes on in its 400).
     *
     * @param field Django's name of the field ({@code date}), used in the refusal
     */
    static Instant parse(String value, String field) {
        Parsed known = last;
        if (known != null && known.text().equals(value)) {
            return known.instant();
        }
        Instant instant = parseAnew(value, field);
        last = new Parsed(value, instant);
        return instant;
    }

    /**
     * The last date read and what it came to. A post's results mostly share their revision and result dates, and
     * Django's pattern matched for each of them was half of reading a result; the same text reads the same, and a
     * refusal is not kept. Shared by the request threads: one immutable pair, replaced whole.
     */
    private record Parsed(String text, Instant instant) {
    }

    private static volatile Parsed last;

    /**
     * {@code instant.toString()} ("null" for null, as string concatenation writes it), the last two kept (a result's
     * revision and result dates) as {@link #parse} keeps its: a post's results share their dates, and formatting
     * each of them for the run's fingerprint and again for its metadata was a quarter of the fingerprint.
     */
    static String text(Instant instant) {
        if (instant == null) {
            return "null";
        }
        Written known = lastWritten;
        if (known != null) {
            if (known.instant().equals(instant)) {
                return known.text();
            }
            if (known.before() != null && known.before().instant().equals(instant)) {
                return known.before().text();
            }
        }
        String text = instant.toString();
        lastWritten = new Written(instant, text,
                known == null ? null : new Written(known.instant(), known.text(), null));
        return text;
    }

    /** A date written, and the one written before it. */
    private record Written(Instant instant, String text, Written before) {
    }

    private static volatile Written lastWritten;

    private static Instant parseAnew(String value, String field) {
        Matcher match = DATE_TIME.matcher(value.strip());
        if (!match.matches()) {
            throw new CodespeedException("{'" + field + "': [\"'" + value
                    + "' value has an invalid format. It must be in YYYY-MM-DD HH:MM[:ss[.uuuuuu]][TZ] format.\"]}");
        }
        try {
            LocalDate date = LocalDate.of(Integer.parseInt(match.group(1)), Integer.parseInt(match.group(2)),
                    Integer.parseInt(match.group(3)));
            if (match.group(4) == null) {
                return date.atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            String fraction = match.group(7) == null ? "0" : (match.group(7) + "00000").substring(0, 6);
            LocalDateTime time = date.atTime(Integer.parseInt(match.group(4)), Integer.parseInt(match.group(5)),
                    match.group(6) == null ? 0 : Integer.parseInt(match.group(6)), Integer.parseInt(fraction) * 1000);
            return time.toInstant(offset(match.group(8)));
        }
        catch (DateTimeException ex) {
            throw new CodespeedException("{'" + field + "': [\"'" + value + "' value has the correct format "
                    + "(YYYY-MM-DD HH:MM[:ss[.uuuuuu]][TZ]) but it is an invalid date/time.\"]}");
        }
    }

    private static ZoneOffset offset(String text) {
        if (text == null || text.equals("Z")) {
            return ZoneOffset.UTC;
        }
        String digits = text.replace(":", "");
        int hours = Integer.parseInt(digits.substring(1, 3));
        int minutes = digits.length() > 3 ? Integer.parseInt(digits.substring(3, 5)) : 0;
        int sign = digits.charAt(0) == '-' ? -1 : 1;
        return ZoneOffset.ofHoursMinutes(sign * hours, sign * minutes);
    }

    /**
     * {@code strftime('%Y/%m/%d %H:%M:%S %z')} as Codespeed 0.11 and 0.13 write timeline dates. Codespeed keeps
     * naive dates (Django's {@code USE_TZ} is off in its settings), so {@code %z} is empty and the date ends in a
     * space; ours are the UTC wall clock, which is the time a client sent when it sent none with an offset.
     */
    static String slashed(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC).format(SLASHED) + " ";
    }
}
