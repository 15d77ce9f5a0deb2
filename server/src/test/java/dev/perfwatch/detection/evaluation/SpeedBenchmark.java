package dev.perfwatch.detection.evaluation;

import dev.perfwatch.detection.Better;
import dev.perfwatch.detection.Detection;
import dev.perfwatch.detection.Detector;
import dev.perfwatch.detection.Point;
import dev.perfwatch.detection.Series;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The detector's speed, for {@code docs/performance.md}: a full re-detection of 10,000 series of 1,000 commits,
 * and the detection that follows one run of 500 results (500 series of 1,000 commits whose newest point just
 * arrived, through {@link Detector#detectRecent}). Each series is built from its points, as the pipeline would
 * from the rows it loads. A benchmark,
 * not a test: run it with {@code ./mvnw -pl server -am -Pevaluation verify -DskipTests
 * -Devaluation.main=dev.perfwatch.detection.evaluation.SpeedBenchmark}.
 */
public final class SpeedBenchmark {

    private static final int SERIES = 10_000;
    private static final int POINTS = 1_000;
    private static final int RUN = 500;
    private static final int ROUNDS = 5;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private SpeedBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int threads = Runtime.getRuntime().availableProcessors();
        Detector detector = new Detector();
        List<Series> series = corpus(new Random(1));
        System.out.printf(Locale.ROOT, "%d series × %d points, scores only, %d threads, %s %s%n", SERIES, POINTS,
            threads, System.getProperty("java.vm.name"), System.getProperty("java.version"));

        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 1; round <= ROUNDS; round++) {
                long start = System.nanoTime();
                Result result = detectAll(pool, detector, series, threads, false);
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf(Locale.ROOT, "full re-detection, round %d: %.2f s wall, %.2f s CPU per thread "
                    + "(%d change points)%n", round, seconds, result.cpuNanos / 1e9 / threads, result.changes);
            }
            List<Series> run = series.subList(0, RUN);
            for (int round = 1; round <= ROUNDS * 4; round++) {
                long start = System.nanoTime();
                Result result = detectAll(pool, detector, run, threads, true);
                double millis = (System.nanoTime() - start) / 1e6;
                if (round > ROUNDS * 3) {
                    System.out.printf(Locale.ROOT, "one run of %d results, round %d: %.1f ms wall, %.1f ms CPU per "
                        + "thread (%d change points)%n", RUN, round, millis, result.cpuNanos / 1e6 / threads,
                        result.changes);
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    /**
     * Detects every series, split over the threads in contiguous slices, with the full detection or the one the
     * pipeline runs after a run ({@link Detector#detectRecent}); returns the change points found.
     */
    private static Result detectAll(ExecutorService pool, Detector detector, List<Series> series, int threads,
                                    boolean recent) throws Exception {
        List<Future<Result>> parts = new ArrayList<>();
        int slice = (series.size() + threads - 1) / threads;
        for (int t = 0; t < threads; t++) {
            List<Series> mine = series.subList(Math.min(series.size(), t * slice),
                Math.min(series.size(), (t + 1) * slice));
            parts.add(pool.submit(() -> {
                long cpu = CPU.getCurrentThreadCpuTime();
                int changes = 0;
                for (Series one : mine) {
                    Detection detection = recent ? detector.detectRecent(one) : detector.detect(one);
                    changes += detection.changePoints().size();
                }
                return new Result(changes, CPU.getCurrentThreadCpuTime() - cpu);
            }));
        }
        int changes = 0;
        long cpuNanos = 0;
        for (Future<Result> part : parts) {
            changes += part.get().changes;
            cpuNanos += part.get().cpuNanos;
        }
        return new Result(changes, cpuNanos);
    }

    /** Change points found, and the CPU time the threads spent: the wall time on an otherwise idle machine. */
    private record Result(int changes, long cpuNanos) {
    }

    /** Series with 1–3% Gaussian noise and a 10% step every 250 commits or so. */
    private static List<Series> corpus(Random random) {
        List<Series> corpus = new ArrayList<>(SERIES);
        for (int s = 0; s < SERIES; s++) {
            double sigma = 0.01 + 0.02 * random.nextDouble();
            double level = 100;
            List<Point> points = new ArrayList<>(POINTS);
            for (int i = 0; i < POINTS; i++) {
                if (random.nextInt(250) == 0) {
                    level *= random.nextBoolean() ? 1.1 : 1 / 1.1;
                }
                points.add(Point.of(i, level * (1 + sigma * random.nextGaussian())));
            }
            corpus.add(new Series("s" + s, Better.LOWER, points));
        }
        return corpus;
    }
}
