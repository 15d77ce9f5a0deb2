package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.ChangePoint;
import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Replay;
import dev.perfwatch.detection.Series;
import dev.perfwatch.pipeline.ConfirmationRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The mode-flipping corpus (issue #11): JMH-like series that flip between two levels a few percent apart and stay at
 * each for several runs (JIT or code-layout modes, a pool of not-quite-identical hosts), with low noise within a
 * level, bad runs and, on half of them, a slow drift; labelled true steps on top. Also new projects' short histories.
 * Every number is documented in {@code docs/detection.md}, "Corpus 4". Each series can be re-run: confirmation jobs
 * land on a host of the pool at random (each job in mode B with the share of runs B had), so the evaluation can
 * measure what the pipeline's re-runs remove.
 */
final class StickyModes {

    static final double[] NOISE = {0.005, 0.01};
    static final double[] STEPS = {0.05, 0.10, 0.20};
    static final int LENGTH = 200;
    static final int WITH_STEPS_PER_CELL = 20;
    static final int CHANGE_FREE_PER_CELL = 30;
    /** New projects: this many commits, one step at commit 3 to 8 (the fourth to the ninth). */
    static final int SHORT_LENGTH = 14;
    static final int SHORT_PER_CELL = 20;
    static final int FORKS = 3;
    static final int ITERATIONS = 5;
    /** A confirmation round: two pairs of jobs, two forks each (the pipeline's defaults). */
    static final int PAIRS = 2;
    static final int RERUN_FORKS = 2;

    private StickyModes() {
    }

    /** The generative model of one series: its level per commit, its noise, and the share of runs in mode B. */
    record Model(double base, double[] level, double gap, double modeShare, double sigma, double slower,
                 double badRunRate) {

        /** One run of the commit: forks × iterations, in mode B or not. */
        double[][] run(int commit, boolean modeB, Random random) {
            double runSigma = sigma * Math.sqrt(0.5);
            double forkSigma = sigma * Math.sqrt(0.4 * FORKS);
            double iterationSigma = sigma * Math.sqrt(0.1 * FORKS * ITERATIONS);
            double run = runSigma * random.nextGaussian() + (modeB ? gap : 0)
                + (random.nextDouble() < badRunRate ? slower * (0.1 + 0.2 * random.nextDouble()) : 0);
            double[][] samples = new double[FORKS][ITERATIONS];
            for (int f = 0; f < FORKS; f++) {
                double fork = forkSigma * random.nextGaussian();
                for (int it = 0; it < ITERATIONS; it++) {
                    double factor = 1 + run + fork + iterationSigma * random.nextGaussian();
                    samples[f][it] = base * level[commit] * Math.max(0.05, factor);
                }
            }
            return samples;
        }
    }

    static List<Labelled> corpus(long seed) {
        List<Labelled> corpus = new ArrayList<>();
        for (double sigma : NOISE) {
            for (double step : STEPS) {
                for (int i = 0; i < WITH_STEPS_PER_CELL; i++) {
                    corpus.add(series("sticky-modes", sigma, step, LENGTH, new Random(mix(seed, sigma, step, i))));
                }
            }
            for (int i = 0; i < CHANGE_FREE_PER_CELL; i++) {
                corpus.add(series("sticky-modes", sigma, 0, LENGTH, new Random(mix(seed, sigma, 0, i))));
            }
            for (double step : new double[] {0.10, 0.20}) {
                for (int i = 0; i < SHORT_PER_CELL; i++) {
                    corpus.add(series("short", sigma, step, SHORT_LENGTH, new Random(mix(seed + 1, sigma, step, i))));
                }
            }
        }
        return corpus;
    }

    private static long mix(long seed, double sigma, double step, int i) {
        long h = seed * 31 + 0x5eed;
        h = h * 31 + Double.hashCode(sigma);
        h = h * 31 + Double.hashCode(step);
        return h * 31 + i;
    }

    /**
     * {@code kind} "sticky-modes": modes 2–5% apart (either way), a mean stay of 4–12 runs in mode A and half to all
     * of that in mode B, 2% bad runs 10–30% slower, a drift of 2–5% over the series on half of them; 1 to 3 steps
     * as in {@link Synthetic}. "short": a new project, no modes, one step at commit 3 to 8.
     */
    static Labelled series(String kind, double sigma, double step, int length, Random random) {
        Better better = random.nextBoolean() ? Better.HIGHER : Better.LOWER;
        double base = Math.exp(Math.log(0.1) + random.nextDouble() * Math.log(1e5));
        boolean modes = kind.equals("sticky-modes");
        List<Integer> changes = step == 0 ? List.of()
            : modes ? Synthetic.stepPositions(random) : List.of(3 + random.nextInt(6));
        double[] level = new double[length];
        double current = 1;
        for (int i = 0, next = 0; i < length; i++) {
            if (next < changes.size() && changes.get(next) == i) {
                current *= 1 + (random.nextBoolean() ? step : -step);
                next++;
            }
            level[i] = current;
        }
        if (modes && random.nextBoolean()) {
            double total = (0.02 + 0.03 * random.nextDouble()) * (random.nextBoolean() ? 1 : -1);
            for (int i = 0; i < length; i++) {
                level[i] *= 1 + total * i / (length - 1);
            }
        }
        double gap = modes ? (0.02 + 0.03 * random.nextDouble()) * (random.nextBoolean() ? 1 : -1) : 0;
        double stayA = 4 + 8 * random.nextDouble();
        double stayB = stayA * (0.5 + 0.5 * random.nextDouble());
        double slower = better == Better.LOWER ? 1 : -1;
        Model model = new Model(base, level, gap, stayB / (stayA + stayB), sigma, slower, modes ? 0.02 : 0);
        List<Point> points = new ArrayList<>(length);
        boolean modeB = false;
        for (int i = 0; i < length; i++) {
            if (modes && random.nextDouble() < 1 / (modeB ? stayB : stayA)) {
                modeB = !modeB;
            }
            points.add(Synthetic.withScoreAndError(i, model.run(i, modeB, random)));
        }
        String name = kind + "/" + sigma + "/" + step + "/" + Long.toHexString(random.nextLong());
        return new Labelled(new Series(name, better, points), changes, kind, step, reruns(model, name));
    }

    /**
     * The pipeline's confirmation on this series: rounds of good, bad, good, bad jobs at the commit before the change
     * and the commit it names, each job on a random host of the pool, decided by the pipeline's rule.
     */
    private static Replay.Reruns reruns(Model model, String name) {
        return (Series series, ChangePoint change, int newest) -> {
            Random random = new Random(name.hashCode() * 1_000_003L + newest * 31L + change.index());
            List<Double> good = new ArrayList<>();
            List<Double> bad = new ArrayList<>();
            double suspected = change.magnitude();
            for (int round = 1; round <= ConfirmationRule.MAX_ROUNDS; round++) {
                for (int job = 0; job < 2 * PAIRS; job++) {
                    int commit = job % 2 == 0 ? change.index() - 1 : change.index();
                    double[][] run = model.run(commit, random.nextDouble() < model.modeShare(), random);
                    for (int f = 0; f < RERUN_FORKS; f++) {
                        double sum = 0;
                        for (double sample : run[f]) {
                            sum += sample;
                        }
                        (job % 2 == 0 ? good : bad).add(sum / run[f].length);
                    }
                }
                ConfirmationRule.Answer answer = ConfirmationRule.decide(
                    good.stream().mapToDouble(Double::doubleValue).toArray(),
                    bad.stream().mapToDouble(Double::doubleValue).toArray(), suspected, round);
                if (answer != ConfirmationRule.Answer.UNCLEAR) {
                    return answer == ConfirmationRule.Answer.CHANGED;
                }
            }
            return false;
        };
    }
}
