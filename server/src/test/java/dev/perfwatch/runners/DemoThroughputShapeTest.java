package dev.perfwatch.runners;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.ChangePoint;
import dev.perfwatch.detection.Detector;
import dev.perfwatch.detection.Direction;
import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Series;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo (README's first command) must be able to judge its throughput drop at commit 4: its series is young, so
 * detection's short-history rule decides, and that rule wants the three commits before the drop at one level. The
 * numbers are the demo's quiet 16-char throughput in ops/ms (docs/runner.md, "The demo's first commit").
 */
class DemoThroughputShapeTest {

    /** Commits 2 to 8 on a quiet machine: 2, 3, 7, 8 at 99.6k-104.4k, the allocating 4-6 at 75.4k-78.2k. */
    private static final double[] AFTER_FIRST = { 99_600, 104_400, 75_400, 78_200, 76_800, 100_900, 102_300 };

    @Test
    void shortHistoryWhenTheFirstCommitRunsTheSameCodeNamesCommit4AsSoonAsCommit5Arrives() {
        assertThat(young(101_800, 4)).isEmpty();
        for (int commits : new int[] { 5, 6 }) {
            Optional<ChangePoint> found = young(101_800, commits);
            assertThat(found).as("%d commits", commits).isPresent();
            assertThat(found.get().index()).isEqualTo(3);
            assertThat(found.get().direction()).isEqualTo(Direction.REGRESSION);
        }
    }

    @Test
    void shortHistoryWhenTheFirstCommitIsSlowerNeverNamesCommit4() {
        // The demo project's first commit once wrote two bytes per char: 2.6x below the next one. With it in the old
        // level, no point of the new level is apart from every old one, so the drop was never named.
        for (int commits = 4; commits <= 6; commits++) {
            assertThat(young(99_600 / 2.6, commits)).as("%d commits", commits).isEmpty();
        }
    }

    private static Optional<ChangePoint> young(double first, int commits) {
        List<Point> points = new ArrayList<>(List.of(Point.of(0, first)));
        for (int i = 1; i < commits; i++) {
            points.add(Point.of(i, AFTER_FIRST[i - 1]));
        }
        return new Detector().shortHistory(new Series("demo 16 chars", Better.HIGHER, points), 0);
    }
}
