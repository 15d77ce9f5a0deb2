package dev.perfwatch.search;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The ranking's rules on names people type at: humps, whole values, values counted up, matches inside words. */
class RankingTest {

    private static final Catalog.Project PROJECT = Catalog.index(Catalog.Version.EMPTY, JmhCorpus.cases(2_000));

    /** Each hit as "class.method name=value … mode" in lower case. */
    private static List<String> top(String query, int limit) {
        return Ranking.top(PROJECT.cases(), Catalog.Entry::text, Terms.of(query).pieces(), limit).stream()
            .map(entry -> entry.text().whole())
            .toList();
    }

    @Test
    void wordsWhenNamesMixCapitalsDigitsAndSeparatorsAreCutWherePeopleSeeThem() {
        assertThat(Words.of("HTTPServerBenchmark.aggregate_10Threads")).containsExactly("http", "server", "benchmark",
                "aggregate", "10", "threads");
        assertThat(Words.of("NON_ASCII")).containsExactly("non", "ascii");
    }

    @Test
    void rankWhenAValueIsTypedWholePutsItBeforeValuesStartingWithIt() {
        assertThat(top("rme 1", 30)).allMatch(line -> line.startsWith("metricsbenchmark.recordmeasurement ")
                && line.contains("=1 "));
    }

    @Test
    void rankWhenOneFamilyMatchesEquallyCountsItsValuesUp() {
        List<String> family = top("rme", 60);

        assertThat(family).hasSize(60).allMatch(line -> line.startsWith("metricsbenchmark.recordmeasurement "));
        assertThat(family.get(0)).contains(" cardinality=1 ");
        assertThat(family.get(59)).contains(" cardinality=1000 ");
    }

    @Test
    void scoreWhenTheLettersAreInsideAWordOrScatteredStillMatchesButBelowWordStarts() {
        Text text = Text.of("org.example.StringBenchmark.write", List.of("alphabet=NON_ASCII"), "thrpt");
        int starts = Ranking.score("nas", text);
        int inside = Ranking.score("scii", text);
        int scattered = Ranking.score("rgh", text);

        assertThat(starts).isGreaterThan(inside);
        assertThat(inside).isGreaterThan(scattered);
        assertThat(scattered).isZero();
        assertThat(Ranking.score("zzq", text)).isEqualTo(Ranking.NO_MATCH);
    }
}
