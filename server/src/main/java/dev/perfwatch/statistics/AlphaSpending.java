package dev.perfwatch.statistics;

import java.util.Locale;

/**
 * Error rates controlled across the looks of a sequential decision (benchmark requests and confirmations decide
 * after every round whether to measure more). Looking after every round with the same fixed-sample test would
 * inflate the false-alarm rate with every look; instead the total alpha is spent over the looks by a Lan–DeMets
 * spending function of the information fraction t = forks so far / forks the budget allows, and each look tests
 * at the alpha spent on it: α(t_k) − α(t_{k−1}). By Bonferroni the chance of any false decision over all looks is
 * then at most the total alpha, whatever the correlation between looks (the looks share data, so the real rate is
 * lower: the rule is conservative, never optimistic). That is simpler than exact group-sequential boundaries (no
 * numerical integration, and it holds for Welch's t with its small, changing degrees of freedom, where the exact
 * boundaries assume known variance). docs/requests.md ("Rounds") says why Pocock's function is the default.
 */
public enum AlphaSpending {
    /** α·ln(1 + (e − 1)t): spends evenly, so a large change is decided at the first looks. */
    POCOCK,
    /** 2 − 2Φ(z_{α/2} / √t): spends almost nothing early, nearly the whole alpha at the last look. */
    OBRIEN_FLEMING;

    /** The alpha spent up to information fraction t (0..1) of a total alpha. */
    public double spent(double alpha, double t) {
        if (t <= 0) {
            return 0;
        }
        double f = Math.min(1, t);
        return switch (this) {
            case POCOCK -> alpha * Math.log(1 + (Math.E - 1) * f);
            case OBRIEN_FLEMING -> Math.min(alpha, 2 - 2 * Normal.cdf(Normal.quantile(1 - alpha / 2) / Math.sqrt(f)));
        };
    }

    /**
     * The alpha this look may use: what the function allows by now less what earlier looks allowed.
     *
     * @param previous forks a side at the previous look (0 at the first)
     * @param now forks a side at this look
     * @param budget forks a side the budget allows
     */
    public double atLook(double alpha, int previous, int now, int budget) {
        double at = spent(alpha, (double) now / budget);
        double before = spent(alpha, (double) previous / budget);
        return Math.max(at - before, 1e-12);
    }

    public String word() {
        return this == POCOCK ? "Pocock" : "O'Brien–Fleming";
    }

    public static AlphaSpending parse(String text) {
        return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
