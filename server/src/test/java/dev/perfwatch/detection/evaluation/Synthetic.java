package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Series;
import dev.perfwatch.statistics.StudentT;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The labelled synthetic corpus: JMH-like runs (forks × iterations) at one run per commit, with steps of known
 * size at known commits. Every number here is documented in {@code docs/detection.md}.
 *
 * <p>A run's noise has three parts, as on real hosts: a run effect shared by its forks (host state), a fork
 * effect shared by its iterations (JIT decisions, memory layout), and iteration noise. They are sized so that the
 * score of a run varies by about {@code sigma} from run to run: half of the variance from the run effect, 40%
 * from the forks, 10% from iterations. JMH's score error is computed from the iterations, as JMH does, and so
 * understates the run-to-run noise, as it does in reality.
 */
final class Synthetic {

    static final List<String> MODELS = List.of("gaussian", "lognormal", "heavy-tailed", "bimodal-forks",
        "outliers", "drift");
    static final double[] NOISE = {0.005, 0.01, 0.02, 0.03};
    static final double[] STEPS = {0.02, 0.05, 0.10, 0.20};
    static final int LENGTH = 200;
    static final int WITH_STEPS_PER_CELL = 10;
    static final int CHANGE_FREE_PER_CELL = 15;
    static final int FORKS = 3;
    static final int BIMODAL_FORKS = 5;
    static final int ITERATIONS = 5;
    /** Steps start after this many commits and are at least this far apart. */
    static final int FIRST_STEP = 30;
    static final int SPACING = 25;
    /** The last step leaves at least this many commits after it. */
    static final int TAIL = 8;
    /** JMH's score error is the half-width of a 99.9% interval. */
    private static final double JMH_CONFIDENCE = 0.999;

    private Synthetic() {
    }

    static List<Labelled> corpus(long seed) {
        List<Labelled> corpus = new ArrayList<>();
        for (String model : MODELS) {
            for (double sigma : NOISE) {
                for (double step : STEPS) {
                    for (int i = 0; i < WITH_STEPS_PER_CELL; i++) {
                        corpus.add(series(model, sigma, step, new Random(mix(seed, model, sigma, step, i))));
                    }
                }
                for (int i = 0; i < CHANGE_FREE_PER_CELL; i++) {
                    corpus.add(series(model, sigma, 0, new Random(mix(seed, model, sigma, 0, i))));
                }
            }
        }
        return corpus;
    }

    private static long mix(long seed, String model, double sigma, double step, int i) {
        long h = seed;
        h = h * 31 + model.hashCode();
        h = h * 31 + Double.hashCode(sigma);
        h = h * 31 + Double.hashCode(step);
        h = h * 31 + i;
        return h;
    }

    static Labelled series(String model, double sigma, double step, Random random) {
        Better better = random.nextBoolean() ? Better.HIGHER : Better.LOWER;
        double base = Math.exp(Math.log(0.1) + random.nextDouble() * Math.log(1e5));
        List<Integer> changes = step == 0 ? List.of() : stepPositions(random);
        double[] level = new double[LENGTH];
        double current = 1;
        for (int i = 0, next = 0; i < LENGTH; i++) {
            if (next < changes.size() && changes.get(next) == i) {
                current *= 1 + (random.nextBoolean() ? step : -step);
                next++;
            }
            level[i] = current;
        }
        if (model.equals("drift")) {
            double total = (0.03 + 0.05 * random.nextDouble()) * (random.nextBoolean() ? 1 : -1);
            for (int i = 0; i < LENGTH; i++) {
                level[i] *= 1 + total * i / (LENGTH - 1);
            }
        }
        int forks = model.equals("bimodal-forks") ? BIMODAL_FORKS : FORKS;
        double runSigma = sigma * Math.sqrt(0.5);
        double forkSigma = sigma * Math.sqrt(0.4 * forks);
        double iterationSigma = sigma * Math.sqrt(0.1 * forks * ITERATIONS);
        double slowModeProbability = 0.2 + 0.3 * random.nextDouble();
        double slowModeGap = 0.08 + 0.07 * random.nextDouble();
        // an interfered run or fork is slower: a larger time, a smaller throughput
        double slower = better == Better.LOWER ? 1 : -1;
        List<Point> points = new ArrayList<>(LENGTH);
        for (int i = 0; i < LENGTH; i++) {
            double[][] samples = new double[forks][ITERATIONS];
            double run;
            switch (model) {
                case "heavy-tailed" -> run = runSigma * studentT3(random);
                case "bimodal-forks" -> run = 0.5 * runSigma * random.nextGaussian();
                case "outliers" -> run = runSigma * random.nextGaussian()
                    + (random.nextDouble() < 0.03 ? slower * (0.15 + 0.25 * random.nextDouble()) : 0);
                default -> run = runSigma * random.nextGaussian();
            }
            for (int f = 0; f < forks; f++) {
                double fork;
                switch (model) {
                    case "heavy-tailed" -> fork = forkSigma * studentT3(random);
                    case "bimodal-forks" -> fork = 0.5 * forkSigma * random.nextGaussian()
                        + (random.nextDouble() < slowModeProbability ? slower * slowModeGap : 0);
                    case "outliers" -> fork = forkSigma * random.nextGaussian()
                        + (random.nextDouble() < 0.05 ? slower * (0.1 + 0.2 * random.nextDouble()) : 0);
                    default -> fork = forkSigma * random.nextGaussian();
                }
                for (int it = 0; it < ITERATIONS; it++) {
                    double noise = iterationSigma * random.nextGaussian();
                    double factor = model.equals("lognormal")
                        ? Math.exp(run + fork + noise)
                        : 1 + run + fork + noise;
                    samples[f][it] = base * level[i] * Math.max(0.05, factor);
                }
            }
            points.add(withScoreAndError(i, samples));
        }
        String name = model + "/" + sigma + "/" + step + "/" + Long.toHexString(random.nextLong());
        return new Labelled(new Series(name, better, points), changes, model, step);
    }

    static List<Integer> stepPositions(Random random) {
        int count = 1 + random.nextInt(3);
        while (true) {
            List<Integer> positions = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                positions.add(FIRST_STEP + random.nextInt(LENGTH - TAIL - FIRST_STEP + 1));
            }
            positions.sort(Integer::compare);
            boolean spaced = true;
            for (int i = 1; i < count; i++) {
                spaced &= positions.get(i) - positions.get(i - 1) >= SPACING;
            }
            if (spaced) {
                return positions;
            }
        }
    }

    /** Student's t with 3 degrees of freedom, scaled to unit variance. */
    private static double studentT3(Random random) {
        double chi = 0;
        for (int i = 0; i < 3; i++) {
            double g = random.nextGaussian();
            chi += g * g;
        }
        return random.nextGaussian() / Math.sqrt(chi / 3) / Math.sqrt(3);
    }

    /** A point with JMH's score (mean of all iterations) and error (99.9% half-width over all iterations). */
    static Point withScoreAndError(int index, double[][] samples) {
        int n = 0;
        double sum = 0;
        for (double[] fork : samples) {
            for (double sample : fork) {
                sum += sample;
                n++;
            }
        }
        double mean = sum / n;
        double squares = 0;
        for (double[] fork : samples) {
            for (double sample : fork) {
                squares += (sample - mean) * (sample - mean);
            }
        }
        double error = tQuantile(1 - (1 - JMH_CONFIDENCE) / 2, n - 1) * Math.sqrt(squares / (n - 1) / n);
        return new Point(index, mean, error, samples);
    }

    /** Student t quantile by bisection on its two-sided p-value. */
    private static double tQuantile(double p, int df) {
        double target = 2 * (1 - p);
        double lo = 0;
        double hi = 100;
        for (int i = 0; i < 80; i++) {
            double mid = (lo + hi) / 2;
            if (StudentT.twoSidedP(mid, df) > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }
}
