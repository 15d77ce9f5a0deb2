package dev.perfwatch.notifications;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Golden files of rendered text (summaries, chat messages, e-mails, comments, the feed): the output must equal the
 * file. Run with {@code -Dgolden.update=true} to rewrite the files after a deliberate change, then review the diff.
 */
public final class GoldenFiles {

    private GoldenFiles() {
    }

    /** Compares with {@code src/test/resources/dev/perfwatch/<feature>/<name>}. */
    public static void assertMatches(String feature, String name, String actual) {
        Path file = Path.of("src/test/resources/dev/perfwatch", feature, name);
        try {
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            }
            assertThat(file).as("golden file " + file + " (write it with -Dgolden.update=true)").exists();
            assertThat(actual).as("golden file " + file).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
