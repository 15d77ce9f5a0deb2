package dev.perfwatch.search;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A copy brought up to date with the cases stored since is the copy read whole. */
class CatalogTest {

    @Test
    void projectWhenNewCasesMergedIsInTheOrderOfAWholeRead() {
        List<Catalog.Stored> all = JmhCorpus.cases(600);
        List<Catalog.Stored> older = all.subList(0, 400);
        List<Catalog.Stored> newer = all.subList(400, all.size());
        Catalog.Version now = new Catalog.Version(all.size(), all.get(all.size() - 1).id());

        Catalog.Project merged = Catalog.index(new Catalog.Version(400, older.get(399).id()), older).with(now, newer);
        Catalog.Project whole = Catalog.index(now, all);

        assertThat(merged.cases()).extracting(Catalog.Entry::id)
            .containsExactlyElementsOf(whole.cases().stream().map(Catalog.Entry::id).toList());
        assertThat(merged.benchmarks()).extracting(Catalog.Benchmark::name)
            .containsExactlyElementsOf(whole.benchmarks().stream().map(Catalog.Benchmark::name).toList());
        assertThat(merged.version()).isEqualTo(now);
    }
}
