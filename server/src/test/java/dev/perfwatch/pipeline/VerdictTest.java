package dev.perfwatch.pipeline;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The confirmation rule over tables of fork means, no database. */
class VerdictTest {

    private static final double[] GOOD = { 1000, 1004, 997, 1002 };

    @Test
    void verdictWhenForksDifferClearlyInTheSuspectedDirectionIsChanged() {
        Verdict verdict = Verdict.of(GOOD, new double[] { 901, 898, 903, 899 }, -0.10, 0.01, 0.05, false);

        assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.CHANGED);
        assertThat(verdict.comparison().change()).isBetween(-0.11, -0.09);
        assertThat(verdict.confidence()).isGreaterThan(0.999);
        assertThat(verdict.text()).startsWith("different: -10.0%");
    }

    @Test
    void verdictWhenTheIntervalRulesOutHalfTheSuspectedChangeIsSame() {
        Verdict verdict = Verdict.of(GOOD, new double[] { 1001, 999, 1003, 998 }, -0.10, 0.01, 0.05, false);

        assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.SAME);
    }

    @Test
    void verdictWhenTheChangeGoesTheOtherWayIsSame() {
        Verdict verdict = Verdict.of(GOOD, new double[] { 1101, 1098, 1103, 1099 }, -0.10, 0.01, 0.05, false);

        assertThat(verdict.outcome()).isEqualTo(Verdict.Outcome.SAME);
        assertThat(verdict.text()).startsWith("changed the other way");
    }

    @Test
    void verdictWhenForksScatterIsUnclearUntilTheBudgetEnds() {
        double[] good = { 1050, 950, 1050, 950 };
        double[] bad = { 1020, 920, 1020, 920 };

        assertThat(Verdict.of(good, bad, -0.10, 0.01, 0.05, false).outcome()).isEqualTo(Verdict.Outcome.UNCLEAR);
        Verdict last = Verdict.of(good, bad, -0.10, 0.01, 0.05, true);
        assertThat(last.outcome()).isEqualTo(Verdict.Outcome.SAME);
        assertThat(last.text()).startsWith("not clear at the end of the budget");
    }

    @Test
    void verdictWhenTheBudgetEndsTakesAWeakerButRealDifference() {
        double[] good = { 1000, 1030, 970, 1010, 990, 1000 };
        double[] bad = { 960, 990, 930, 970, 950, 965 };

        assertThat(Verdict.of(good, bad, -0.04, 0.001, 0.05, false).outcome()).isEqualTo(Verdict.Outcome.UNCLEAR);
        assertThat(Verdict.of(good, bad, -0.04, 0.001, 0.05, true).outcome()).isEqualTo(Verdict.Outcome.CHANGED);
    }

    @Test
    void verdictWhenAForkIsMissingWaitsAndAtTheEndDoesNotAlert() {
        assertThat(Verdict.of(GOOD, new double[] { 900 }, -0.10, 0.01, 0.05, false).outcome())
            .isEqualTo(Verdict.Outcome.UNCLEAR);
        assertThat(Verdict.of(GOOD, new double[0], -0.10, 0.01, 0.05, true).outcome())
            .isEqualTo(Verdict.Outcome.SAME);
    }

    @Test
    void verdictWhenAllocationIsExactlyRepeatableIsNotMovedByRounding() {
        double[] good = { 96.0, 96.0, 96.0, 96.0 };

        assertThat(Verdict.of(good, new double[] { 96.0, 96.0, 96.0001, 96.0 }, 0.5, 0.01, 0.05, false).outcome())
            .isEqualTo(Verdict.Outcome.SAME);
        assertThat(Verdict.of(good, new double[] { 192.0, 192.0, 192.0, 192.0 }, 1.0, 0.01, 0.05, false).outcome())
            .isEqualTo(Verdict.Outcome.CHANGED);
    }

    @Test
    void forksWhenTheSuiteSetsItsOwnAreReplacedByTheConfirmationCount() {
        assertThat(ConfirmationJobs.forks(List.of("-f 3 -wi 1 -i 2"), 2)).containsExactly("-wi", "1", "-i", "2", "-f",
                "2");
        assertThat(ConfirmationJobs.forks(List.of("-f5", "-prof", "gc"), 4)).containsExactly("-prof", "gc", "-f", "4");
        assertThat(ConfirmationJobs.forks(null, 2)).containsExactly("-f", "2");
    }
}
