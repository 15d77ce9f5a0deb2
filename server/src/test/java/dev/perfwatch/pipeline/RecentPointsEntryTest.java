package dev.perfwatch.pipeline;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's result added to a series' cached points lands where the points statement would place it (by position,
 * then run id as PostgreSQL orders uuids: unsigned bytes) and the oldest go beyond 200, as the statement's
 * {@code order by position desc, run_id desc limit 200} leaves them out. RecentPointsTest compares whole detections
 * on real PostgreSQL; its histories are shorter than 200 points.
 */
class RecentPointsEntryTest {

    private static final UUID LOW = UUID.fromString("10000000-0000-0000-0000-000000000000");

    /** Negative as a Java long: UUID.compareTo puts it first, PostgreSQL last. */
    private static final UUID HIGH = UUID.fromString("f0000000-0000-0000-0000-000000000000");

    @Test
    void resultOfALaterCommitIsAppendedAndTheOldestGoesBeyond200() {
        RecentPoints.Entry entry = entry(200, HIGH);
        PipelineStore.PointRow own = point(201, UUID.randomUUID());

        List<PipelineStore.PointRow> rows = entry.with(own, true);

        assertThat(rows).hasSize(PipelineStore.POINTS);
        assertThat(rows.get(0).position()).isEqualTo(BigDecimal.valueOf(2));
        assertThat(rows.get(rows.size() - 1)).isSameAs(own);
    }

    @Test
    void reRunOfTheNewestCommitIsPlacedByUnsignedRunIdAndTheOldestGoes() {
        RecentPoints.Entry entry = entry(200, HIGH);
        PipelineStore.PointRow own = point(200, LOW);

        List<PipelineStore.PointRow> rows = entry.with(own, true);

        assertThat(rows).hasSize(PipelineStore.POINTS);
        assertThat(rows.get(rows.size() - 2)).as("0x10… before 0xf0… as PostgreSQL orders them").isSameAs(own);
        assertThat(rows.get(rows.size() - 1).run()).isEqualTo(HIGH);
        assertThat(rows.get(0).position()).isEqualTo(BigDecimal.valueOf(2));
    }

    @Test
    void oldestCommitWithReRunsKeepsTheHigherRunIdsAsTheStatementDoes() {
        List<PipelineStore.PointRow> rows = new ArrayList<>();
        rows.add(point(1, LOW));
        rows.add(point(1, HIGH));
        for (int p = 2; p <= 199; p++) {
            rows.add(point(p, UUID.randomUUID()));
        }
        RecentPoints.Entry entry = new RecentPoints.Entry(rows, BigDecimal.valueOf(199), 7);

        List<PipelineStore.PointRow> read = entry.with(point(200, UUID.randomUUID()), true);

        assertThat(read).hasSize(PipelineStore.POINTS);
        assertThat(read.get(0).run()).isEqualTo(HIGH);
    }

    @Test
    void runAlreadyHeldOrNotCountedChangesNothingAndOneBeforeTheTailCannotBeAnswered() {
        RecentPoints.Entry entry = entry(50, LOW);
        PipelineStore.PointRow held = entry.rows().get(entry.rows().size() - 1);

        assertThat(entry.with(held, true)).isSameAs(entry.rows());
        assertThat(entry.with(point(51, UUID.randomUUID()), false)).isSameAs(entry.rows());
        assertThat(entry.with(point(49, UUID.randomUUID()), true)).isNull();
    }

    @Test
    void cacheForgetsTheLeastRecentlyUsedSeriesBeyondItsCapacity() {
        RecentPoints cache = new RecentPoints(3 * 50 * (RecentPoints.POINT + 6));
        for (long series = 1; series <= 4; series++) {
            cache.put(series, entry(50, LOW));
            cache.get(1);
        }

        assertThat(cache.size()).isEqualTo(3);
        assertThat(cache.get(1)).as("used last").isNotNull();
        assertThat(cache.get(2)).as("least recently used").isNull();
        assertThat(new RecentPoints(0).size()).isZero();
    }

    /** Points at positions 1..n, the newest by {@code newest}. */
    private static RecentPoints.Entry entry(int n, UUID newest) {
        List<PipelineStore.PointRow> rows = new ArrayList<>();
        for (int p = 1; p <= n; p++) {
            rows.add(point(p, p == n ? newest : UUID.randomUUID()));
        }
        return new RecentPoints.Entry(List.copyOf(rows), BigDecimal.valueOf(n), 7);
    }

    private static PipelineStore.PointRow point(int position, UUID run) {
        return new PipelineStore.PointRow(1, position, BigDecimal.valueOf(position), run, 100 + position, 1,
                new double[][] { { 1, 2, 3 }, { 4, 5, 6 } });
    }
}
