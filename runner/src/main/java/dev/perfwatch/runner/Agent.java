package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code run} command: registers, delivers what an earlier run left in the spool, then leases and runs jobs
 * one at a time until stopped. SIGTERM kills the running benchmark, hands the lease back and exits well within
 * the 30 s Docker waits.
 */
final class Agent {

    private static volatile Boolean taskset;

    private final Settings settings;

    private final ServerClient server;

    private final Spool spool;

    private final GitCache git;

    private final Map<String, String> environment;

    private final CountDownLatch stopped = new CountDownLatch(1);

    private final CountDownLatch finished = new CountDownLatch(1);

    private volatile boolean stopping;

    private volatile Execution current;

    Agent(Settings settings) {
        this.settings = settings;
        this.server = new ServerClient(settings.server(), settings.token());
        this.spool = new Spool(settings.dir("spool"));
        this.environment = Settings.childEnvironment(System.getenv());
        this.git = new GitCache(settings.dir("git"), environment);
    }

    /** Runs until stopped (or, with exit-when-idle, until the queue is empty); returns the exit code. */
    int run() throws IOException {
        try (FileChannel lockFile = FileChannel.open(settings.dataDir().resolve("runner.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = lockFile.tryLock();
            if (lock == null) {
                Log.warn("another runner uses %s; give each runner its own --data-dir", settings.dataDir());
                return 1;
            }
            Thread hook = new Thread(this::shutdown, "shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                return loop();
            }
            finally {
                finished.countDown();
            }
        }
    }

    private int loop() {
        if (settings.cpus() != null && !tasksetAvailable()) {
            Log.warn("taskset is not installed: benchmarks will NOT be pinned to CPUs %s (install util-linux)",
                    settings.cpus());
        }
        Log.info("runner %s, host class %s, CPUs %s, JDKs %s, data in %s, server %s", settings.name(),
                settings.hostClass(), settings.cpus() == null ? "all (not pinned)" : settings.cpus(),
                settings.jdks(), settings.dataDir(), settings.server());
        Optional<String> id = register();
        if (id.isEmpty()) {
            return stopping ? 0 : 1;
        }
        deliverSpool();
        IdleChecks checks = new IdleChecks(server, settings.cpus(), environment);
        Duration backoff = settings.pollInterval();
        while (!stopping) {
            Optional<JsonNode> lease;
            Instant leasing = Instant.now();
            try {
                lease = server.lease(id.get());
                backoff = settings.pollInterval();
            }
            catch (ServerClient.HttpException ex) {
                if (ex.status() == 404) {
                    Log.warn("the server forgot this runner; registering again");
                    id = register();
                    if (id.isEmpty()) {
                        return stopping ? 0 : 1;
                    }
                    continue;
                }
                Log.warn("leasing failed: %s", ex.getMessage());
                lease = Optional.empty();
                backoff = longer(backoff);
            }
            catch (IOException ex) {
                Log.warn("the server is unreachable (%s); retrying in %d s", ex.getMessage(), backoff.toSeconds());
                lease = Optional.empty();
                backoff = longer(backoff);
            }
            if (lease.isPresent()) {
                Execution execution = new Execution(settings, server, spool, git, lease.get(), environment,
                        Duration.between(leasing, Instant.now()));
                current = execution;
                if (stopping) {
                    execution.stop("the runner is stopping", false);
                }
                execution.run();
                current = null;
                deliverSpool();
                checks.afterJob();
                continue;
            }
            if (settings.exitWhenIdle()) {
                Log.info("no job waiting; exiting (--exit-when-idle)");
                sayStopped(id.get(), "exited: no job waiting (--exit-when-idle)");
                return 0;
            }
            checks.poll(id.get());
            await(backoff);
        }
        sayStopped(id.get(), "exited: told to stop");
        return 0;
    }

    /**
     * Tells the server this runner exits on purpose, so that it is shown stopped rather than offline (a finished
     * demo is not a lost host). Best effort: a server that is gone too learns it from the silence.
     */
    private void sayStopped(String id, String reason) {
        try {
            server.stopped(id, reason);
        }
        catch (IOException ex) {
            Log.warn("could not tell the server this runner stops: %s", ex.getMessage());
        }
    }

    private Optional<String> register() {
        ObjectNode registration = HostFacts.host(settings.name(), settings.hostClass());
        registration.remove("name");
        registration.put("name", settings.name());
        ArrayNode jdks = registration.putArray("jdks");
        settings.jdks().keySet().forEach(jdks::add);
        registration.put("version", Settings.VERSION);
        Duration backoff = Duration.ofSeconds(1);
        while (!stopping) {
            try {
                String id = server.register(registration);
                Log.info("registered as %s", id);
                return Optional.of(id);
            }
            catch (ServerClient.HttpException ex) {
                if (ex.status() == 401 || ex.status() == 403 || ex.status() == 400) {
                    Log.warn("the server refused the registration: %s", ex.getMessage());
                    return Optional.empty();
                }
                Log.warn("registering failed (%s); retrying", ex.getMessage());
            }
            catch (IOException ex) {
                Log.warn("the server is unreachable (%s); retrying in %d s", ex.getMessage(), backoff.toSeconds());
            }
            await(backoff);
            backoff = longer(backoff);
        }
        return Optional.empty();
    }

    /** Uploads what the spool holds, then reports the success of attempts whose run got through. */
    private void deliverSpool() {
        if (!spool.pending().isEmpty()) {
            Log.info("delivering %d spooled run(s) first", spool.pending().size());
            spool.deliver(server, Duration.ofDays(365), () -> stopping);
        }
        for (String attempt : spool.deliveredAttempts()) {
            boolean refused = Files.exists(spool.dir().resolve("rejected").resolve(attempt + ".json"));
            try {
                server.finish(attempt, refused ? "failed" : "succeeded",
                        refused ? "the server refused the run; see the runner's spool/rejected" : null, null);
                spool.forgetAttempt(attempt);
                Log.info("reported attempt %s as %s", attempt, refused ? "failed" : "succeeded");
            }
            catch (ServerClient.HttpException ex) {
                Log.warn("attempt %s: %s", attempt, ex.getMessage());
                if (ex.status() < 500) {
                    spool.forgetAttempt(attempt);
                }
            }
            catch (IOException ex) {
                Log.warn("attempt %s not reported yet: %s", attempt, ex.getMessage());
            }
        }
    }

    private void shutdown() {
        stopping = true;
        stopped.countDown();
        Execution execution = current;
        if (execution != null) {
            Log.info("stopping: ending attempt %s and handing it back", execution.attempt());
            execution.stop("the runner is stopping", false);
        }
        try {
            // Docker waits 30 s after SIGTERM; the loop must have reported by then.
            finished.await(25, TimeUnit.SECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    private void await(Duration duration) {
        try {
            stopped.await(duration.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            stopping = true;
        }
    }

    private Duration longer(Duration backoff) {
        Duration doubled = backoff.multipliedBy(2);
        return doubled.compareTo(Duration.ofSeconds(30)) > 0 ? Duration.ofSeconds(30) : doubled;
    }

    static boolean tasksetAvailable() {
        if (taskset == null) {
            boolean found = false;
            String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
            for (String dir : path.split(java.io.File.pathSeparator)) {
                found |= Files.isExecutable(Path.of(dir, "taskset"));
            }
            taskset = found;
        }
        return taskset;
    }
}
