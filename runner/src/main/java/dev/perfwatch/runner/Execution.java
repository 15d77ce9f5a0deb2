package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One attempt of a job, start to end: fetch, check out, build (or reuse the jar built for the same commit), run JMH
 * pinned, spool and upload the result, report the outcome. A heartbeat thread renews the lease with the progress
 * and stops everything when the server says the job was cancelled.
 */
final class Execution {

    /** Options of the two profiles when the suite jar does not declare its own (perfwatch-profiles.properties). */
    static final Map<String, String> DEFAULT_PROFILES = Map.of("quick", "-f 1 -wi 1 -w 1s -i 2 -r 1s", "full",
            "-f 3 -wi 5 -w 10s -i 5 -r 10s");

    private static final int KEPT_BUILDS = 50;

    private final Settings settings;

    private final ServerClient server;

    private final Spool spool;

    private final GitCache git;

    private final JsonNode lease;

    private final JsonNode job;

    private final String attempt;

    private final Map<String, String> environment;

    /** How long the lease call took: overhead too, though spent before this attempt existed. */
    private final Duration leaseTime;

    private final JmhProgress progress = new JmhProgress();

    private volatile ChildProcess current;

    private volatile String stopReason;

    private volatile boolean cancelled;

    Execution(Settings settings, ServerClient server, Spool spool, GitCache git, JsonNode lease,
            Map<String, String> environment, Duration leaseTime) {
        this.settings = settings;
        this.server = server;
        this.spool = spool;
        this.git = git;
        this.lease = lease;
        this.job = lease.get("job");
        this.attempt = lease.get("attemptId").asText();
        this.environment = environment;
        this.leaseTime = leaseTime;
    }

    String attempt() {
        return attempt;
    }

    /** Stops the attempt from another thread (cancel from the server, SIGTERM): kills what runs now. */
    void stop(String reason, boolean cancelledByServer) {
        if (stopReason == null) {
            stopReason = reason;
            cancelled = cancelledByServer;
        }
        ChildProcess process = current;
        if (process != null) {
            process.kill(reason);
        }
    }

    /** Runs the attempt; returns normally in every case, having told the server the outcome where it can. */
    void run() {
        Instant started = Instant.now();
        Instant deadline = started.plusSeconds(job.get("timeoutSeconds").asLong());
        String label = job.get("project").asText() + " " + job.get("commit").asText().substring(0, 10) + " ("
                + job.get("id").asText().substring(0, 8) + ", attempt " + lease.get("attempt").asInt() + ")";
        Log.info("job %s: %s", label, LeaseLine.of(job));
        ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "heartbeat");
            thread.setDaemon(true);
            return thread;
        });
        try (LogTail log = new LogTail(settings.dir("logs").resolve(attempt + ".log"), 400)) {
            long period = Math.max(1, lease.get("heartbeatSeconds").asLong());
            heartbeats.scheduleWithFixedDelay(() -> beat(log, label), period, period, TimeUnit.SECONDS);
            try {
                Timings timings = new Timings();
                byte[] upload = execute(log, deadline, timings);
                progress.phase("upload");
                Instant uploading = Instant.now();
                spool.put(attempt, upload, true);
                checkStopped();
                boolean delivered = spool.deliver(server, Duration.ofDays(365), () -> stopReason != null);
                if (!delivered) {
                    // Spooled with its attempt: the next start delivers it and reports the success then.
                    Log.warn("job %s: result spooled, not delivered before the runner stopped", label);
                    return;
                }
                timings.upload = Duration.between(uploading, Instant.now());
                finishSucceeded(log);
                Log.info("job %s: done; overhead %.1f s (lease %.1f s, fetch %.1f s, build %.1f s%s, quiet wait %.1f s,"
                        + " upload %.1f s), JMH %.1f s", label,
                        timings.overhead(Duration.between(started, Instant.now())).plus(leaseTime).toMillis() / 1000.0,
                        leaseTime.toMillis() / 1000.0, timings.fetch.toMillis() / 1000.0,
                        timings.build.toMillis() / 1000.0,
                        timings.buildCached ? " cached" : "", timings.quietWait.toMillis() / 1000.0,
                        timings.upload.toMillis() / 1000.0,
                        timings.jmh.toMillis() / 1000.0);
            }
            catch (Stopped ex) {
                if (cancelled) {
                    Log.info("job %s: stopped, %s", label, ex.getMessage());
                }
                else {
                    Log.info("job %s: handing back, %s", label, ex.getMessage());
                    report("released", ex.getMessage(), log);
                }
            }
            catch (JobFailure ex) {
                Log.warn("job %s: failed, %s", label, ex.getMessage());
                log.add("perfwatch-runner: " + ex.getMessage());
                report("failed", ex.getMessage(), log);
            }
            catch (IOException | RuntimeException ex) {
                Log.warn("job %s: failed, %s", label, ex);
                log.add("perfwatch-runner: " + ex);
                report("failed", "runner error: " + ex, log);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                report("released", "the runner was interrupted", log);
            }
        }
        finally {
            heartbeats.shutdownNow();
        }
    }

    /** Everything before the upload; returns the body of the run to upload. */
    private byte[] execute(LogTail log, Instant deadline, Timings timings) throws IOException, InterruptedException,
            JobFailure, Stopped {
        JsonNode suite = job.get("suite");
        String repository = suite.get("repository").asText();
        String commit = job.get("commit").asText();
        Path jdk = settings.jdks().get(job.get("jvm").asText());
        if (jdk == null) {
            throw new JobFailure("this runner has no JDK named " + job.get("jvm").asText() + " (it has "
                    + settings.jdks().keySet() + ")");
        }

        progress.phase("fetch");
        Instant fetching = Instant.now();
        Path dir = git.fetch(repository, commit, log, deadline);
        ObjectNode commitInfo = git.commit(dir, commit, deadline);
        timings.fetch = Duration.between(fetching, Instant.now());
        checkStopped();

        progress.phase("build");
        Instant building = Instant.now();
        // Keyed by the configured command: the command it resolves to (which wrapper) depends on the commit's
        // files, so it is known only after the checkout the cache exists to skip.
        Path cached = settings.dir("builds").resolve(GitCache.key(String.join("\u0000", repository,
                commitInfo.get("sha").asText(), suite.path("moduleDir").asText(""),
                suite.path("buildCommand").asText(""), suite.get("jar").asText(), job.get("jvm").asText())) + ".jar");
        Path jar;
        if (settings.buildCache() && Files.isRegularFile(cached)) {
            jar = cached;
            timings.buildCached = true;
            log.add("perfwatch-runner: reusing the jar built before for this commit: " + cached);
        }
        else {
            git.checkout(dir, commit, log, deadline);
            jar = build(dir, suite, buildCommand(dir, suite), jdk, log, deadline);
            checkStopped();
            if (settings.buildCache()) {
                Files.copy(jar, cached, StandardCopyOption.REPLACE_EXISTING);
                prune(cached.getParent());
                jar = cached;
            }
        }
        timings.build = Duration.between(building, Instant.now());
        checkStopped();

        progress.phase("wait");
        Instant waiting = Instant.now();
        ObjectNode quiet = QuietHost.ofProc().beforeJob(settings.quietWait(), () -> stopReason != null, log);
        timings.quietWait = Duration.between(waiting, Instant.now());
        checkStopped();
        progress.phase("run");
        // The yardstick on both sides of JMH: the server marks the run noisy when the host moved (docs/runner.md).
        ObjectNode before = HostCheck.measure(settings.cpus(), environment);
        ObjectNode facts = HostFacts.sample(500);
        if (facts.path("loaded").asBoolean()) {
            Log.warn("the host is busy (%s): the run is marked as loaded",
                    QuietHost.describe(HostFacts.busy(facts.get("busyProcesses"))));
        }
        Instant running = Instant.now();
        Path result = settings.dir("results").resolve(attempt + ".json");
        Files.deleteIfExists(result);
        List<String> command = jmhCommand(jar, jdk, suite, result);
        log.add("$ " + String.join(" ", command));
        runJmh(command, jdk, log, deadline);
        timings.jmh = Duration.between(running, Instant.now());
        ObjectNode hostCheck = ServerClient.JSON.createObjectNode();
        hostCheck.put("workload", HostCheck.WORKLOAD);
        hostCheck.set("before", before);
        hostCheck.set("after", HostCheck.measure(settings.cpus(), environment));
        JsonNode jmh = readResult(result);
        for (JsonNode benchmark : jmh) {
            JsonNode primary = benchmark.path("primaryMetric");
            JsonNode norm = benchmark.path("secondaryMetrics").path("gc.alloc.rate.norm");
            String name = benchmark.path("benchmark").asText();
            Log.info("  %s %s: %.1f %s%s", name.substring(name.lastIndexOf('.') + 1),
                    benchmark.has("params") ? benchmark.get("params").toString() : "", primary.path("score").asDouble(),
                    primary.path("scoreUnit").asText(), norm.isMissingNode() ? ""
                            : String.format(", %.1f %s", norm.path("score").asDouble(), norm.path("scoreUnit").asText()));
        }

        ObjectNode body = ServerClient.JSON.createObjectNode();
        body.put("id", attempt);
        body.put("project", job.get("project").asText());
        body.put("repository", repository);
        body.put("branch", job.get("branch").asText());
        body.set("commit", commitInfo);
        body.set("host", HostFacts.host(settings.name(), settings.hostClass()));
        ObjectNode metadata = metadata(facts, jdk, command, timings);
        if (quiet != null) {
            metadata.set("quietWait", quiet);
        }
        metadata.set("hostCheck", hostCheck);
        body.set("metadata", metadata);
        body.set("jmh", jmh);
        byte[] bytes = ServerClient.JSON.writeValueAsBytes(body);
        Files.deleteIfExists(result);
        return bytes;
    }

    /** The configured command, else the wrapper of the module or the repository, else the machine's mvn. */
    static String buildCommand(Path repository, JsonNode suite) {
        Path module = repository.resolve(suite.path("moduleDir").asText(""));
        String configured = suite.path("buildCommand").asText("");
        boolean wrapper = Files.isExecutable(module.resolve("mvnw"));
        Path rootWrapper = repository.resolve("mvnw");
        String maven;
        if (wrapper) {
            maven = "./mvnw";
        }
        else if (Files.isExecutable(rootWrapper)) {
            maven = module.relativize(rootWrapper).toString();
        }
        else {
            maven = "mvn";
        }
        if (configured.isBlank()) {
            return maven + " -q -DskipTests package";
        }
        if (configured.startsWith("./mvnw ") && !wrapper) {
            return maven + configured.substring("./mvnw".length());
        }
        return configured;
    }

    private Path build(Path dir, JsonNode suite, String buildCommand, Path jdk, LogTail log, Instant deadline)
            throws IOException, InterruptedException, JobFailure, Stopped {
        Path module = dir.resolve(suite.path("moduleDir").asText(""));
        if (!Files.isDirectory(module)) {
            throw new JobFailure("the suite's module directory " + suite.path("moduleDir").asText()
                    + " does not exist at this commit");
        }
        Map<String, String> env = new java.util.HashMap<>(environment);
        env.put("JAVA_HOME", jdk.toString());
        env.put("PATH", jdk.resolve("bin") + java.io.File.pathSeparator + env.getOrDefault("PATH", "/usr/bin:/bin"));
        log.add("$ (in " + module + ") " + buildCommand);
        ChildProcess process = ChildProcess.start(List.of("sh", "-c", buildCommand), module, env, log::add);
        current = process;
        int exit = process.await(deadline);
        current = null;
        checkStopped();
        if (process.killedBecause() != null) {
            throw new JobFailure("the build " + process.killedBecause() + " (job timeout "
                    + job.get("timeoutSeconds").asLong() + " s)");
        }
        if (exit != 0) {
            throw new JobFailure("the build failed with exit code " + exit + ": " + buildCommand);
        }
        Path jar = module.resolve(suite.get("jar").asText());
        if (!Files.isRegularFile(jar)) {
            throw new JobFailure("the build did not produce " + suite.get("jar").asText());
        }
        return jar;
    }

    List<String> jmhCommand(Path jar, Path jdk, JsonNode suite, Path result) throws IOException {
        List<String> command = new ArrayList<>();
        if (settings.cpus() != null) {
            if (Agent.tasksetAvailable()) {
                command.addAll(List.of("taskset", "-c", settings.cpus()));
            }
        }
        String heap = settings.heap();
        command.addAll(List.of(jdk.resolve("bin/java").toString(), "-Xms" + heap, "-Xmx" + heap,
                // A JMH lock and temporary files of this runner only, not the machine's /tmp ones.
                "-Djava.io.tmpdir=" + settings.dir("tmp"), "-jar", jar.toString()));
        List<String> jobOptions = new ArrayList<>();
        for (JsonNode option : suite.path("jmhOptions")) {
            jobOptions.addAll(Words.split(option.asText()));
        }
        List<String> options = JmhOptions.merge(Words.split(profileOptions(jar, job.get("profile").asText())),
                jobOptions);
        command.addAll(options);
        if (!options.contains("-jvmArgsAppend")) {
            command.addAll(List.of("-jvmArgsAppend", "-Xms" + heap + " -Xmx" + heap));
        }
        boolean gc = false;
        for (int i = 0; i + 1 < options.size(); i++) {
            gc |= options.get(i).equals("-prof") && options.get(i + 1).startsWith("gc");
        }
        if (!gc) {
            command.addAll(List.of("-prof", "gc"));
        }
        for (JsonNode exclude : suite.path("exclude")) {
            command.addAll(List.of("-e", exclude.asText()));
        }
        command.addAll(List.of("-rf", "json", "-rff", result.toString()));
        for (JsonNode include : suite.path("include")) {
            command.add(include.asText());
        }
        return command;
    }

    /** The suite's own profile options (perfwatch-profiles.properties in the jar), else the defaults. */
    static String profileOptions(Path jar, String profile) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry entry = zip.getEntry("perfwatch-profiles.properties");
            if (entry != null) {
                Properties properties = new Properties();
                try (var in = zip.getInputStream(entry)) {
                    properties.load(in);
                }
                String options = properties.getProperty(profile);
                if (options != null) {
                    return options;
                }
            }
        }
        return DEFAULT_PROFILES.getOrDefault(profile, DEFAULT_PROFILES.get("full"));
    }

    private void runJmh(List<String> command, Path jdk, LogTail log, Instant deadline) throws IOException,
            InterruptedException, JobFailure, Stopped {
        Map<String, String> env = new java.util.HashMap<>(environment);
        env.put("JAVA_HOME", jdk.toString());
        ChildProcess process = ChildProcess.start(command, settings.dataDir(), env, line -> {
            log.add(line);
            progress.accept(line);
        });
        current = process;
        checkStopped();
        int exit = process.await(deadline);
        current = null;
        checkStopped();
        if (process.killedBecause() != null) {
            throw new JobFailure("JMH " + process.killedBecause() + " (job timeout "
                    + job.get("timeoutSeconds").asLong() + " s)");
        }
        if (exit != 0) {
            throw new JobFailure("JMH failed with exit code " + exit);
        }
    }

    private static JsonNode readResult(Path result) throws IOException, JobFailure {
        if (!Files.isRegularFile(result) || Files.size(result) == 0) {
            throw new JobFailure("JMH wrote no result file (did the include regexes match no benchmark?)");
        }
        JsonNode jmh = ServerClient.JSON.readTree(result.toFile());
        if (!jmh.isArray() || jmh.isEmpty()) {
            throw new JobFailure("JMH ran no benchmark (did the include regexes match none?)");
        }
        return jmh;
    }

    private ObjectNode metadata(ObjectNode facts, Path jdk, List<String> command, Timings timings) {
        ObjectNode metadata = ServerClient.JSON.createObjectNode();
        ObjectNode runner = metadata.putObject("runner");
        runner.put("name", settings.name());
        runner.put("version", Settings.VERSION);
        ObjectNode jobNode = metadata.putObject("job");
        jobNode.put("id", job.get("id").asText());
        jobNode.put("attempt", attempt);
        jobNode.put("attemptNumber", lease.get("attempt").asInt());
        jobNode.put("kind", job.get("kind").asText());
        jobNode.put("profile", job.get("profile").asText());
        jobNode.put("jvm", job.get("jvm").asText());
        metadata.put("jdk", jdk.toString());
        boolean pinned = command.get(0).equals("taskset");
        metadata.put("cpus", settings.cpus());
        metadata.put("pinned", pinned);
        metadata.put("heap", settings.heap());
        ArrayNode commandNode = metadata.putArray("jmhCommand");
        command.forEach(commandNode::add);
        metadata.set("host", facts);
        metadata.put("loaded", facts.path("loaded").asBoolean());
        ObjectNode timingNode = metadata.putObject("timings");
        timingNode.put("fetchSeconds", timings.fetch.toMillis() / 1000.0);
        timingNode.put("buildSeconds", timings.build.toMillis() / 1000.0);
        timingNode.put("buildCached", timings.buildCached);
        timingNode.put("quietWaitSeconds", timings.quietWait.toMillis() / 1000.0);
        timingNode.put("jmhSeconds", timings.jmh.toMillis() / 1000.0);
        return metadata;
    }

    private void beat(LogTail log, String label) {
        try {
            boolean cancel = server.heartbeat(attempt, progress.json(), log.tail(100));
            if (cancel && stopReason == null) {
                Log.info("job %s: the server cancelled it; stopping", label);
                stop("cancelled on the server", true);
            }
            else if (progress.phase().equals("run")) {
                Log.info("job %s: %s", label, progress.summary());
            }
        }
        catch (IOException ex) {
            // The server may be restarting; the lease outlives a few missed beats.
            Log.warn("job %s: heartbeat failed (%s)", label, ex.getMessage());
        }
        catch (RuntimeException ex) {
            Log.warn("job %s: heartbeat failed (%s)", label, ex);
        }
    }

    private void finishSucceeded(LogTail log) {
        try {
            report("succeeded", null, log);
        }
        finally {
            spool.forgetAttempt(attempt);
        }
    }

    private void report(String outcome, String failure, LogTail log) {
        for (int i = 0; i < 5; i++) {
            try {
                server.finish(attempt, outcome, failure, log.tail(100));
                return;
            }
            catch (IOException ex) {
                Log.warn("reporting %s for attempt %s failed (%s)%s", outcome, attempt, ex.getMessage(),
                        i < 4 ? ", retrying" : "; the lease will expire");
                if (ex instanceof ServerClient.HttpException http && http.status() < 500) {
                    return;
                }
                Spool.pause(Duration.ofSeconds(1L << i), () -> false);
            }
        }
    }

    private void checkStopped() throws Stopped {
        if (stopReason != null) {
            throw new Stopped(stopReason);
        }
    }

    private static void prune(Path builds) throws IOException {
        try (Stream<Path> jars = Files.list(builds)) {
            List<Path> all = jars.sorted(Comparator.comparing(Execution::modified).reversed()).toList();
            for (Path old : all.subList(Math.min(KEPT_BUILDS, all.size()), all.size())) {
                Files.deleteIfExists(old);
            }
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        }
        catch (IOException ex) {
            return 0;
        }
    }

    /** The attempt was stopped from outside (cancelled, or the runner is stopping). */
    static final class Stopped extends Exception {

        Stopped(String reason) {
            super(reason);
        }
    }

    /** Where the time of an attempt went; everything but JMH is the runner's overhead. */
    static final class Timings {

        Duration fetch = Duration.ZERO;

        Duration build = Duration.ZERO;

        Duration jmh = Duration.ZERO;

        Duration upload = Duration.ZERO;

        /** Waiting for other processes to quiet: the host's doing, not the runner's, but no benchmark runs. */
        Duration quietWait = Duration.ZERO;

        boolean buildCached;

        Duration overhead(Duration total) {
            return total.minus(jmh);
        }
    }
}
