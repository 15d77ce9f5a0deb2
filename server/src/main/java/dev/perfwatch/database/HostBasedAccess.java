package dev.perfwatch.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The embedded PostgreSQL's pg_hba.conf, written by the server at every start so that no edit or old default stays. */
final class HostBasedAccess {

    private static final String SECURE = """
            # Written by perfwatch at every start: passwords (scram) over loopback only, no Unix socket.
            host    all    all    127.0.0.1/32    scram-sha-256
            host    all    all    ::1/128         scram-sha-256
            """;

    /** For one start of a directory made by an older perfwatch, whose superuser has no password to give yet. */
    private static final String UPGRADING = """
            # Written by perfwatch while it upgrades a directory made with trust; replaced once passwords are set.
            host    all    postgres    127.0.0.1/32    trust
            """;

    private HostBasedAccess() {
    }

    static boolean trusts(Path directory) {
        try {
            return Files.readAllLines(directory.resolve("pg_hba.conf")).stream()
                .map(String::strip)
                .filter(line -> !line.startsWith("#"))
                .anyMatch(line -> line.matches(".*\\btrust\\b.*"));
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    static void write(Path directory, boolean upgrading) {
        try {
            Files.writeString(directory.resolve("pg_hba.conf"), upgrading ? UPGRADING : SECURE);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
