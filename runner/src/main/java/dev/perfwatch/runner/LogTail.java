package dev.perfwatch.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The output of one attempt (git, build, JMH): every line to a log file on disk, the last lines in memory for the
 * heartbeat and the final report, because a failure is explained by its last lines.
 */
final class LogTail implements AutoCloseable {

    private final Deque<String> lines = new ArrayDeque<>();

    private final int keep;

    private final Writer file;

    LogTail(Path file, int keep) {
        this.keep = keep;
        try {
            Files.createDirectories(file.getParent());
            this.file = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    synchronized void add(String line) {
        if (lines.size() == keep) {
            lines.removeFirst();
        }
        lines.addLast(line);
        try {
            file.write(line);
            file.write('\n');
            file.flush();
        }
        catch (IOException ex) {
            // The log file is a convenience; the tail in memory still reaches the server.
        }
    }

    synchronized String tail(int count) {
        StringBuilder out = new StringBuilder();
        int skip = Math.max(0, lines.size() - count);
        int i = 0;
        for (String line : lines) {
            if (i++ >= skip) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    @Override
    public synchronized void close() {
        try {
            file.close();
        }
        catch (IOException ex) {
            // nothing left to do
        }
    }
}
