package dev.perfwatch.database;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;

/**
 * The generated passwords of the embedded PostgreSQL's three roles, kept beside its data directory readable by the
 * server's user only (0600): whoever can read this file can read the data files anyway.
 *
 * @param superuser {@code postgres}, used only at start to keep the roles and grants as they must be
 * @param owner {@code perfwatch_owner}, owns the schema and runs the Flyway migrations
 * @param app {@code perfwatch_app}, what requests use: reads and writes rows, no DDL, no superuser powers
 */
record EmbeddedCredentials(String superuser, String owner, String app) {

    static final String SUPERUSER = "postgres";

    static final String OWNER = "perfwatch_owner";

    static final String APP = "perfwatch_app";

    private static final SecureRandom random = new SecureRandom();

    static boolean exist(Path file) {
        return Files.exists(file);
    }

    static EmbeddedCredentials read(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        }
        catch (IOException ex) {
            throw new UncheckedIOException("Cannot read the embedded database's credentials in " + file, ex);
        }
        return new EmbeddedCredentials(properties.getProperty(SUPERUSER), properties.getProperty(OWNER),
                properties.getProperty(APP));
    }

    /** New passwords, written before they are used so that a crash in between cannot lock the server out. */
    static EmbeddedCredentials generate(Path file) {
        EmbeddedCredentials credentials = new EmbeddedCredentials(password(), password(), password());
        Properties properties = new Properties();
        properties.setProperty(SUPERUSER, credentials.superuser());
        properties.setProperty(OWNER, credentials.owner());
        properties.setProperty(APP, credentials.app());
        try {
            Files.createDirectories(file.getParent());
            Path temporary = file.resolveSibling(file.getFileName() + ".new");
            Files.deleteIfExists(temporary);
            Files.createFile(temporary, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (Writer writer = Files.newBufferedWriter(temporary, StandardOpenOption.WRITE)) {
                properties.store(writer, "Passwords of the embedded PostgreSQL's roles (generated; keep private)");
            }
            Files.move(temporary, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        catch (IOException ex) {
            throw new UncheckedIOException("Cannot write the embedded database's credentials to " + file, ex);
        }
        return credentials;
    }

    private static String password() {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        // URL-safe base64 has no quote or backslash, so it can stand in SQL literals and files as it is.
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public String toString() {
        return "EmbeddedCredentials[hidden]";
    }
}
