package dev.perfwatch.ingest;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.database.GenericPlans;
import dev.perfwatch.system.ConflictException;
import dev.perfwatch.system.HostClassNames;
import dev.perfwatch.system.InvalidInputException;

/**
 * Turns an upload into stored results: checks everything first, then writes the whole run in one transaction, so a
 * refused run leaves nothing behind and a repeated one stores nothing twice. The entry point other features call
 * to store a run (the runner protocol, the Codespeed endpoints, importers).
 */
@Service
public class IngestService {

    private static final Logger log = LoggerFactory.getLogger(IngestService.class);

    private final JsonMapper json;

    private final Validator validator;

    private final RunStore store;

    private final CommitPlacement placement;

    private final TransactionTemplate transaction;

    private final GenericPlans genericPlans;

    private final ApplicationEventPublisher events;

    private final Counter runs;

    private final ResultCopy results;

    private final SeriesVocabulary vocabulary;

    private final BranchIds branchIds;

    private final HostIds hostIds;

    private final Counter resultCount;

    private final DistributionSummary bodySizes;

    private final Timer timer;

    private final HostClassNames hostClassNames;

    IngestService(JsonMapper json, Validator validator, RunStore store, ResultCopy results,
            SeriesVocabulary vocabulary, BranchIds branchIds, HostIds hostIds, CommitPlacement placement,
            TransactionTemplate transaction, ApplicationEventPublisher events, MeterRegistry meters,
            HostClassNames hostClassNames, GenericPlans genericPlans) {
        this.hostClassNames = hostClassNames;
        this.genericPlans = genericPlans;
        this.vocabulary = vocabulary;
        this.branchIds = branchIds;
        this.hostIds = hostIds;
        this.json = json;
        this.validator = validator;
        this.store = store;
        this.results = results;
        this.placement = placement;
        this.transaction = transaction;
        this.events = events;
        this.runs = Counter.builder("perfwatch.ingest.runs").description("Runs stored").register(meters);
        this.resultCount = Counter.builder("perfwatch.ingest.results").description("Results stored").register(meters);
        this.bodySizes = DistributionSummary.builder("perfwatch.ingest.body.size")
            .baseUnit("bytes")
            .description("Size of accepted upload bodies")
            .register(meters);
        this.timer = Timer.builder("perfwatch.ingest.duration").description("Time to store a run").register(meters);
    }

    /** Stores the body of {@code POST /api/v1/runs}. */
    public IngestReceipt ingest(byte[] body) {
        if (TextLimits.mayHoldNul(body)) {
            try {
                TextLimits.check(json.readTree(body), "");
            }
            catch (JacksonException ex) {
                throw new InvalidInputException("body", "the body is not a valid run: " + ex.getOriginalMessage());
            }
        }
        UploadReader.Read read = UploadReader.run(json, body);
        if (read.upload() == null) {
            throw new InvalidInputException("body", "the body is empty");
        }
        return read.benchmarks() == null ? ingest(read.upload(), sha256(body))
                : ingest(read.upload(), read.benchmarks(), sha256(body));
    }

    /** Stores a run given as a record; the fingerprint tells a retry of the same content from a conflicting one. */
    public IngestReceipt ingest(RunUpload upload, String fingerprint) {
        validate(upload, false);
        return store(upload, JmhResultReader.read(upload.jmh(), "jmh"), fingerprint);
    }

    /**
     * Stores a run whose JMH file holds scores alone, given as values ({@link JmhScore}: Codespeed's results) rather
     * than as {@code upload.jmh()}, which is not read; refused as that file would be.
     */
    public IngestReceipt ingestScores(RunUpload upload, List<JmhScore> scores, String fingerprint) {
        validate(upload, true);
        return store(upload, JmhResultReader.read(scores, "jmh"), fingerprint);
    }

    /** Stores a run whose JMH file was read already (streamed from the body); {@code upload.jmh()} is not read. */
    IngestReceipt ingest(RunUpload upload, List<JmhBenchmark> benchmarks, String fingerprint) {
        validate(upload, true);
        return store(upload, benchmarks, fingerprint);
    }

    private IngestReceipt store(RunUpload upload, List<JmhBenchmark> benchmarks, String fingerprint) {
        rejectRepeatedCases(benchmarks);
        long started = System.nanoTime();
        Placed placed = TransactionSynchronizationManager.isActualTransactionActive() ? null
                : transaction.execute(status -> place(upload));
        IngestReceipt receipt = transaction.execute(status -> write(upload, benchmarks, fingerprint, placed));
        long millis = (System.nanoTime() - started) / 1_000_000;
        if (receipt.created()) {
            runs.increment();
            resultCount.increment(receipt.results());
            timer.record(java.time.Duration.ofNanos(System.nanoTime() - started));
            log.info("Ingested run {} project={} commit={} hostClass={} results={} in {} ms", upload.id(),
                    upload.project(), upload.commit().sha(), upload.host().hostClass(), receipt.results(),
                    millis);
        }
        return receipt;
    }

    /**
     * Places commits found between two commits of a branch (a bisected range), each the first parent of the next
     * and the first one a child of {@code firstParent}, so that alerts and timelines can name them in branch order.
     * Commits already placed keep their place. Joins the caller's transaction.
     */
    public void placeCommits(long project, long branch, String firstParent, List<String> shas) {
        transaction.executeWithoutResult(status -> {
            String parent = firstParent;
            for (String sha : shas) {
                RunStore.StoredCommit commit = store.commit(project,
                        new RunUpload.Commit(sha, null, null, null, List.of(parent)));
                placement.place(branch, commit);
                parent = sha;
            }
        });
    }

    void recordBodySize(int bytes) {
        bodySizes.record(bytes);
    }

    /** A run as stored, for uploaders that want to confirm delivery. */
    public Optional<RunSummary> find(UUID id) {
        return store.summary(id);
    }

    /** Where a run's commit is on its branch, placed and committed before the run's own transaction. */
    private record Placed(long project, long branch, RunStore.StoredCommit commit, BigDecimal position) {
    }

    /**
     * Places the run's commit in a transaction of its own, so that the lock serialising placements on a branch is
     * held for a few statements, not until the run's results are stored and committed: uploads of new commits to
     * one branch (an importer, two uploaders) waited for each other's whole run before. A commit placed is a
     * commit known, as a bisected range's are; a run refused after this (its id reused with other content) leaves
     * no run or result. Null when the run is stored already: its answer must not depend on this.
     */
    private Placed place(RunUpload upload) {
        genericPlans.forThisTransaction();
        if (store.existingRun(upload.id()).isPresent()) {
            return null;
        }
        BranchIds.Ids ids = branchIds(upload);
        RunStore.BranchCommit commit = store.commit(ids.project(), ids.branch(), upload.commit());
        return new Placed(ids.project(), ids.branch(), commit.commit(), placement.place(ids.branch(), commit));
    }

    /** The upload's project and branch, stored if new; kept in process once committed ({@link BranchIds}). */
    private BranchIds.Ids branchIds(RunUpload upload) {
        BranchIds.Key key = new BranchIds.Key(upload.project(), upload.repository(), upload.branch());
        BranchIds.Ids known = branchIds.find(key);
        if (known != null) {
            return known;
        }
        long project = store.project(upload.project(), upload.repository());
        BranchIds.Ids ids = new BranchIds.Ids(project, store.branch(project, upload.branch()));
        branchIds.keepAfterCommit(key, ids);
        return ids;
    }

    /** The host's id: kept in process while its facts count as confirmed ({@link HostIds}), else stored. */
    private long host(RunUpload.Host host) {
        Long known = hostIds.find(host);
        if (known != null) {
            return known;
        }
        RunStore.ConfirmedHost confirmed = store.host(host);
        hostIds.keepAfterCommit(host, confirmed);
        return confirmed.id();
    }

    private IngestReceipt write(RunUpload upload, List<JmhBenchmark> benchmarks, String fingerprint, Placed placed) {
        // Every statement of a run's ingest has a fixed shape: planned once per connection, not at every run.
        genericPlans.forThisTransaction();
        BranchIds.Ids ids = placed != null ? null : branchIds(upload);
        long project = placed != null ? placed.project() : ids.project();
        long branch = placed != null ? placed.branch() : ids.branch();
        RunStore.BranchCommit found = placed != null ? null : store.commit(project, branch, upload.commit());
        RunStore.StoredCommit commit = placed != null ? placed.commit() : found.commit();
        long host = host(upload.host());
        int count = benchmarks.stream().mapToInt(b -> b.metrics().size()).sum();
        String metadata = upload.metadata() == null || upload.metadata().isNull() ? "{}" : upload.metadata().toString();
        Optional<RunStore.ExistingRun> existing = store.insertRun(upload.id(), project, branch, commit.id(), host,
                upload.host().hostClass(), fingerprint, count, metadata);
        if (existing.isPresent()) {
            if (!existing.get().bodySha256().equals(fingerprint)) {
                throw new ConflictException("id", "run " + upload.id() + " was stored before with other content");
            }
            return new IngestReceipt(upload.id(), existing.get().resultCount(), false);
        }
        BigDecimal position = placed != null ? placed.position() : placement.place(branch, found);
        long[] series = vocabulary.series(project, branch, upload.host().hostClass(), benchmarks, count);
        List<ResultCopy.Row> rows = new ArrayList<>(count);
        int i = 0;
        for (JmhBenchmark benchmark : benchmarks) {
            for (JmhBenchmark.Metric metric : benchmark.metrics()) {
                rows.add(new ResultCopy.Row(series[i++], metric.score(), metric.error(), metric.ciLower(),
                        metric.ciUpper(), metric.samples(), metric.histogram()));
            }
        }
        results.copy(upload.id(), commit.id(), position, rows);
        boolean hostCheck = upload.metadata() != null && upload.metadata().path("hostCheck").isObject();
        events.publishEvent(new RunIngested(upload.id(), project, branch, commit.id(), upload.host().hostClass(),
                java.util.Arrays.stream(series).boxed().toList(), hostCheck));
        return new IngestReceipt(upload.id(), count, true);
    }

    /** The canonical text of a case: the same params in another order make the same key. */
    static String caseKey(JmhBenchmark benchmark) {
        StringBuilder key = new StringBuilder(benchmark.mode()).append(";threads=").append(benchmark.threads());
        benchmark.params().forEach((name, value) -> key.append(';').append(name).append('=').append(value));
        return key.toString();
    }

    static String metricKey(JmhBenchmark.Metric metric) {
        return metric.name() + "\u0000" + metric.unit() + "\u0000" + metric.direction();
    }

    /** A case on a JVM, as a key: the JVM's text ({@code String.format} in JDK 17's records) cost 4% of a run. */
    private record CaseOnJvm(String benchmark, String caseKey, JmhBenchmark.Jvm jvm) {
    }

    private static void rejectRepeatedCases(List<JmhBenchmark> benchmarks) {
        Map<CaseOnJvm, Integer> seen = new HashMap<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            JmhBenchmark benchmark = benchmarks.get(i);
            CaseOnJvm key = new CaseOnJvm(benchmark.benchmark(), caseKey(benchmark), benchmark.jvm());
            Integer earlier = seen.putIfAbsent(key, i);
            if (earlier != null) {
                throw new InvalidInputException("jmh[" + i + "]",
                        "jmh[" + i + "] repeats the case of jmh[" + earlier + "]");
            }
            Set<String> metrics = new java.util.HashSet<>();
            for (JmhBenchmark.Metric metric : benchmark.metrics()) {
                if (!metrics.add(metricKey(metric))) {
                    throw new InvalidInputException("jmh[" + i + "].secondaryMetrics",
                            "jmh[" + i + "].secondaryMetrics names " + metric.name() + " twice");
                }
            }
        }
    }

    private void validate(RunUpload upload, boolean jmhRead) {
        Set<ConstraintViolation<RunUpload>> violations = validator.validate(upload);
        violations.stream()
            .filter(v -> !(jmhRead && v.getPropertyPath().toString().equals("jmh")))
            .min(java.util.Comparator.comparing(v -> v.getPropertyPath().toString()))
            .ifPresent(v -> {
                String field = v.getPropertyPath().toString().replace(".<list element>", "");
                throw new InvalidInputException(field, field + " " + v.getMessage());
            });
        hostClassNames.requireNew("host.hostClass", upload.host().hostClass());
        if (upload.metadata() != null && !upload.metadata().isNull() && !upload.metadata().isObject()) {
            throw new InvalidInputException("metadata", "metadata must be a JSON object");
        }
        if (!jmhRead && (upload.jmh() == null || upload.jmh().isNull())) {
            throw new InvalidInputException("jmh", "jmh is required");
        }
    }

    static String path(JacksonException ex) {
        StringBuilder out = new StringBuilder();
        for (JacksonException.Reference reference : ex.getPath()) {
            if (reference.getPropertyName() != null) {
                if (!out.isEmpty()) {
                    out.append('.');
                }
                out.append(reference.getPropertyName());
            }
            else if (reference.getIndex() >= 0) {
                out.append('[').append(reference.getIndex()).append(']');
            }
        }
        return out.isEmpty() ? "body" : out.toString();
    }

    static String sha256(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

    static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

}
