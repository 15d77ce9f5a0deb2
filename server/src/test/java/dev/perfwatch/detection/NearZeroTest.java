package dev.perfwatch.detection;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Metrics whose level may be zero (allocation per operation, GC counts): noise and changes in the unit, none from
 * rounding residue; and short histories, where the detector names a commit for the runners to re-run.
 */
class NearZeroTest {

    private final Detector detector = new Detector();

    /** JMH's bookkeeping on an allocation-free benchmark: a few ten-thousandths of a byte, varying by 3x. */
    private static final String RESIDUE = """
            0.0003 0.0005 0.0002 0.0009 0.0004 0.0003 0.0007 0.0002 0.0004 0.0006
            0.0003 0.0008 0.0002 0.0005 0.0004 0.0003 0.0009 0.0002 0.0004 0.0003
            """;

    private static Series bytes(String table) {
        Series scores = Tables.scores(Better.LOWER, table);
        return new Series("alloc", Better.LOWER, scores.points(), 1.0);
    }

    @Test
    void residueWhenItVariesBySeveralTimesIsNoChangeAndItsNoiseIsInBytes() {
        Detection detection = detector.detect(bytes(RESIDUE));

        assertThat(detection.changePoints()).isEmpty();
        assertThat(detection.inUnit()).isTrue();
        assertThat(detection.noise()).as("no noise at all in B/op").isLessThan(0.01);
        assertThat(detection.minimalDetectableChange()).as("one byte per operation, not 9.9e21")
            .isEqualTo(1.0);
    }

    @Test
    void noiseWhenAShortHistoryStepsUpAndBackStaysInBytes() {
        // The demo's first nights: none, 64 B/op at the 4th commit, none again at the 7th, and nothing placed yet.
        Series series = bytes("0.0006 0.0005 0.0007 64 64 64 0.0006 0.0004");
        Detection detection = detector.detectRecent(series);

        assertThat(detection.inUnit()).isTrue();
        assertThat(detection.noise()).as("not millions of bytes from an unplaced step").isLessThan(1);
        assertThat(detection.minimalDetectableChange()).isEqualTo(1.0);
    }

    @Test
    void noiseWhenAllocationDoublesAtTheNewestCommitsIsNotTheStep() {
        // A new project's nights: 224 B/op, then 448 from the third commit; the runners confirm the step (a short
        // history, nothing placed by the search). Its noise was 120 B/op ("detects ≥ 1,310 B/op" beside the alert).
        for (String table : List.of("224 224 448 448", "224 224 448", "224 224 224 448 448 448", "224 448 448")) {
            Series series = new Series("alloc", Better.LOWER, bytes(table).points(), 1.0);
            for (Detection detection : List.of(detector.detectRecent(series), detector.detect(series))) {
                assertThat(detection.inUnit()).as(table).isTrue();
                assertThat(detection.noise()).as(table).isLessThan(1);
                assertThat(detection.minimalDetectableChange()).as(table).isEqualTo(1.0);
            }
        }
    }

    @Test
    void noiseOfANoisyAllocationStaysItsSpread() {
        Series series = new Series("alloc", Better.LOWER,
                bytes("20 23 19 22 18 21 24 20 19 22 23 18 21 20 22 19").points(), 1.0);
        Detection detection = detector.detect(series);
        assertThat(detection.inUnit()).isTrue();
        assertThat(detection.noise()).as("about the 1.9 B/op these values spread by").isBetween(1.0, 4.0);
    }

    @Test
    void residueWithoutResolutionIsWhatTheIssueSaw() {
        Detection relative = detector.detect(Tables.scores(Better.LOWER, RESIDUE));
        assertThat(relative.inUnit()).isFalse();
        assertThat(relative.noise()).as("a relative noise of a level of ~0 is large").isGreaterThan(0.3);
    }

    @Test
    void allocationFromNoneTo64BytesIsARegressionInTheUnitWithoutAMagnitude() {
        Series series = Tables.append(bytes(RESIDUE), 64, 64.0001, 64, 63.9999, 64, 64, 64, 64);
        series = new Series("alloc", Better.LOWER, series.points(), 1.0);

        List<ChangePoint> changes = detector.detect(series).changePoints();

        assertThat(changes).hasSize(1);
        ChangePoint change = changes.get(0);
        assertThat(change.index()).isEqualTo(20);
        assertThat(change.direction()).isEqualTo(Direction.REGRESSION);
        assertThat(change.magnitude()).as("no percentage of nothing").isNaN();
        assertThat(change.before().value()).isZero();
        assertThat(change.after().value()).isCloseTo(64, within(0.01));
    }

    @Test
    void allocationWhenItReturnsToNoneIsAnImprovementAtTheExactCommit() {
        Series series = Tables.append(bytes("64 64 64 64 64 64 64 64 64 64 64 64"), 0.0003, 0.0004, 0.0002,
                0.0005, 0.0003, 0.0003, 0.0004, 0.0002);
        series = new Series("alloc", Better.LOWER, series.points(), 1.0);

        List<ChangePoint> changes = detector.detect(series).changePoints();

        assertThat(changes).hasSize(1);
        assertThat(changes.get(0).index()).isEqualTo(12);
        assertThat(changes.get(0).direction()).isEqualTo(Direction.IMPROVEMENT);
        assertThat(changes.get(0).magnitude()).isCloseTo(-1.0, within(1e-9));
        assertThat(changes.get(0).after().value()).isZero();
    }

    @Test
    void largeAllocationWhenItMovesBy2PercentIsRelativeAgain() {
        String table = "784 ".repeat(20) + "800 ".repeat(8);
        List<ChangePoint> changes = detector.detect(bytes(table)).changePoints();

        assertThat(changes).hasSize(1);
        assertThat(changes.get(0).index()).isEqualTo(20);
        assertThat(changes.get(0).magnitude()).isCloseTo(16.0 / 784, within(0.001));
    }

    @Test
    void lessThanAByteIsNoChange() {
        String table = "0.0003 ".repeat(20) + "0.6 ".repeat(8);
        assertThat(detector.detect(bytes(table)).changePoints()).isEmpty();
    }

    @Test
    void shortHistoryWhenTwoRunsHoldANewLevelNamesTheCommitForTheRunners() {
        assertThat(detector.shortHistory(bytes("0.0003 0.0004 0.0002 64"), 0))
            .as("one run at a new level is never a change").isEmpty();

        ChangePoint change = detector.shortHistory(bytes("0.0003 0.0004 0.0002 64 64"), 0).orElseThrow();

        assertThat(change.index()).isEqualTo(3);
        assertThat(change.direction()).isEqualTo(Direction.REGRESSION);
        assertThat(change.confidence()).as("undecided: the re-runs decide").isZero();
        assertThat(detector.detectRecent(bytes("0.0003 0.0004 0.0002 64 64")).changePoints())
            .as("the screen cannot decide on three commits").isEmpty();
    }

    @Test
    void shortHistoryAfterAChangeFindsTheReturn() {
        Series series = bytes("0 0 0 64 64 64 0.0003 0.0002");
        assertThat(detector.shortHistory(series, 3).orElseThrow().index()).isEqualTo(6);
        assertThat(detector.shortHistory(series, 0)).as("seven commits: long enough for the screen").isEmpty();
    }

    @Test
    void shortHistoryWhenTheLevelsOverlapAsksNothing() {
        assertThat(detector.shortHistory(Tables.scores(Better.HIGHER, "100 97 103 101 99"), 0)).isEmpty();
        assertThat(detector.shortHistory(Tables.scores(Better.HIGHER, "100 97 103 99 96"), 0))
            .as("the new points within the old spread").isEmpty();
        assertThat(detector.shortHistory(Tables.scores(Better.HIGHER, "100 101 100 71 70"), 0))
            .as("a 29% step on a quiet series").isPresent();
        assertThat(detector.shortHistory(Tables.scores(Better.HIGHER, "100.4 99.9 99.6"), 0))
            .as("one commit before is no baseline").isEmpty();
        assertThat(detector.shortHistory(Tables.scores(Better.HIGHER, "100 100.1 97 97.1"), 0))
            .as("3% is not worth a round of re-runs on four points").isEmpty();
    }
}
