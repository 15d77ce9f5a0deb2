package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Names cut into the words people see in them, lower case: camelCase humps, runs of capitals (HTTPServer → http,
 * server), runs of digits and anything between separators. The ranking matches typed letters to word starts, so
 * "rm" finds recordMeasurement and "nas" NON_ASCII.
 */
final class Words {

    private Words() {
    }

    static List<String> of(String text) {
        List<String> words = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            if (!Character.isLetterOrDigit(c)) {
                if (start >= 0) {
                    words.add(text.substring(start, i).toLowerCase(Locale.ROOT));
                    start = -1;
                }
                continue;
            }
            if (start >= 0 && startsWord(text, i)) {
                words.add(text.substring(start, i).toLowerCase(Locale.ROOT));
                start = i;
            }
            if (start < 0) {
                start = i;
            }
        }
        return words;
    }

    /**
     * A new word at i: a capital after a small letter, letters after digits or back, the last capital of a run
     * before small letters.
     */
    private static boolean startsWord(String text, int i) {
        char previous = text.charAt(i - 1);
        char c = text.charAt(i);
        if (Character.isDigit(previous) != Character.isDigit(c)) {
            return true;
        }
        if (Character.isUpperCase(c) && Character.isLowerCase(previous)) {
            return true;
        }
        return Character.isUpperCase(c) && Character.isUpperCase(previous) && i + 1 < text.length()
                && Character.isLowerCase(text.charAt(i + 1));
    }
}
