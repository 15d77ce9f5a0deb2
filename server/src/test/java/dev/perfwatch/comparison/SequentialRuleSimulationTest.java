package dev.perfwatch.comparison;

import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.perfwatch.statistics.AlphaSpending;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The error rates of the requests' sequential rule over synthetic fork samples (docs/performance.md, "Verdicts under
 * noise"): a quiet host (1% noise per fork mean), and a loaded one (6% noise with Student-t tails of 3 degrees of
 * freedom, and one fork of the request slowed by 40%, as a busy neighbour does). Throughput in ops/ms, higher is
 * better; allocation 0 or 64 B/op plus JMH's residue. Seeded, so the figures in the docs are the ones asserted.
 */
class SequentialRuleSimulationTest {

    static final SequentialRule RULE = new SequentialRule(3, 2, 10, 5, 0.01, AlphaSpending.POCOCK);

    static final double MARGIN = 2.0;

    @Test
    void noChangeOnALoadedHostIsCalledSlowerAtMostAlphaOfTheTime() {
        Outcome loaded = simulate(RULE, Host.LOADED, 0.0, 0, 4000, 1);
        Outcome quiet = simulate(RULE, Host.QUIET, 0.0, 0, 4000, 2);
        report("no change, loaded", loaded);
        report("no change, quiet", quiet);

        assertThat(loaded.slowerRate()).isLessThanOrEqualTo(RULE.alpha());
        assertThat(quiet.slowerRate()).isLessThanOrEqualTo(RULE.alpha());
        assertThat(quiet.fasterRate()).isLessThanOrEqualTo(RULE.alpha());
    }

    @Test
    void aLargeStepOnALoadedHostIsDecidedWithinTenForksASide() {
        Outcome throughput = simulate(RULE, Host.LOADED, -0.28, 0, 1000, 3);
        Outcome allocation = simulate(RULE, Host.LOADED, 0.0, 64, 1000, 4);
        Outcome both = simulate(RULE, Host.LOADED, -0.28, 64, 1000, 5);
        report("-28% step, loaded", throughput);
        report("0 -> 64 B/op, loaded", allocation);
        report("-28% and 0 -> 64 B/op, loaded", both);

        assertThat(throughput.slowerRate()).isGreaterThanOrEqualTo(0.9);
        assertThat(throughput.fasterRate()).isZero();
        assertThat(allocation.decidedRate()).isGreaterThanOrEqualTo(0.9);
        assertThat(allocation.meanForks()).as("the allocation is decided at the first look").isEqualTo(3.0);
        assertThat(both.decidedRate()).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void aFivePercentStepOnAQuietHostIsDecidedWithinSixForksASide() {
        SequentialRule sixForks = new SequentialRule(3, 2, 6, 5, 0.01, AlphaSpending.POCOCK);
        Outcome step = simulate(sixForks, Host.QUIET, -0.05, 0, 1000, 6);
        report("-5% step, quiet, budget 6", step);

        assertThat(step.slowerRate()).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void pococksSpendingDecidesLargeStepsSoonerThanOBrienFlemings() {
        SequentialRule obf = new SequentialRule(3, 2, 10, 5, 0.01, AlphaSpending.OBRIEN_FLEMING);
        Outcome pocock = simulate(RULE, Host.LOADED, -0.28, 0, 1000, 7);
        Outcome late = simulate(obf, Host.LOADED, -0.28, 0, 1000, 7);
        report("-28% step, loaded, O'Brien-Fleming", late);
        report("no change, loaded, O'Brien-Fleming", simulate(obf, Host.LOADED, 0.0, 0, 4000, 8));

        assertThat(pocock.meanForks()).isLessThan(late.meanForks());
    }

    enum Host {
        QUIET, LOADED
    }

    record Outcome(int trials, int slower, int faster, int same, int allocation, double forks) {

        double slowerRate() {
            return (double) slower / trials;
        }

        double fasterRate() {
            return (double) faster / trials;
        }

        double decidedRate() {
            return (double) (slower + faster + same + allocation) / trials;
        }

        double meanForks() {
            return forks / trials;
        }
    }

    /**
     * Runs the rule on one case: rounds of interleaved forks until it decides or the budget ends.
     *
     * @param step the relative change of the head's throughput
     * @param bytes the head's allocation in B/op (the base allocates none)
     */
    static Outcome simulate(SequentialRule rule, Host host, double step, double bytes, int trials, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int slower = 0;
        int faster = 0;
        int same = 0;
        int allocation = 0;
        double forks = 0;
        for (int trial = 0; trial < trials; trial++) {
            int budget = rule.budget();
            double[] base = new double[budget];
            double[] head = new double[budget];
            double[] baseBytes = new double[budget];
            double[] headBytes = new double[budget];
            // A loaded host slows one fork of the request, base or head, at any point.
            int slowFork = host == Host.LOADED ? random.nextInt(2 * budget) : -1;
            for (int i = 0; i < budget; i++) {
                base[i] = fork(random, host, 1000, 2 * i == slowFork);
                head[i] = fork(random, host, 1000 * (1 + step), 2 * i + 1 == slowFork);
                baseBytes[i] = 0.0003 * random.nextDouble();
                headBytes[i] = bytes + 0.0003 * random.nextDouble();
            }
            for (int round = 1;; round++) {
                int n = rule.forksAt(round);
                double[] b = java.util.Arrays.copyOf(base, n);
                double[] h = java.util.Arrays.copyOf(head, n);
                Verdict verdict = rule.throughput(b, h, true, MARGIN, round);
                Comparison.Allocation alloc = AllocationChange.of(java.util.Arrays.copyOf(baseBytes, n),
                        java.util.Arrays.copyOf(headBytes, n), 8);
                if (verdict != Verdict.UNCLEAR || alloc.changed() || rule.last(round)) {
                    forks += n;
                    switch (verdict) {
                        case SLOWER -> slower++;
                        case FASTER -> faster++;
                        case SAME -> same++;
                        case UNCLEAR -> allocation += alloc.changed() ? 1 : 0;
                    }
                    break;
                }
            }
        }
        return new Outcome(trials, slower, faster, same, allocation, forks);
    }

    private static double fork(SplittableRandom random, Host host, double level, boolean slow) {
        if (host == Host.QUIET) {
            return level * (1 + 0.01 * gaussian(random));
        }
        // Student's t with 3 degrees of freedom, scaled to a 6% standard deviation: a few forks far out.
        double t = gaussian(random) / Math.sqrt(chiSquare(random, 3) / 3) / Math.sqrt(3);
        return level * Math.max(0.05, 1 + 0.06 * t) * (slow ? 0.6 : 1);
    }

    private static double chiSquare(SplittableRandom random, int df) {
        double sum = 0;
        for (int i = 0; i < df; i++) {
            double z = gaussian(random);
            sum += z * z;
        }
        return sum;
    }

    private static double gaussian(SplittableRandom random) {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    private static void report(String scenario, Outcome outcome) {
        System.out.printf(Locale.ROOT, "verdicts-under-noise | %-36s | %5d | %6.3f | %6.3f | %6.3f | %6.3f | %5.2f%n",
                scenario, outcome.trials(), outcome.slowerRate(), outcome.fasterRate(),
                (double) outcome.same() / outcome.trials(), (double) outcome.allocation() / outcome.trials(),
                outcome.meanForks());
    }
}
