package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The search target measured: for a case, the shortest query of at most three keystrokes (letters, digits, one
 * space between two words) that puts it among the first {@code shown} case hits, which the box shows at once. The
 * queries tried are those that can find the case by the ranking's word starts or as text inside its name (a query
 * matching it only with its letters scattered ranks it last and is left out, so the share is, if anything, low).
 */
final class Reach {

    static final int MAX_KEYSTROKES = 3;

    private final Catalog.Project project;

    private final int shown;

    private final Map<String, BitSet> visible = new HashMap<>();

    Reach(List<Catalog.Stored> corpus, int shown) {
        this.project = Catalog.index(Catalog.Version.EMPTY, corpus);
        this.shown = shown;
    }

    Catalog.Project project() {
        return project;
    }

    /** The shortest query that shows the case at this index, or null when none of three keystrokes does. */
    String shortest(int index) {
        for (String query : candidates(project.cases().get(index).text())) {
            if (visible(query).get(index)) {
                return query;
            }
        }
        return null;
    }

    /** The indexes of the cases shown for a query, as the server ranks them. */
    BitSet visible(String query) {
        return visible.computeIfAbsent(query, typed -> {
            List<Catalog.Entry> cases = project.cases();
            Map<Catalog.Entry, Integer> index = new HashMap<>();
            List<Catalog.Entry> top = Ranking.top(cases, Catalog.Entry::text, Terms.of(typed).pieces(), shown);
            BitSet shownNow = new BitSet(cases.size());
            if (!top.isEmpty()) {
                for (int i = 0; i < cases.size(); i++) {
                    index.put(cases.get(i), i);
                }
                top.forEach(entry -> shownNow.set(index.get(entry)));
            }
            return shownNow;
        });
    }

    /** The case's own short queries, shortest first: pieces of its words' starts, text inside it, two initials. */
    static List<String> candidates(Text text) {
        Set<String> found = new LinkedHashSet<>();
        String[] words = text.words();
        for (int length = 1; length <= MAX_KEYSTROKES; length++) {
            chains("", 0, length, words, found);
            String whole = text.whole();
            for (int i = 0; i + length <= whole.length(); i++) {
                String piece = whole.substring(i, i + length);
                if (piece.chars().allMatch(Character::isLetterOrDigit)) {
                    found.add(piece);
                }
            }
            if (length == 3) {
                for (int a = 0; a < words.length; a++) {
                    for (int b = 0; b < words.length; b++) {
                        found.add(words[a].charAt(0) + " " + words[b].charAt(0));
                    }
                }
            }
        }
        List<String> ordered = new ArrayList<>(found);
        ordered.sort(Comparator.comparingInt(String::length));
        return ordered;
    }

    private static void chains(String prefix, int from, int length, String[] words, Set<String> found) {
        if (prefix.length() == length) {
            found.add(prefix);
            return;
        }
        for (int t = from; t < words.length; t++) {
            for (int l = 1; l <= Math.min(words[t].length(), length - prefix.length()); l++) {
                chains(prefix + words[t].substring(0, l), t + 1, length, words, found);
            }
        }
    }
}
