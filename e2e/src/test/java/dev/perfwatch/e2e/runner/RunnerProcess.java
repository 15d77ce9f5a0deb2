package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The packaged runner ({@code runner/target/perfwatch-runner.jar}) as an operator starts it, output to a file. */
final class RunnerProcess implements AutoCloseable {

    private final Process process;

    private final Path log;

    private final Path dataDir;

    private RunnerProcess(Process process, Path log, Path dataDir) {
        this.process = process;
        this.log = log;
        this.dataDir = dataDir;
    }

    static RunnerProcess start(String server, String token, String hostClass, String name, Path dataDir,
            String... extra) {
        try {
            Files.createDirectories(dataDir);
            Path log = dataDir.resolveSibling(name + ".log");
            List<String> command = new ArrayList<>(List.of(java(), "-Xmx256m", "-jar", runnerJar(), "run",
                    "--server", server, "--token", token, "--host-class", hostClass, "--name", name, "--data-dir",
                    dataDir.toString(), "--poll-interval", "300ms", "--heap", "256m",
                    // These tests are about jobs, not about measuring well: no waiting for a quiet host (QuietHostTest
                    // tests the wait, RunnerJobsTest its wiring). The last --quiet-wait given wins.
                    "--quiet-wait", "0"));
            command.addAll(List.of(extra));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().keySet().removeIf(key -> key.startsWith("PERFWATCH_"));
            return new RunnerProcess(builder.start(), log, dataDir);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** A runner started by a command line of its own, with exactly this environment besides PATH and HOME. */
    static RunnerProcess startCommand(List<String> command, java.util.Map<String, String> environment, String name,
            Path dataDir) {
        try {
            Files.createDirectories(dataDir);
            Path log = dataDir.resolveSibling(name + ".log");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().keySet().removeIf(key -> key.startsWith("PERFWATCH_"));
            builder.environment().putAll(environment);
            return new RunnerProcess(builder.start(), log, dataDir);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    static String runnerJar() {
        String path = System.getProperty("perfwatch.runner.jar");
        if (path == null || !Files.exists(Path.of(path))) {
            throw new IllegalStateException("perfwatch.runner.jar not found at " + path + ": run ./mvnw verify");
        }
        return path;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    long pid() {
        return process.pid();
    }

    Path dataDir() {
        return dataDir;
    }

    boolean alive() {
        return process.isAlive();
    }

    String log() {
        try {
            return Files.readString(log);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** The benchmark JVMs this runner started (JMH and its forks): they run with the runner's temporary dir. */
    List<ProcessHandle> benchmarkProcesses() {
        String marker = "-Djava.io.tmpdir=" + dataDir.resolve("tmp");
        return ProcessHandle.allProcesses()
            .filter(p -> p.pid() != process.pid())
            .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
            .toList();
    }

    /** A crash, as when the machine loses power: the runner and everything it started die at once. */
    void kill() {
        List<ProcessHandle> tree = process.descendants().toList();
        process.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
        await();
    }

    /** SIGTERM, as Docker stops a container. */
    void stop() {
        process.destroy();
        await();
    }

    int exitCode() {
        return process.exitValue();
    }

    private void await() {
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }
}
