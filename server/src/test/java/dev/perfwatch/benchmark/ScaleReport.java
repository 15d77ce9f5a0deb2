package dev.perfwatch.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The scale benchmark's rounds as a table for scripts/plot-scale.py: per round the database's size, the load, and
 * every figure on the empty and the loaded server, so the plot can draw each cost as loaded / empty.
 */
final class ScaleReport {

    private ScaleReport() {
    }

    static void write(List<ScaleComparison.Round> rounds, Path out) throws IOException {
        StringBuilder tsv = new StringBuilder("results\tload\tserver\tingest_results_per_s\tdetected_runs_per_s\t"
                + "read10k_p50_ms\tread10k_p99_ms\toverview_p50_ms\toverview_p99_ms\tchanges_p50_ms\t"
                + "alerts_p50_ms\tchange_points_p50_ms\n");
        for (ScaleComparison.Round round : rounds) {
            row(tsv, round, "empty", round.empty());
            row(tsv, round, "loaded", round.loaded());
        }
        Files.writeString(out, tsv);
        System.out.println("TSV " + out.toAbsolutePath());
    }

    private static void row(StringBuilder tsv, ScaleComparison.Round round, String server,
            ScaleComparison.Figures f) {
        tsv.append(String.format(Locale.ROOT, "%d\t%s\t%s\t%.0f\t%.3f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f%n",
                round.results(), round.load(), server, f.ingest(), f.detection(), f.read()[0], f.read()[1],
                f.overview()[0], f.overview()[1], f.changes()[0], f.alerts()[0], f.changePoints()[0]));
    }
}
