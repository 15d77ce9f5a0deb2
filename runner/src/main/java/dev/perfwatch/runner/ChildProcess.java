package dev.perfwatch.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A command of an attempt (git, the build, JMH) whose output goes line by line to the attempt's log, and which can
 * be killed with its whole process tree: JMH forks benchmark JVMs, Maven forks compilers, and killing only the
 * parent would leave them running and measuring each other.
 */
final class ChildProcess {

    private final Process process;

    private final Thread reader;

    private volatile String killedBecause;

    private ChildProcess(Process process, Thread reader) {
        this.process = process;
        this.reader = reader;
    }

    static ChildProcess start(List<String> command, Path directory, Map<String, String> environment,
            Consumer<String> lines) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.accept(line);
                }
            }
            catch (IOException ex) {
                // the process was killed
            }
        }, "output-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        return new ChildProcess(process, reader);
    }

    long pid() {
        return process.pid();
    }

    /** Waits for the exit until the deadline; kills the tree and reports a timeout after it. */
    int await(Instant deadline) throws InterruptedException {
        long millis = Math.max(1, Duration.between(Instant.now(), deadline).toMillis());
        if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
            kill("timed out");
            process.waitFor();
        }
        reader.join(5_000);
        return process.exitValue();
    }

    /** Why the process was killed, or null when it ended by itself. */
    String killedBecause() {
        return killedBecause;
    }

    /** Kills the children first (so none is re-parented and forgotten), then the process, and waits for all. */
    void kill(String reason) {
        if (killedBecause == null) {
            killedBecause = reason;
        }
        for (int round = 0; round < 10; round++) {
            List<ProcessHandle> tree = process.descendants().toList();
            tree.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            for (ProcessHandle handle : tree) {
                try {
                    handle.onExit().get(5, TimeUnit.SECONDS);
                }
                catch (Exception ex) {
                    // checked again in the next round
                }
            }
            if (!process.isAlive() && tree.stream().noneMatch(ProcessHandle::isAlive)) {
                return;
            }
        }
    }

    boolean alive() {
        return process.isAlive();
    }
}
