package dev.perfwatch.runner.importer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Recorded-shape answers of a Codespeed server, and history files to import. */
final class Resources {

    private Resources() {
    }

    static String text(String name) {
        try (InputStream in = Resources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** A test resource of this package as a file, for code that reads files. */
    static Path path(String name) {
        URL url = Resources.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("no test resource " + name);
        }
        try {
            return Path.of(url.toURI());
        }
        catch (URISyntaxException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
