package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The search target in the build, on a small scale: in a 2,000-case project of realistic JMH families (JmhCorpus),
 * a sample of cases each reached by a query of at most three keystrokes among the 100 hits the box shows. The whole
 * measurement over 10,000 cases is SearchReachBenchmark.
 */
class SearchReachTest {

    @Test
    void rankWhenAnySampledCaseIsWantedShowsItForAQueryOfThreeKeystrokes() {
        Reach reach = new Reach(JmhCorpus.cases(2_000), 100);
        Random random = new Random(7);
        List<String> missed = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            int index = random.nextInt(reach.project().cases().size());
            if (reach.shortest(index) == null) {
                Catalog.Entry entry = reach.project().cases().get(index);
                missed.add(entry.benchmark() + " " + entry.params());
            }
        }
        assertThat(missed).isEmpty();
    }

    @Test
    void rankWhenInitialsOfAMethodTypedShowsEveryCaseOfThatFamily() {
        Reach reach = new Reach(JmhCorpus.cases(2_000), 100);
        List<Catalog.Entry> cases = reach.project().cases();
        var shown = reach.visible("rme");
        long family = cases.stream().filter(entry -> entry.benchmark().endsWith("MetricsBenchmark.recordMeasurement"))
            .count();
        long found = shown.stream().mapToObj(cases::get)
            .filter(entry -> entry.benchmark().endsWith("MetricsBenchmark.recordMeasurement")).count();

        assertThat(family).isEqualTo(60);
        assertThat(found).isEqualTo(family);
    }
}
