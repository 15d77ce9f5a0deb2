package dev.perfwatch.runner;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo project must be the same on every machine (the demo finds its done jobs by sha), hold the regression at
 * its 4th commit and the fix at its 7th, and build with a JDK only (its own Maven wrapper).
 */
class DemoProjectTest {

    @TempDir
    Path dir;

    final Map<String, String> environment = Settings.childEnvironment(System.getenv());

    @Test
    void createWhenRunInTwoPlacesGivesTheSameEightCommits() throws Exception {
        LocalDate firstDay = LocalDate.of(2026, 1, 1);
        List<DemoProject.Commit> first = DemoProject.create(dir.resolve("a"), environment, firstDay);
        List<DemoProject.Commit> second = DemoProject.create(dir.resolve("b"), environment, firstDay);
        List<DemoProject.Commit> again = DemoProject.create(dir.resolve("a"), environment, LocalDate.of(2026, 3, 1));

        assertThat(first).hasSize(8).isEqualTo(second).isEqualTo(again);
        assertThat(first.get(DemoProject.REGRESSION).message()).startsWith("Make the serializer stateless");
        assertThat(first.get(DemoProject.FIX).message()).startsWith("Reuse the encoding buffer again");
    }

    @Test
    void createWhenDoneAllocatesPerCallFromTheRegressionToTheFixOnly() throws Exception {
        Path repository = dir.resolve("demo");
        List<DemoProject.Commit> commits = DemoProject.create(repository, environment);

        for (int i = 0; i < commits.size(); i++) {
            String serializer = git(repository, "show", commits.get(i).sha() + ":src/main/java/demo/StringSerializer.java");
            assertThat(serializer.contains("byte[] bytes = new byte[length * 3];")).as("commit %d", i + 1)
                .isEqualTo(i >= DemoProject.REGRESSION && i < DemoProject.FIX);
            // Outside the regression one code, so one level of throughput: a slower first commit made the old level
            // straddle the new one and detection never judged the throughput drop (docs/runner.md).
            boolean allocating = i >= DemoProject.REGRESSION && i < DemoProject.FIX;
            assertThat(serializer.contains("int n = encode(value, scratch);")).as("commit %d", i + 1)
                .isEqualTo(!allocating);
            assertThat(serializer).as("commit %d", i + 1).doesNotContain("out.writeByte(c");
        }
        assertThat(git(repository, "ls-tree", commits.get(0).sha(), "mvnw")).startsWith("100755 blob");
        assertThat(git(repository, "show", commits.get(0).sha() + ":.mvn/wrapper/maven-wrapper.properties"))
            .contains("distributionUrl=");
        assertThat(git(repository, "show", commits.get(0).sha() + ":src/main/resources/perfwatch-profiles.properties"))
            .startsWith("quick=");
        ObjectNode suite = ServerClient.JSON.createObjectNode();
        assertThat(Execution.buildCommand(repository, suite)).isEqualTo("./mvnw -q -DskipTests package");
    }

    private String git(Path repository, String... args) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(
                java.util.stream.Stream.concat(java.util.stream.Stream.of("git"), java.util.Arrays.stream(args))
                    .toList()).directory(repository.toFile()).redirectErrorStream(true);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }
}
