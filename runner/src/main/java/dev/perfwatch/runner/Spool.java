package dev.perfwatch.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * Results waiting for the server. A run is written here (fsynced, atomically renamed) before its first upload and
 * deleted only after the server confirmed it with 201 or 200, so neither a server outage nor a runner crash loses
 * it. The run id is the idempotency key: uploading a spooled run twice stores it once.
 */
final class Spool {

    private final Path dir;

    private final Path rejected;

    Spool(Path dir) {
        this.dir = dir;
        this.rejected = dir.resolve("rejected");
        try {
            Files.createDirectories(rejected);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    Path dir() {
        return dir;
    }

    /**
     * Writes the run durably; after this returns, the result survives a crash of the runner or the machine. An
     * attempt's run also leaves a marker until its success is reported, so that a restarted runner reports it.
     */
    Path put(String id, byte[] body, boolean attempt) throws IOException {
        if (attempt) {
            Files.writeString(dir.resolve(id + ".attempt"), id);
        }
        Path target = dir.resolve(id + ".json");
        Path temporary = dir.resolve(id + ".json.tmp");
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            channel.write(java.nio.ByteBuffer.wrap(body));
            channel.force(true);
        }
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (AtomicMoveNotSupportedException ex) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    /** Spooled runs, oldest first. */
    List<Path> pending() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json"))
                .sorted(Comparator.comparing(Spool::modified).thenComparing(Path::toString))
                .toList();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** Attempts whose run was delivered but whose success the server has not heard of. */
    List<String> deliveredAttempts() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString())
                .filter(name -> name.endsWith(".attempt"))
                .map(name -> name.substring(0, name.length() - ".attempt".length()))
                .filter(id -> !contains(id))
                .sorted()
                .toList();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    void forgetAttempt(String id) {
        try {
            Files.deleteIfExists(dir.resolve(id + ".attempt"));
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    boolean contains(String id) {
        return Files.exists(dir.resolve(id + ".json"));
    }

    /**
     * Uploads every spooled run, retrying with backoff (1 s doubling to 30 s) while the server is unreachable or
     * answers 5xx, until all are delivered, {@code maxWait} has passed, or {@code stop} says so; a saturated server's
     * Retry-After is waited instead. Runs the server refuses for good (any 4xx but 401, 403, 408 and 429, which a
     * new token or a later try can fix) move to {@code rejected/} with the reason beside them, so one bad result
     * never holds back the ones behind it.
     *
     * @return true when nothing is left to deliver
     */
    boolean deliver(ServerClient server, Duration maxWait, BooleanSupplier stop) {
        Instant deadline = Instant.now().plus(maxWait);
        Duration backoff = Duration.ofSeconds(1);
        while (true) {
            boolean failed = false;
            Duration waitAsked = null;
            for (Path file : pending()) {
                String id = file.getFileName().toString().replace(".json", "");
                try {
                    ServerClient.Answer answer = server.uploadRun(Files.readAllBytes(file));
                    if (answer.status() == 200 || answer.status() == 201) {
                        Files.delete(file);
                        Log.info("delivered run %s (%s)", id, answer.status() == 201 ? "stored" : "already stored");
                    }
                    else if (refused(answer.status())) {
                        Files.writeString(rejected.resolve(id + ".reason"), answer.status() + " " + answer.body());
                        Files.move(file, rejected.resolve(id + ".json"), StandardCopyOption.REPLACE_EXISTING);
                        Log.warn("the server refused run %s for good (%d): %s; kept in %s", id, answer.status(),
                                answer.body(), rejected);
                    }
                    else {
                        failed = true;
                        waitAsked = answer.retryAfter().orElse(null);
                        Log.warn("run %s not delivered yet: HTTP %d %s", id, answer.status(), answer.body());
                        break;
                    }
                }
                catch (IOException ex) {
                    failed = true;
                    Log.warn("run %s spooled in %s; server unreachable (%s), retrying", id, dir, ex.toString());
                    break;
                }
            }
            if (!failed) {
                return true;
            }
            if (waitAsked != null) {
                // The server is up but saturated: come back when it says, not later, and start backoff afresh.
                Duration wait = waitAsked.compareTo(Duration.ofMinutes(5)) > 0 ? Duration.ofMinutes(5) : waitAsked;
                if (stop.getAsBoolean() || Instant.now().plus(wait).isAfter(deadline)) {
                    return false;
                }
                pause(wait, stop);
                backoff = Duration.ofSeconds(1);
                continue;
            }
            if (stop.getAsBoolean() || Instant.now().plus(backoff).isAfter(deadline)) {
                return false;
            }
            pause(backoff, stop);
            backoff = backoff.multipliedBy(2).compareTo(Duration.ofSeconds(30)) > 0 ? Duration.ofSeconds(30)
                    : backoff.multipliedBy(2);
        }
    }

    static boolean refused(int status) {
        return status >= 400 && status < 500 && status != 401 && status != 403 && status != 408 && status != 429;
    }

    static void pause(Duration duration, BooleanSupplier stop) {
        Instant until = Instant.now().plus(duration);
        while (Instant.now().isBefore(until) && !stop.getAsBoolean()) {
            try {
                Thread.sleep(Math.min(200, Math.max(1, Duration.between(Instant.now(), until).toMillis())));
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        }
        catch (IOException ex) {
            return FileTime.fromMillis(0);
        }
    }
}
