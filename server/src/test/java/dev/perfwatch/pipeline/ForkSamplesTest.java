package dev.perfwatch.pipeline;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The samples reader detection uses, and the cache of what it read. */
class ForkSamplesTest {

    @Test
    void parseWhenForksHoldNullsKeepsTheFiniteSamplesAndDropsEmptyForks() {
        assertThat(ForkSamples.parse("[[1.5,2.25,null],[null,null],[3,-4e-05, 1E+3]]"))
            .isDeepEqualTo(new double[][] { { 1.5, 2.25 }, { 3, -4e-05, 1000 } });
    }

    @Test
    void parseWhenTheTextHoldsNoForksGivesNone() {
        assertThat(ForkSamples.parse("[]")).isEmpty();
        assertThat(ForkSamples.parse(null)).isEmpty();
        assertThat(ForkSamples.parse("[1, 2]")).as("a flat array is no forks").isEmpty();
        assertThat(ForkSamples.parse("[[\"NaN\", 7]]")).isDeepEqualTo(new double[][] { { 7 } });
    }

    @Test
    void parseWhenAForkIsLongGrowsItsBuffer() {
        StringBuilder text = new StringBuilder("[[");
        for (int i = 0; i < 100; i++) {
            text.append(i == 0 ? "" : ",").append(i);
        }
        double[][] forks = ForkSamples.parse(text.append("],[5]]").toString());
        assertThat(forks[0]).hasSize(100).endsWith(99.0);
        assertThat(forks[1]).containsExactly(5.0);
    }

    @Test
    void cacheWhenFullDropsTheLeastRecentlyUsed() {
        // Each entry costs its samples and SampleCache.ENTRY (20): 30 + 30 + 23 > 70.
        SampleCache cache = new SampleCache(70);
        SampleCache.Key a = new SampleCache.Key(UUID.randomUUID(), 1);
        SampleCache.Key b = new SampleCache.Key(UUID.randomUUID(), 1);
        SampleCache.Key c = new SampleCache.Key(UUID.randomUUID(), 2);
        cache.put(a, new SampleCache.Samples(new double[][] { new double[10] }, null));
        cache.put(b, new SampleCache.Samples(new double[][] { new double[10] }, null));
        assertThat(cache.get(a)).isNotNull(); // a is now used more recently than b
        cache.put(c, new SampleCache.Samples(new double[][] { new double[3] }, null));

        assertThat(cache.get(b)).as("least recently used").isNull();
        assertThat(cache.get(a)).isNotNull();
        assertThat(cache.get(c)).isNotNull();
        assertThat(cache.entries()).isEqualTo(2);
    }
}
