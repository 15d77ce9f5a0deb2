package dev.perfwatch.database;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server killed with -9 leaves its embedded PostgreSQL running on the data directory, and a new one cannot start
 * there ("postmaster.pid exists"). The orphan is stopped (fast shutdown: its clients died with the old server) before
 * the new one starts, so the first restart is healthy. A stale postmaster.pid of a dead process is PostgreSQL's own
 * business: it removes it at start.
 */
final class Orphans {

    private static final Logger log = LoggerFactory.getLogger(Orphans.class);

    private Orphans() {
    }

    static void stop(File binaries, Path directory) throws IOException {
        Optional<ProcessHandle> orphan = postmaster(directory);
        if (orphan.isEmpty()) {
            return;
        }
        ProcessHandle process = orphan.get();
        log.warn("An embedded PostgreSQL (pid {}) still runs on {}, left by a server that did not stop: stopping it",
                process.pid(), directory);
        try {
            new ProcessBuilder(EmbeddedDatabase.command(binaries, "pg_ctl", "-D", directory.toString(), "-m", "fast",
                    "-w", "-t", "60", "stop"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start()
                .waitFor(70, TimeUnit.SECONDS);
            if (process.isAlive()) {
                // Immediate stop: PostgreSQL replays its WAL at the next start, and with fsync on nothing committed is lost.
                process.destroyForcibly();
                process.onExit().get(30, TimeUnit.SECONDS);
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the orphaned PostgreSQL", ex);
        }
        catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException ex) {
            throw new IOException("the orphaned PostgreSQL (pid " + process.pid() + ") does not stop", ex);
        }
    }

    /** The live postmaster named in postmaster.pid, if it is a postgres process (a reused pid is left alone). */
    static Optional<ProcessHandle> postmaster(Path directory) throws IOException {
        Path pidFile = directory.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(pidFile);
        if (lines.isEmpty() || !lines.get(0).strip().matches("\\d+")) {
            return Optional.empty();
        }
        return ProcessHandle.of(Long.parseLong(lines.get(0).strip()))
            .filter(ProcessHandle::isAlive)
            .filter(handle -> handle.info().command().map(command -> command.endsWith("/postgres")).orElse(false));
    }
}
