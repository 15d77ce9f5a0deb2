package dev.perfwatch.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * How costs grow with the database (docs/performance.md, "Scale"): two servers in this JVM, each with its own
 * embedded durable PostgreSQL, one on a nearly empty database and one bulk-loaded with {@code evaluation.series}
 * series × {@code evaluation.commits} commits (with samples), loaded in {@code evaluation.slices} slices. After each
 * slice every figure is measured on both servers interleaved (ScaleComparison), so each is reported as a ratio
 * taken under the same load. Run on purpose:
 * {@code ./mvnw -pl server -am -Pevaluation verify -DskipTests -Devaluation.main=dev.perfwatch.benchmark.ScaleBenchmark
 * -Devaluation.series=50000 -Devaluation.commits=1000 -Devaluation.slices=2}. With {@code evaluation.keep=true} the
 * data directories ({@code evaluation.dir}, default target/scale) stay, and a later run with the same series goes
 * on from the commits already loaded; {@code evaluation.measure=false} only loads.
 */
public final class ScaleBenchmark {

    private static final int SERIES = Integer.getInteger("evaluation.series", 5_000);

    private static final int COMMITS = Integer.getInteger("evaluation.commits", 1_000);

    private static final int SLICES = Integer.getInteger("evaluation.slices", 2);

    private static final int BATCHES = Integer.getInteger("evaluation.batches", 4);

    private static final int READS = Integer.getInteger("evaluation.reads", 60);

    private static final int WORKERS = Integer.getInteger("evaluation.workers", 2);

    private static final boolean MEASURE = Boolean.parseBoolean(System.getProperty("evaluation.measure", "true"));

    private static final boolean KEEP = Boolean.getBoolean("evaluation.keep");

    /** Free disk a load must leave; a slice that would go below it is not loaded. */
    private static final long RESERVE = Long.getLong("evaluation.reserve-gb", 16) << 30;

    /** A result with its samples and indexes, plus the sort space an index build needs meanwhile. */
    private static final long BYTES_PER_RESULT = 900;

    private static final int HISTORY = 100_000;

    private static final Path DIR = Path.of(System.getProperty("evaluation.dir", "target/scale"));

    private ScaleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path bigDir = DIR.resolve("loaded");
        Path emptyDir = DIR.resolve("empty");
        int loaded = loadedCommits(bigDir);
        if (loaded == 0) {
            deleteRecursively(bigDir);
        }
        deleteRecursively(emptyDir);
        List<ScaleComparison.Round> rounds = new ArrayList<>();
        ScaleServer big = ScaleServer.start("loaded", bigDir);
        ScaleServer empty = null;
        try {
            long bigHistory = big.history(HISTORY);
            BulkLoad bulk = new BulkLoad(big.superuser(), "bulk");
            bulk.vocabulary(SERIES);
            ScaleComparison comparison = null;
            long emptyHistory = 0;
            if (MEASURE) {
                empty = ScaleServer.start("empty", emptyDir);
                emptyHistory = empty.history(HISTORY);
                // The same shape at a thousandth of the size, so that both alert and change-point lists have
                // 100 rows to return and the comparison is of the database's size, not of the answer's.
                BulkLoad small = new BulkLoad(empty.superuser(), "bulk");
                small.vocabulary(1_000);
                small.commits(1, 20, 1);
                comparison = new ScaleComparison(empty, big);
                comparison.warmUp(emptyHistory, bigHistory, READS);
            }
            for (int slice = 1; slice <= SLICES; slice++) {
                int to = COMMITS * slice / SLICES;
                if (loaded < to) {
                    long needed = (long) (to - loaded) * SERIES * BYTES_PER_RESULT;
                    long free = Files.getFileStore(bigDir).getUsableSpace();
                    if (free - needed < RESERVE) {
                        System.out.printf(Locale.ROOT, "STOP: commits %d..%d need about %,d MB, %,d MB free%n",
                                loaded + 1, to, needed >> 20, free >> 20);
                        break;
                    }
                    long started = System.nanoTime();
                    long results = bulk.commits(loaded + 1, to, WORKERS);
                    double seconds = (System.nanoTime() - started) / 1e9;
                    System.out.printf(Locale.ROOT,
                            "LOADED commits %d..%d: %,d results in %.0f s with indexes (%.0f results/s)%n",
                            loaded + 1, to, results, seconds, results / seconds);
                    loaded = to;
                    Files.writeString(bigDir.resolve("bulk-loaded"), SERIES + " " + loaded);
                }
                if (comparison != null) {
                    ScaleComparison.Round round = comparison.round(emptyHistory, bigHistory, BATCHES, READS);
                    System.out.println(ScaleComparison.describe(round));
                    rounds.add(round);
                }
            }
            sizes(JdbcClient.create(big.superuser()));
            if (!rounds.isEmpty()) {
                ScaleReport.write(rounds, Path.of("target/scale.tsv"));
            }
        }
        finally {
            if (empty != null) {
                empty.close();
            }
            big.close();
            deleteRecursively(emptyDir);
            if (!KEEP) {
                deleteRecursively(bigDir);
            }
        }
    }

    /** Commits of {@code evaluation.series} series a kept directory holds already (0: start afresh). */
    private static int loadedCommits(Path dir) throws IOException {
        Path marker = dir.resolve("bulk-loaded");
        if (!Files.exists(marker)) {
            return 0;
        }
        String[] words = Files.readString(marker).trim().split(" ");
        return Integer.parseInt(words[0]) == SERIES ? Integer.parseInt(words[1]) : 0;
    }

    private static void sizes(JdbcClient jdbc) {
        jdbc.sql("""
                select c.relname, pg_relation_size(c.oid) as bytes, pg_total_relation_size(c.oid) as total
                from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'i') and pg_total_relation_size(c.oid) > 1000000
                order by total desc
                """)
            .query((rs, row) -> String.format(Locale.ROOT, "SIZE %-28s %,15d bytes (with indexes and TOAST %,d)",
                    rs.getString(1), rs.getLong(2), rs.getLong(3)))
            .list()
            .forEach(System.out::println);
        long results = jdbc.sql("select count(*) from result").query(Long.class).single();
        long bytes = jdbc.sql("select pg_total_relation_size('result')").query(Long.class).single();
        System.out.printf(Locale.ROOT, "BYTES per result (table, TOAST and indexes of result): %.0f over %,d%n",
                (double) bytes / results, results);
        System.out.println("DATABASE " + jdbc.sql("select pg_size_pretty(pg_database_size(current_database()))")
            .query(String.class)
            .single());
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
