package dev.perfwatch.pipeline;

import dev.perfwatch.detection.Comparison;
import dev.perfwatch.statistics.AlphaSpending;

/**
 * What the re-runs of a confirmation say about one suspected change, from the fork means of the good and the bad
 * commit: changed, the same, or not clear yet (then the confirmation runs another round while the budget lasts).
 * Each round is a look at the data: "changed" is tested at the alpha spent on that round ({@link #alphaAt}).
 *
 * @param comparison the test, absent when too few forks were measured
 */
record Verdict(Outcome outcome, Comparison comparison, String text) {

    /** A change smaller than this is no change, whatever its p-value (the detector's minimal effect). */
    static final double MIN_EFFECT = 0.005;

    enum Outcome {
        CHANGED,
        SAME,
        UNCLEAR
    }

    /**
     * @param suspected the relative change the detector saw (after / before - 1)
     * @param last whether the budget is spent: then an unclear answer is decided with what there is
     */
    static Verdict of(double[] good, double[] bad, double suspected, double alpha, double budgetAlpha,
            boolean last) {
        if (good.length < 2 || bad.length < 2) {
            String text = "measured " + good.length + " good and " + bad.length + " bad forks, two of each needed";
            return new Verdict(last ? Outcome.SAME : Outcome.UNCLEAR, null,
                    last ? text + ": not confirmed" : text);
        }
        Comparison c = Comparison.of(good, bad);
        boolean sameWay = Math.signum(c.change()) == Math.signum(suspected);
        boolean large = Math.abs(c.change()) >= MIN_EFFECT;
        String numbers = String.format(java.util.Locale.ROOT, "%+.1f%% [%+.1f%%, %+.1f%%], p = %.2g, %d vs %d forks",
                100 * c.change(), 100 * c.lower(), 100 * c.upper(), c.p(), c.beforeCount(), c.afterCount());
        if (c.p() < alpha && sameWay && large) {
            return new Verdict(Outcome.CHANGED, c, "different: " + numbers);
        }
        // Equivalence: the interval rules out a change half as large as the one suspected, either way.
        double half = Math.abs(log1p(suspected)) / 2;
        if (log1p(c.upper()) < half && log1p(c.lower()) > -half) {
            return new Verdict(Outcome.SAME, c, "same: " + numbers);
        }
        if (c.p() < alpha && !sameWay) {
            return new Verdict(Outcome.SAME, c, "changed the other way: " + numbers);
        }
        if (last) {
            if (budgetAlpha > 0 && c.p() < budgetAlpha && sameWay && large) {
                return new Verdict(Outcome.CHANGED, c, "different at the end of the budget: " + numbers);
            }
            return new Verdict(Outcome.SAME, c, "not clear at the end of the budget, not alerted: " + numbers);
        }
        return new Verdict(Outcome.UNCLEAR, c, "unclear: " + numbers);
    }

    /**
     * The alpha of "changed" at a round: the total alpha spent over the rounds by Pocock's function, each round an
     * equal share of the information (docs/pipeline.md, "The rule"). Testing every round at the full alpha would
     * let three rounds make a false alert up to three times as likely; spent this way the chance over all rounds is
     * at most the total. A round past the planned ones (a confirmation ended early by a failed round is last
     * sooner, never later) gets what is left.
     *
     * @param round the round deciding now, from 1
     * @param last whether no round follows: it may spend whatever earlier rounds left
     */
    static double alphaAt(double total, int round, int maxRounds, boolean last) {
        int planned = Math.max(1, maxRounds);
        int now = Math.min(Math.max(1, round), planned);
        if (last) {
            return total - AlphaSpending.POCOCK.spent(total, (double) (now - 1) / planned);
        }
        return AlphaSpending.POCOCK.atLook(total, now - 1, now, planned);
    }

    /** 1 - p of the comparison; 0 when nothing was compared. */
    double confidence() {
        return comparison == null ? 0 : Math.max(0, Math.min(1, 1 - comparison.p()));
    }

    private static double log1p(double change) {
        return Math.log1p(Math.max(change, -0.999999));
    }
}
