package dev.perfwatch.comparison;

import java.util.Locale;

import dev.perfwatch.statistics.AlphaSpending;

/**
 * When a benchmark request stops measuring (docs/requests.md, "Rounds"): after each interleaved round every case is
 * judged at the alpha its look may spend; the request ends when every case is decided (faster, slower, the same
 * within the equivalence margin, or an allocation change the policy counts) or when the budget is spent.
 *
 * <p>The looks are at {@code first}, {@code first + step}, ... forks a side, up to the budget:
 * {@code min(maxForks, first + (maxRounds − 1) · step)}. The information fraction of a look is its forks over the
 * budget's. Each look's interval is Welch's t over fork means at 1 − α_k, α_k the alpha spent on that look
 * ({@link AlphaSpending#atLook}); a difference is decided when the interval excludes 0, and "same" when it lies
 * within ±margin (two one-sided tests at α_k/2 each: TOST at the same boundary). Summed over the looks the false
 * "slower" rate of one case is at most α/2 and its false "faster" rate α/2.
 *
 * @param first forks a side in the first round
 * @param step forks a side each further round adds
 * @param maxForks the most forks a side
 * @param maxRounds the most rounds
 * @param alpha the total two-sided error rate spent over all looks
 */
public record SequentialRule(int first, int step, int maxForks, int maxRounds, double alpha,
        AlphaSpending spending) {

    /** One look: a single round with the whole alpha, the fixed-sample rule the comparison API uses. */
    public static SequentialRule single(int forks) {
        return new SequentialRule(forks, 1, forks, 1, 1 - Welch.CONFIDENCE, AlphaSpending.POCOCK);
    }

    /** Forks a side the budget allows. */
    public int budget() {
        return Math.max(first, Math.min(maxForks, first + (maxRounds - 1) * step));
    }

    /** Forks a side once round r (from 1) has run. */
    public int forksAt(int round) {
        return Math.min(first + (round - 1) * step, budget());
    }

    /** Whether round r is the budget's last. */
    public boolean last(int round) {
        return forksAt(round) >= budget() || round >= maxRounds;
    }

    /** The two-sided alpha round r's look may spend. */
    public double alphaAt(int round) {
        if (budget() == first) {
            return alpha;
        }
        return spending.atLook(alpha, round == 1 ? 0 : forksAt(round - 1), forksAt(round), budget());
    }

    /** The level of round r's intervals: 1 − α_r. */
    public double confidenceAt(int round) {
        return 1 - alphaAt(round);
    }

    /** The verdict of one case's throughput at round r, from its fork means. */
    public Verdict throughput(double[] base, double[] head, boolean higherIsBetter, double marginPercent,
            int round) {
        return Welch.compare(base, head, higherIsBetter, marginPercent, confidenceAt(round)).verdict();
    }

    /** Whether a row needs no more forks: its throughput is decided, or its allocation changed and counts. */
    public static boolean decided(Comparison.Row row, AllocationPolicy policy) {
        return row.verdict() != Verdict.UNCLEAR || (row.allocationChanged() && policy != AllocationPolicy.IGNORE);
    }

    /** "99.6%": the level of an interval, as the texts show it. */
    public static String level(double confidence) {
        String text = String.format(Locale.ROOT, "%.2f", 100 * confidence);
        text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
        return text + "%";
    }
}
