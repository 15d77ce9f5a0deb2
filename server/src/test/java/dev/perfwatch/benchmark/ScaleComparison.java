package dev.perfwatch.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;

/**
 * Every figure of the scale benchmark measured on two servers at once, interleaved: a request to one, the same
 * request to the other, the order swapped every time (A B B A …), so that both see the same load of a shared
 * machine and their ratio means something even where the absolute figures move by a factor of two.
 */
final class ScaleComparison {

    static final int RUNS_PER_BATCH = 10;

    private final ScaleServer empty;

    private final ScaleServer loaded;

    private final Map<ScaleServer, Integer> commits = new LinkedHashMap<>();

    private final Random random = new Random(42);

    /**
     * New in every run of the benchmark: per-run detection reads up to 200 results of each series, so a project
     * continued from an earlier run on a kept database would have a longer history than on the empty server.
     */
    private final String project = "ingest-" + System.currentTimeMillis();

    ScaleComparison(ScaleServer empty, ScaleServer loaded) {
        this.empty = empty;
        this.loaded = loaded;
        commits.put(empty, 0);
        commits.put(loaded, 0);
    }

    /** Both servers' figures in one round: ingest and detection of {@code batches} batches, then the reads. */
    record Round(long results, String load, Figures empty, Figures loaded) {
    }

    /** Rates as results/s and runs/s, latencies as {p50, p99} in ms. */
    record Figures(double ingest, double detection, double[] read, double[] overview, double[] changes,
            double[] alerts, double[] changePoints) {
    }

    void warmUp(long emptyHistory, long loadedHistory, int reads) throws Exception {
        for (ScaleServer server : List.of(empty, loaded)) {
            batch(server);
        }
        round(emptyHistory, loadedHistory, 1, reads / 4);
    }

    Round round(long emptyHistory, long loadedHistory, int batches, int reads) throws Exception {
        String load = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        double[] ingestSeconds = new double[2];
        double[] detectSeconds = new double[2];
        for (int b = 0; b < batches; b++) {
            for (int i = 0; i < 2; i++) {
                int which = (b + i) % 2;
                double[] seconds = batch(which == 0 ? empty : loaded);
                ingestSeconds[which] += seconds[0];
                detectSeconds[which] += seconds[1];
            }
        }
        String changes = "/api/v1/changes?project=" + project;
        String alerts = "/api/v1/alerts?limit=100";
        String changePoints = "/api/v1/change-points?project=bulk&limit=100";
        double[][] read = time(List.of("/api/v1/series/" + emptyHistory + "/points?limit=10000",
                "/api/v1/series/" + loadedHistory + "/points?limit=10000"), reads);
        double[][] overview = time(List.of("/api/v1/series/" + emptyHistory + "/points?buckets=2000",
                "/api/v1/series/" + loadedHistory + "/points?buckets=2000"), reads);
        double[][] changesView = time(List.of(changes, changes), reads);
        double[][] alertList = time(List.of(alerts, alerts), reads);
        double[][] changePointList = time(List.of(changePoints, changePoints), reads);
        int results = batches * RUNS_PER_BATCH * 500;
        Figures[] figures = new Figures[2];
        for (int i = 0; i < 2; i++) {
            figures[i] = new Figures(results / ingestSeconds[i], batches * RUNS_PER_BATCH / detectSeconds[i], read[i],
                    overview[i], changesView[i], alertList[i], changePointList[i]);
        }
        return new Round(loaded.results(), load, figures[0], figures[1]);
    }

    /**
     * Ten 500-result runs (the IngestBenchmark's JMH file, consecutive commits of one new project) posted by
     * 2 uploaders; returns the seconds until the last was stored and until the detection queue was empty.
     */
    private double[] batch(ScaleServer server) throws Exception {
        int first = commits.get(server);
        commits.put(server, first + RUNS_PER_BATCH);
        List<String> bodies = new ArrayList<>();
        for (int run = first; run < first + RUNS_PER_BATCH; run++) {
            bodies.add(Runs.run(UUID.randomUUID(), project, Runs.sha(100_000 + run),
                    run == 0 ? List.of() : List.of(Runs.sha(100_000 + run - 1)), null,
                    IngestBenchmark.jmhFile(random)).toString());
        }
        long started = System.nanoTime();
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> uploaders = new ArrayList<>();
            for (int u = 0; u < 2; u++) {
                uploaders.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < bodies.size(); i = next.getAndIncrement()) {
                        Api.Response response = server.api().postJson("/api/v1/runs", bodies.get(i));
                        if (response.status() != 201) {
                            throw new IllegalStateException(response.body());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> uploader : uploaders) {
                uploader.get();
            }
        }
        finally {
            pool.shutdown();
        }
        double ingested = (System.nanoTime() - started) / 1e9;
        server.drain();
        return new double[] { ingested, (System.nanoTime() - started) / 1e9 };
    }

    /** p50 and p99 in ms of GETs over HTTP, the empty server's path and the loaded one's alternately. */
    private double[][] time(List<String> paths, int times) {
        List<ScaleServer> servers = List.of(empty, loaded);
        double[][] millis = new double[2][times];
        for (int n = 0; n < times; n++) {
            for (int i = 0; i < 2; i++) {
                int which = (n + i) % 2;
                String path = paths.get(which);
                long t = System.nanoTime();
                Api.Response response = servers.get(which).api().get(path);
                millis[which][n] = (System.nanoTime() - t) / 1e6;
                if (response.status() != 200) {
                    throw new IllegalStateException(path + ": " + response.status() + " " + response.body());
                }
            }
        }
        double[][] percentiles = new double[2][];
        for (int i = 0; i < 2; i++) {
            Arrays.sort(millis[i]);
            percentiles[i] = new double[] { millis[i][times / 2], millis[i][Math.min(times - 1, (int) (times * 0.99))] };
        }
        return percentiles;
    }

    static String describe(Round round) {
        Figures e = round.empty();
        Figures l = round.loaded();
        return String.format(Locale.ROOT, """
                ROUND at %,d results (load %s), empty | loaded | cost ratio (>1: loaded is slower)
                  ingest results/s          %8.0f | %8.0f | %.2f
                  ingest+detection runs/s   %8.2f | %8.2f | %.2f
                  10k read p50 / p99 ms     %6.1f/%-6.1f | %6.1f/%-6.1f | %.2f / %.2f
                  overview p50 / p99 ms     %6.1f/%-6.1f | %6.1f/%-6.1f | %.2f / %.2f
                  changes p50 / p99 ms      %6.1f/%-6.1f | %6.1f/%-6.1f | %.2f / %.2f
                  alerts p50 / p99 ms       %6.1f/%-6.1f | %6.1f/%-6.1f | %.2f / %.2f
                  change points p50/p99 ms  %6.1f/%-6.1f | %6.1f/%-6.1f | %.2f / %.2f
                """, round.results(), round.load(), e.ingest(), l.ingest(), e.ingest() / l.ingest(), e.detection(),
                l.detection(), e.detection() / l.detection(), e.read()[0], e.read()[1], l.read()[0], l.read()[1],
                l.read()[0] / e.read()[0], l.read()[1] / e.read()[1], e.overview()[0], e.overview()[1],
                l.overview()[0], l.overview()[1], l.overview()[0] / e.overview()[0], l.overview()[1] / e.overview()[1],
                e.changes()[0], e.changes()[1], l.changes()[0], l.changes()[1], l.changes()[0] / e.changes()[0],
                l.changes()[1] / e.changes()[1], e.alerts()[0], e.alerts()[1], l.alerts()[0], l.alerts()[1],
                l.alerts()[0] / e.alerts()[0], l.alerts()[1] / e.alerts()[1], e.changePoints()[0],
                e.changePoints()[1], l.changePoints()[0], l.changePoints()[1],
                l.changePoints()[0] / e.changePoints()[0], l.changePoints()[1] / e.changePoints()[1]);
    }
}
