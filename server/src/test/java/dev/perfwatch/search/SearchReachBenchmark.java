package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The search target measured in full (not a test: run on purpose, figures in docs/ui.md#search): over the
 * 10,000-case JmhCorpus, for every case the shortest query of at most three keystrokes that shows it among the
 * first 20, 50 and 100 case hits, and the time the ranking takes per query. Run:
 * {@code ./mvnw -pl server -am test -Dgroups=benchmark -DexcludedGroups=none -Dtest=SearchReachBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
class SearchReachBenchmark {

    static final int CASES = Integer.getInteger("bench.cases", 10_000);

    @Test
    void reach() {
        List<Catalog.Stored> corpus = JmhCorpus.cases(CASES);
        if (Boolean.getBoolean("bench.timingOnly")) {
            timing(corpus);
            return;
        }
        for (int shown : new int[] { 100, 50, 20 }) {
            long started = System.nanoTime();
            Reach reach = new Reach(corpus, shown);
            Map<Integer, Integer> byLength = new TreeMap<>();
            List<String> missed = new ArrayList<>();
            for (int i = 0; i < corpus.size(); i++) {
                String query = reach.shortest(i);
                byLength.merge(query == null ? 0 : query.length(), 1, Integer::sum);
                if (query == null && missed.size() < 15) {
                    Catalog.Entry entry = reach.project().cases().get(i);
                    missed.add(entry.benchmark() + " " + entry.params());
                }
            }
            int reached = corpus.size() - byLength.getOrDefault(0, 0);
            System.out.printf("shown %d: %d of %d cases (%.2f%%) in <= 3 keystrokes; by length %s (0 = none);"
                    + " %.0f s%n", shown, reached, corpus.size(), 100.0 * reached / corpus.size(), byLength,
                    (System.nanoTime() - started) / 1e9);
            missed.forEach(line -> System.out.println("  missed: " + line));
        }
        timing(corpus);
    }

    /** The in-memory ranking alone, per query over every case (the server adds reading the catalog's version). */
    private static void timing(List<Catalog.Stored> corpus) {
        long[] builds = new long[11];
        for (int i = 0; i < builds.length; i++) {
            long started = System.nanoTime();
            Catalog.index(Catalog.Version.EMPTY, corpus);
            builds[i] = System.nanoTime() - started;
        }
        java.util.Arrays.sort(builds);
        System.out.printf("catalog of %d cases built in: median %.1f ms (first %.1f ms)%n", corpus.size(),
                builds[5] / 1e6, builds[builds.length - 1] / 1e6);
        Catalog.Project project = Catalog.index(Catalog.Version.EMPTY, corpus);
        for (String query : List.of("a", "rm", "rme", "smb", "1d", "agg", "recordmeasurement 1000 sum")) {
            String[] pieces = Terms.of(query).pieces();
            long[] times = new long[31];
            for (int i = 0; i < times.length; i++) {
                long started = System.nanoTime();
                Ranking.top(project.cases(), Catalog.Entry::text, pieces, 100);
                times[i] = System.nanoTime() - started;
            }
            java.util.Arrays.sort(times);
            System.out.printf("rank '%s' over %d cases: median %.1f ms%n", query, corpus.size(), times[15] / 1e6);
        }
    }
}
