package dev.perfwatch.codespeed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Golden files of the Codespeed-compatible JSON: the response, pretty-printed with its key order kept, must equal
 * the file. Run with {@code -Dgolden.update=true} to rewrite the files after a deliberate change, then review the
 * diff.
 */
final class Golden {

    private static final JsonMapper pretty = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private static final Path DIRECTORY = Path.of("src/test/resources/dev/perfwatch/codespeed");

    private Golden() {
    }

    static void assertMatches(String name, String json) {
        JsonNode tree = pretty.readTree(json);
        String actual = pretty.writeValueAsString(tree) + "\n";
        Path file = DIRECTORY.resolve(name);
        try {
            if (Boolean.getBoolean("golden.update")) {
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
