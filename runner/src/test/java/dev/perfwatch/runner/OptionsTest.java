package dev.perfwatch.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OptionsTest {

    @Test
    void settingsWhenOptionsMissingFallBackToTheEnvironmentOfDockerCompose() {
        Options options = Options.parse(List.of("--cpus", "2-3"), Map.of("PERFWATCH_SERVER_URL", "http://server:8080",
                "PERFWATCH_RUNNER_TOKEN", "secret", "PERFWATCH_HOST_CLASS", "4-core", "PERFWATCH_RUNNER_CPUS", "0-3",
                "PERFWATCH_DATA_DIR", "/var/lib/perfwatch-runner"));

        Settings settings = Settings.from(options);

        assertThat(settings.server()).isEqualTo("http://server:8080");
        assertThat(settings.token()).isEqualTo("secret");
        assertThat(settings.hostClass()).isEqualTo("4-core");
        assertThat(settings.cpus()).as("the option wins over the variable").isEqualTo("2-3");
        assertThat(settings.dataDir()).isEqualTo(Path.of("/var/lib/perfwatch-runner"));
        assertThat(settings.jdks()).containsKey(Integer.toString(Runtime.version().feature()));
    }

    @Test
    void settingsWhenTokenMissingNamesTheOptionAndTheVariable() {
        Options options = Options.parse(List.of("--server=http://s", "--host-class", "4-core"), Map.of());

        assertThatThrownBy(() -> Settings.from(options)).isInstanceOf(Options.UsageException.class)
            .hasMessageContaining("--token").hasMessageContaining("PERFWATCH_RUNNER_TOKEN");
    }

    @Test
    void childEnvironmentWhenRunnerHasSecretsLeavesThemOut() {
        Map<String, String> child = Settings.childEnvironment(Map.of("PERFWATCH_RUNNER_TOKEN", "secret", "PATH",
                "/usr/bin", "JAVA_TOOL_OPTIONS", "-Xmx9g", "HOME", "/home/runner"));

        assertThat(child).containsEntry("PATH", "/usr/bin").containsEntry("HOME", "/home/runner")
            .doesNotContainKeys("PERFWATCH_RUNNER_TOKEN", "JAVA_TOOL_OPTIONS");
    }

    @Test
    void majorWhenReleaseFileNamesTheVersionReadsTheFeatureRelease(@TempDir Path home) throws Exception {
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.1\"\n");

        assertThat(Jdks.major(home)).contains("25");
    }
}
