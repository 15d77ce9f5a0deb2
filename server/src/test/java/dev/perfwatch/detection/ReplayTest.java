package dev.perfwatch.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayTest {

    @Test
    void runWhenTenPercentStepLandsReportsItWithinTwoRunsAtItsIndex() {
        List<Replay.Report> reports = new Replay(new Detector()).run(Tables.scores(Better.LOWER, DetectorTest.STEP));

        assertThat(reports).singleElement().satisfies(report -> {
            assertThat(report.change().index()).isEqualTo(30);
            assertThat(report.firstIndex()).isEqualTo(30);
            assertThat(report.reportedAt()).isBetween(31, 32);
        });
    }

    @Test
    void runWhenOnlyNoiseReportsNothing() {
        assertThat(new Replay(new Detector()).run(Tables.scores(Better.LOWER, DetectorTest.NOISE))).isEmpty();
    }

    @Test
    void knownWhenTheSameChangeMovedByACommitMatchesIt() {
        Level level = new Level(100, 99, 101, 30);
        ChangePoint reported = new ChangePoint(30, Direction.REGRESSION, 0.1, 0.999, level, level);
        ChangePoint moved = new ChangePoint(31, Direction.REGRESSION, 0.1, 0.999, level, level);
        ChangePoint other = new ChangePoint(31, Direction.IMPROVEMENT, -0.1, 0.999, level, level);
        ChangePoint far = new ChangePoint(40, Direction.REGRESSION, 0.1, 0.999, level, level);
        DetectorSettings settings = DetectorSettings.defaults();

        assertThat(Replay.known(List.of(reported), moved, settings)).isZero();
        assertThat(Replay.known(List.of(reported), other, settings)).isEqualTo(-1);
        assertThat(Replay.known(List.of(reported), far, settings)).isEqualTo(-1);
    }
}
