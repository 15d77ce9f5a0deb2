package dev.perfwatch.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

class BuildCommandTest {

    @TempDir
    Path repository;

    @Test
    void buildCommandWhenNoWrapperFallsBackToMvn() {
        assertThat(Execution.buildCommand(repository, suite("", ""))).isEqualTo("mvn -q -DskipTests package");
        assertThat(Execution.buildCommand(repository, suite("", "./mvnw -q -Pbench package")))
            .isEqualTo("mvn -q -Pbench package");
    }

    @Test
    void buildCommandWhenWrapperAtTheRootRunsItFromTheModule() throws Exception {
        Path wrapper = Files.createFile(repository.resolve("mvnw"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.createDirectories(repository.resolve("benchmarks/jmh"));

        assertThat(wrapper).isExecutable();
        assertThat(Execution.buildCommand(repository, suite("benchmarks/jmh", "")))
            .isEqualTo("../../mvnw -q -DskipTests package");
        assertThat(Execution.buildCommand(repository, suite("", ""))).isEqualTo("./mvnw -q -DskipTests package");
        assertThat(Execution.buildCommand(repository, suite("", "make bench"))).isEqualTo("make bench");
    }

    private static ObjectNode suite(String moduleDir, String buildCommand) {
        ObjectNode suite = ServerClient.JSON.createObjectNode();
        suite.put("repository", "/r");
        suite.put("moduleDir", moduleDir);
        suite.put("buildCommand", buildCommand);
        suite.put("jar", "target/benchmarks.jar");
        return suite;
    }
}
