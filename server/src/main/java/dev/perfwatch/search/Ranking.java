package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * How well one typed word matches a name: its letters taken as prefixes of the name's words in reading order
 * ("rmd1" = <b>r</b>ecord<b>M</b>easurement aggregationTemporality=<b>D</b>ELTA cardinality=<b>1</b>), the
 * way IDEs find classes by their humps. Letters covering more of fewer words score higher; a whole word ("1", not
 * the "1" of "1000") more still; method words and parameter values, which tell cases apart, more than class and
 * parameter names. A word found only inside a word, or only with its letters in order anywhere, still matches,
 * below every hump match. The measurement of what this reaches in three keystrokes is in
 * docs/ui.md#search-and-the-header-on-a-phone.
 */
final class Ranking {

    static final int NO_MATCH = -1;

    /** Per letter, by the kind of word it lands in (Text.CLASS, METHOD, NAME, VALUE, MODE). */
    private static final int[] WEIGHT = { 3, 4, 2, 4, 1 };

    private static final int WHOLE_WORD = 3;

    private static final int NEXT_WORD = 1;

    private static final int EXTRA_PIECE = -3;

    private static final int METHOD_START = 2;

    private static final int NEGATIVE = Integer.MIN_VALUE / 4;

    private Ranking() {
    }

    /** The sum over the typed words, or NO_MATCH when one of them is not in the text. */
    static int score(String[] typed, Text text) {
        int total = 0;
        for (String word : typed) {
            int one = score(word, text);
            if (one == NO_MATCH) {
                return NO_MATCH;
            }
            total += one;
        }
        return total;
    }

    /**
     * The best {@code limit} of the items, best first; equal scores keep the items' order (a project's cases are in
     * reading order, so one benchmark's cases stay together, their values counted up).
     */
    static <T> List<T> top(List<T> items, Function<T, Text> text, String[] typed, int limit) {
        int[] scores = new int[items.size()];
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            scores[i] = score(typed, text.apply(items.get(i)));
            if (scores[i] != NO_MATCH) {
                found.add(i);
            }
        }
        found.sort(Comparator.comparingInt((Integer i) -> -scores[i]).thenComparingInt(i -> i));
        return found.stream().limit(limit).map(items::get).toList();
    }

    static int score(String word, Text text) {
        int humps = humps(word, text);
        if (humps > 0) {
            return humps + word.length() + 1;
        }
        if (text.whole().contains(word)) {
            return word.length();
        }
        return inOrder(word, text.whole()) ? 0 : NO_MATCH;
    }

    /**
     * The best split of the word into prefixes of successive words, by dynamic programming from the end:
     * best[i][t][adjacent] is the best score of word[i..] over the text's words from t on, adjacent when the piece
     * before ended on word t - 1.
     */
    private static int humps(String word, Text text) {
        String[] words = text.words();
        int m = word.length();
        int n = words.length;
        int[] best = new int[(m + 1) * (n + 1) * 2];
        for (int i = m; i >= 0; i--) {
            for (int t = n; t >= 0; t--) {
                for (int adjacent = 0; adjacent < 2; adjacent++) {
                    int value;
                    if (i == m) {
                        value = 0;
                    } else if (t == n) {
                        value = NEGATIVE;
                    } else {
                        value = best[index(i, t + 1, 0, n)];
                        String candidate = words[t];
                        int length = Math.min(m - i, candidate.length());
                        for (int l = 1; l <= length && word.charAt(i + l - 1) == candidate.charAt(l - 1); l++) {
                            int piece = l * WEIGHT[text.kinds()[t]] + (l == candidate.length() ? WHOLE_WORD : 0);
                            if (i > 0) {
                                piece += EXTRA_PIECE + (adjacent == 1 ? NEXT_WORD : 0);
                            } else if (t == text.methodStart()) {
                                piece += METHOD_START;
                            }
                            value = Math.max(value, piece + best[index(i + l, t + 1, 1, n)]);
                        }
                    }
                    best[index(i, t, adjacent, n)] = value;
                }
            }
        }
        return Math.max(best[index(0, 0, 0, n)], 0);
    }

    private static int index(int i, int t, int adjacent, int n) {
        return (i * (n + 1) + t) * 2 + adjacent;
    }

    private static boolean inOrder(String word, String whole) {
        int at = 0;
        for (int i = 0; i < word.length(); i++) {
            at = whole.indexOf(word.charAt(i), at);
            if (at < 0) {
                return false;
            }
            at++;
        }
        return true;
    }
}
