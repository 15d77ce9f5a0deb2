package dev.perfwatch.codespeed;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.codespeed.CodespeedVocabulary.Benchmark;
import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;
import dev.perfwatch.ingest.IngestReceipt;
import dev.perfwatch.ingest.IngestService;
import dev.perfwatch.ingest.JmhScore;
import dev.perfwatch.ingest.RunUpload;

/**
 * Stores Codespeed results as runs through {@link IngestService}, so that they are ingested like any other upload.
 * The results of one post that share project, branch, commit id, executable and environment become one run, whose
 * JMH file holds one element per benchmark; the run id is derived from the content, so a retried post stores
 * nothing twice, and a post with new values for the same revision adds a run that the timeline shows instead of the
 * old one (Codespeed overwrites). A whole post is one transaction (Codespeed keeps the items before a bad one).
 */
@Service
class CodespeedWrites {

    private final CodespeedStore store;

    private final IngestService ingest;

    private final TransactionTemplate transaction;

    private final JsonMapper json;

    CodespeedWrites(CodespeedStore store, IngestService ingest, TransactionTemplate transaction, JsonMapper json) {
        this.store = store;
        this.ingest = ingest;
        this.transaction = transaction;
        this.json = json;
    }

    /** How many runs a post made, and how many it found already stored (a retry, an import run again). */
    record Outcome(int created, int existing) {
    }

    Outcome save(List<ResultItem> items) {
        Map<GroupKey, Map<String, ResultItem>> groups = new LinkedHashMap<>();
        for (ResultItem item : items) {
            GroupKey key = new GroupKey(CodespeedNames.slug(item.project(), "project"), item.branch(),
                    item.commitid(), item.executable(), item.environment());
            // The same benchmark twice for one revision: Codespeed's second save overwrites the first.
            groups.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(item.benchmark(), item);
        }
        return transaction.execute(status -> {
            int created = 0;
            int existing = 0;
            for (Map.Entry<GroupKey, Map<String, ResultItem>> group : groups.entrySet()) {
                if (store(group.getKey(), new ArrayList<>(group.getValue().values()))) {
                    created++;
                }
                else {
                    existing++;
                }
            }
            return new Outcome(created, existing);
        });
    }

    private boolean store(GroupKey key, List<ResultItem> items) {
        Environment environment = store.createEnvironment(key.environment(), null, null);
        long project = store.project(key.project(), key.branch());
        Executable executable = store.createExecutable(project, key.executable(), null, null, null, null, null);
        Map<String, Benchmark> benchmarks = store.benchmarks(items.stream().map(ResultItem::benchmark).toList());
        // New benchmarks in the post's order, so that their ids follow creation order as in Codespeed (links and
        // the changes table's groups depend on it); the lock keeps two posts creating the same ones from waiting on
        // each other in opposite orders.
        if (items.stream().anyMatch(item -> !benchmarks.containsKey(item.benchmark()))) {
            store.lockBenchmarkCreation();
            benchmarks.putAll(store.benchmarks(items.stream().map(ResultItem::benchmark).toList()));
        }
        items.stream()
            .filter(item -> !benchmarks.containsKey(item.benchmark()))
            .forEach(item -> benchmarks.put(item.benchmark(), store.createBenchmark(item.benchmark(), null,
                    item.description(), item.unitsTitle(), item.units(), item.lessisbetter(), null)));
        String fingerprint = fingerprint(key, items);
        String sha = CodespeedNames.sha(key.project(), key.commitid());
        Instant revisionDate = items.stream()
            .map(ResultItem::revisionDate)
            .filter(java.util.Objects::nonNull)
            .findFirst()
            .orElse(Instant.now());
        RunUpload upload = new RunUpload(UUID.nameUUIDFromBytes(("codespeed-run\u0000" + fingerprint)
            .getBytes(StandardCharsets.UTF_8)), key.project(), null, key.branch(),
                new RunUpload.Commit(sha, OffsetDateTime.ofInstant(revisionDate, ZoneOffset.UTC), null,
                        revisionMessage(key.commitid(), sha), null),
                new RunUpload.Host(CodespeedNames.host(environment.name()), environment.hostClass(), null, null, null,
                        null, null),
                metadata(key, items), null);
        IngestReceipt receipt = ingest.ingestScores(upload, jmh(items, benchmarks, executable), fingerprint);
        String tag = items.stream().map(ResultItem::tag).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        store.revision(project, key.branch(), key.commitid(), sha, tag);
        return receipt.created();
    }

    /**
     * A revision that is not a git sha (Flink's "{@code <sha>-<sha>-<time>}", an svn number) is stored under a sha
     * made from it; its commit's message names the revision, so alerts, the changes page and the search show what
     * the client sent rather than a sha nobody has seen (they showed empty subjects and made-up shas).
     */
    static String revisionMessage(String commitid, String sha) {
        return commitid.equalsIgnoreCase(sha) ? null : "Codespeed revision " + commitid;
    }

    /**
     * The JMH file of a revision: one element per benchmark, its score the result value, its error the std_dev,
     * its unit and direction the benchmark's (a benchmark keeps the units and lessisbetter of its first result, as
     * in Codespeed), its mode avgt when less is better and thrpt otherwise, its JVM the executable's. Given to the
     * ingest as values ({@link JmhScore}), which it reads as it would read that file: building the JSON tree only to
     * read it back was a tenth of a post's request time.
     */
    private static List<JmhScore> jmh(List<ResultItem> items, Map<String, Benchmark> benchmarks,
            Executable executable) {
        List<JmhScore> file = new ArrayList<>(items.size());
        for (ResultItem item : items) {
            Benchmark benchmark = benchmarks.get(item.benchmark());
            Double error = item.stdDev() != null && Double.isFinite(item.stdDev()) ? item.stdDev() : null;
            file.add(new JmhScore(item.benchmark(), benchmark.lessisbetter() ? "avgt" : "thrpt",
                    executable.jdkVersion(), executable.vmName(), executable.vmVersion(), item.resultValue(), error,
                    benchmark.units(), benchmark.direction()));
        }
        return file;
    }

    /** What the JMH file cannot hold: Codespeed's names, and min, max, quartiles and result dates per benchmark. */
    private ObjectNode metadata(GroupKey key, List<ResultItem> items) {
        ObjectNode metadata = json.createObjectNode();
        ObjectNode codespeed = metadata.putObject("codespeed");
        codespeed.put("executable", key.executable());
        codespeed.put("environment", key.environment());
        codespeed.put("commitid", key.commitid());
        ObjectNode results = json.createObjectNode();
        for (ResultItem item : items) {
            ObjectNode extra = json.createObjectNode();
            finite(extra, "min", item.min());
            finite(extra, "max", item.max());
            finite(extra, "q1", item.q1());
            finite(extra, "q3", item.q3());
            if (item.stdDev() != null && !Double.isFinite(item.stdDev())) {
                // JMH writes NaN for one fork; Codespeed (on PostgreSQL) keeps and serves it, and clients tell it
                // from a missing error ("").
                extra.put("std_dev", item.stdDev().isNaN() ? "NaN" : item.stdDev() > 0 ? "Infinity" : "-Infinity");
            }
            if (item.resultDate() != null) {
                extra.put("result_date", CodespeedDates.text(item.resultDate()));
            }
            if (!extra.isEmpty()) {
                results.set(item.benchmark(), extra);
            }
        }
        if (!results.isEmpty()) {
            codespeed.set("results", results);
        }
        return metadata;
    }

    private static void finite(ObjectNode node, String field, Double value) {
        if (value != null && Double.isFinite(value)) {
            node.put(field, value);
        }
    }

    /** The content of a revision's results, independent of their order in the post. */
    static String fingerprint(GroupKey key, List<ResultItem> items) {
        StringBuilder text = new StringBuilder("codespeed/1\n").append(key).append('\n');
        items.stream()
            .sorted(java.util.Comparator.comparing(ResultItem::benchmark))
            .forEach(item -> text.append(item.fingerprintText()).append('\n'));
        try {
            return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(text.toString().getBytes(StandardCharsets.UTF_8)));
        }
        catch (java.security.NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** What makes one revision's results one run. */
    record GroupKey(String project, String branch, String commitid, String executable, String environment) {
    }
}
