package dev.perfwatch.e2e.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A github-action-benchmark history of our own with the shape of the public one the issue names (a long nightly
 * history, 7 JMH series, all stepping down by 50-80% at one commit), written as the action writes data.js. Seeded: the
 * same arguments give the same file. What makes it odd, as real files are: 2% noise, one outlier run, a re-run entry
 * of one commit, an entry missing a bench, and two entries whose file order is not their commits' order (a run that
 * arrives late for the tracker).
 */
final class StepHistory {

    /** Seven benches: three parameterised cases of one benchmark and four plain ones, like a small JMH suite. */
    static final List<String> BENCHES = List.of(
            "org.example.codec.CodecBenchmark.encode ( {\"size\":\"16\"} )",
            "org.example.codec.CodecBenchmark.encode ( {\"size\":\"1024\"} )",
            "org.example.codec.CodecBenchmark.encode ( {\"size\":\"65536\"} )",
            "org.example.codec.CodecBenchmark.decode",
            "org.example.codec.PoolBenchmark.acquire",
            "org.example.codec.PoolBenchmark.release",
            "org.example.codec.HashBenchmark.murmur");

    /** After / before at the step, one per bench: -50% ... -80%. */
    static final double[] STEP = { 0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2 };

    private StepHistory() {
    }

    /** The shas of the file's commits in commit order. */
    record History(Path file, List<String> shas, int step) {
    }

    /** Writes {@code commits} nightly entries (2023 on), the step at commit index {@code step}. */
    static History write(Path file, int commits, int step, long seed) {
        Random random = new Random(seed);
        JsonMapper json = JsonMapper.builder().build();
        List<String> shas = new ArrayList<>();
        List<ObjectNode> entries = new ArrayList<>();
        Instant start = Instant.parse("2023-01-02T01:00:00Z");
        double[] base = new double[BENCHES.size()];
        for (int b = 0; b < base.length; b++) {
            base[b] = 1_000 * (b + 1) * (1 + random.nextDouble());
        }
        for (int c = 0; c < commits; c++) {
            String sha = String.format(Locale.ROOT, "%040x", (seed << 32) + c + 1);
            shas.add(sha);
            Instant time = start.plus(c, ChronoUnit.DAYS);
            entries.add(entry(json, random, sha, c, time, time.plus(2, ChronoUnit.HOURS), base, step, commits));
            if (c == commits / 3) {
                // a re-run of the same commit the next morning
                entries.add(entry(json, random, sha, c, time, time.plus(9, ChronoUnit.HOURS), base, step, commits));
            }
        }
        // Two neighbours swapped in the file: the later commit's entry comes first, as a retried CI job writes it.
        int swap = commits / 5;
        ObjectNode first = entries.get(swap);
        entries.set(swap, entries.get(swap + 1));
        entries.set(swap + 1, first);
        ObjectNode data = json.createObjectNode();
        data.put("lastUpdate", start.plus(commits, ChronoUnit.DAYS).toEpochMilli());
        data.put("repoUrl", "https://github.com/example/codec");
        ArrayNode suite = data.putObject("entries").putArray("JMH Benchmark");
        entries.forEach(suite::add);
        try {
            Files.writeString(file, "window.BENCHMARK_DATA = " + json.writerWithDefaultPrettyPrinter()
                .writeValueAsString(data) + "\n", StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return new History(file, shas, step);
    }

    private static ObjectNode entry(JsonMapper json, Random random, String sha, int c, Instant time, Instant date,
            double[] base, int step, int commits) {
        ObjectNode entry = json.createObjectNode();
        ObjectNode commit = entry.putObject("commit");
        commit.putObject("author").put("name", "Ada").put("email", "ada@example.org").put("username", "ada");
        commit.put("id", sha);
        commit.put("message", "Change " + (c + 1));
        commit.put("timestamp", time.toString());
        commit.put("url", "https://github.com/example/codec/commit/" + sha);
        entry.put("date", date.toEpochMilli());
        entry.put("tool", "jmh");
        ArrayNode benches = entry.putArray("benches");
        for (int b = 0; b < BENCHES.size(); b++) {
            if (c == commits / 2 && b == 3) {
                continue; // that night's run lost one bench
            }
            double value = base[b] * (c >= step ? STEP[b] : 1) * (1 + 0.02 * random.nextGaussian());
            if (c == commits / 4 && b == 0) {
                value *= 2.5; // one outlier run
            }
            ObjectNode bench = benches.addObject();
            bench.put("name", BENCHES.get(b));
            bench.put("value", Math.round(value * 1000) / 1000.0);
            bench.put("unit", "ops/s");
            bench.put("range", "\u00b1 " + Math.round(value * 0.01 * 1000) / 1000.0);
            bench.put("extra", "iterations: 5\nforks: 1\nthreads: 1");
        }
        return entry;
    }
}
