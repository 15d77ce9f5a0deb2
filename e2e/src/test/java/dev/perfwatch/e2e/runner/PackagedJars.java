package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Copies the packaged jars before a test class starts them: these classes run servers for minutes, and a
 * concurrent {@code ./mvnw package} rewriting {@code target/*.jar} under a running server breaks its class loading.
 */
final class PackagedJars implements AutoCloseable {

    private static final String[] PROPERTIES = { "perfwatch.server.jar", "perfwatch.runner.jar" };

    private final String[] original = new String[PROPERTIES.length];

    private PackagedJars(Path dir) {
        try {
            Files.createDirectories(dir);
            for (int i = 0; i < PROPERTIES.length; i++) {
                original[i] = System.getProperty(PROPERTIES[i]);
                if (original[i] == null || !Files.exists(Path.of(original[i]))) {
                    throw new IllegalStateException(PROPERTIES[i] + " not found at " + original[i]
                            + ": run ./mvnw verify from the root");
                }
                Path copy = dir.resolve(Path.of(original[i]).getFileName());
                Files.copy(Path.of(original[i]), copy, StandardCopyOption.REPLACE_EXISTING);
                System.setProperty(PROPERTIES[i], copy.toString());
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    static PackagedJars copyTo(Path dir) {
        return new PackagedJars(dir);
    }

    @Override
    public void close() {
        for (int i = 0; i < PROPERTIES.length; i++) {
            System.setProperty(PROPERTIES[i], original[i]);
        }
    }
}
