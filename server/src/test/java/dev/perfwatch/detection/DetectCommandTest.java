package dev.perfwatch.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DetectCommandTest {

    @TempDir
    Path directory;

    private final ByteArrayOutputStream errors = new ByteArrayOutputStream();

    @Test
    void runWhenGivenSeriesWritesTheirChangePointsAsTheGoldenFile() throws IOException {
        Path input = resource("detect-input.csv");
        Path output = directory.resolve("out.json");

        int exit = run("--input", input.toString(), "--output", output.toString());

        assertThat(exit).isZero();
        assertThat(Files.readString(output)).isEqualToNormalizingNewlines(golden("detect-output.json"));
    }

    @Test
    void runWhenReplayingWritesWhenEachChangeWasFirstReportedAsTheGoldenFile() throws IOException {
        Path input = resource("detect-input.csv");
        Path output = directory.resolve("out.json");

        int exit = run("--input", input.toString(), "--output", output.toString(), "--replay");

        assertThat(exit).isZero();
        assertThat(Files.readString(output)).isEqualToNormalizingNewlines(golden("detect-output-replay.json"));
    }

    @Test
    void runWhenAnArgumentIsMissingPrintsUsageAndExitsWithTwo() {
        int exit = run("--input", "x.csv");

        assertThat(exit).isEqualTo(2);
        assertThat(errors.toString(StandardCharsets.UTF_8)).contains(DetectCommand.USAGE);
    }

    @Test
    void runWhenALineIsMalformedNamesTheLineAndExitsWithOne() throws IOException {
        Path input = directory.resolve("bad.csv");
        Files.writeString(input, "series,index,value\na,0,1.5\na,1,fast\n");

        int exit = run("--input", input.toString(), "--output", directory.resolve("out.json").toString());

        assertThat(exit).isEqualTo(1);
        assertThat(errors.toString(StandardCharsets.UTF_8)).contains("line 3");
    }

    @Test
    void runWhenTheHeaderLacksAColumnNamesTheColumn() throws IOException {
        Path input = directory.resolve("bad.csv");
        Files.writeString(input, "name,index,value\na,0,1.5\n");

        int exit = run("--input", input.toString(), "--output", directory.resolve("out.json").toString());

        assertThat(exit).isEqualTo(1);
        assertThat(errors.toString(StandardCharsets.UTF_8)).contains("'series'");
    }

    private int run(String... args) {
        return DetectCommand.run(args, new PrintStream(errors, true, StandardCharsets.UTF_8));
    }

    private Path resource(String name) throws IOException {
        Path copy = directory.resolve(name);
        try (InputStream in = getClass().getResourceAsStream(name)) {
            Files.copy(in, copy);
        }
        return copy;
    }

    private String golden(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
