package dev.perfwatch.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks docker-compose.yml with the real docker-compose, because no engine runs in CI and a broken file would
 * otherwise first show on a deployment host. Fails, never skips, without docker-compose: CI installs it.
 */
class ComposeFileTest {

    private static final Path REPOSITORY = repositoryRoot();
    private static final Path COMPOSE_FILE = REPOSITORY.resolve("docker-compose.yml");
    private static final Path ENV_EXAMPLE = REPOSITORY.resolve(".env.example");
    private static final List<String> SECRETS =
            List.of("PERFWATCH_DB_PASSWORD", "PERFWATCH_ADMIN_TOKEN", "PERFWATCH_RUNNER_TOKEN");

    @TempDir
    Path directory;

    @Test
    void configWhenSecretsAreFilledInIsValid() throws Exception {
        Result result = compose(envFile(Map.of()), "config", "-q");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
    }

    @Test
    void servicesWhenListedArePostgresServerAndOneRunnerPerHostClass() throws Exception {
        Result result = compose(envFile(Map.of()), "config", "--services");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout().lines().map(String::strip).filter(line -> !line.isEmpty()))
                .containsExactlyInAnyOrder("postgres", "server", "runner-4core", "runner-8core");
    }

    @ParameterizedTest
    @ValueSource(strings = {"PERFWATCH_DB_PASSWORD", "PERFWATCH_ADMIN_TOKEN", "PERFWATCH_RUNNER_TOKEN"})
    void configWhenSecretIsEmptyFailsNamingIt(String secret) throws Exception {
        Result result = compose(envFile(Map.of(secret, "")), "config", "-q");

        assertThat(result.exitCode()).isNotZero();
        assertThat(result.stderr()).contains(secret);
    }

    @Test
    void configWhenResolvedWiresDatabaseHostClassesAndHealthOrder() throws Exception {
        Config config = resolvedConfig(Map.of());

        Service server = config.services().get("server");
        assertThat(server.environment())
                .containsEntry("PERFWATCH_DB_URL", "jdbc:postgresql://postgres:5432/perfwatch")
                .containsEntry("PERFWATCH_DB_PASSWORD", "test-PERFWATCH_DB_PASSWORD")
                .containsEntry("PERFWATCH_ADMIN_TOKEN", "test-PERFWATCH_ADMIN_TOKEN")
                .as("the server accepts the token its runners present")
                .containsEntry("PERFWATCH_RUNNER_TOKENS", "test-PERFWATCH_RUNNER_TOKEN")
                .containsEntry("SERVER_PORT", "8080")
                .containsEntry("PERFWATCH_DATA_DIR", "/var/lib/perfwatch");
        assertThat(server.dependsOn().get("postgres").condition()).isEqualTo("service_healthy");
        assertRunner(config.services().get("runner-4core"), "4-core", "0-3");
        assertRunner(config.services().get("runner-8core"), "8-core", "0-7");
        assertThat(config.services().get("runner-4core").profiles()).as("started by a plain up -d").isNull();
        assertThat(config.services().get("runner-8core").profiles())
                .as("a plain up -d must work on a machine with fewer than 8 CPUs").containsExactly("8-core");
    }

    @Test
    void runnerWhenCpusAreOverriddenPinsForksWhereItsContainerRuns() throws Exception {
        Config config = resolvedConfig(Map.of("PERFWATCH_RUNNER_4CORE_CPUS", "4,5,6,7"));

        assertRunner(config.services().get("runner-4core"), "4-core", "4,5,6,7");
        assertRunner(config.services().get("runner-8core"), "8-core", "0-7");
    }

    @Test
    void envExampleWhenComposeReadsAVariableDocumentsIt() throws IOException {
        String settings = Files.readAllLines(COMPOSE_FILE).stream()
                .filter(line -> !line.strip().startsWith("#"))
                .collect(Collectors.joining("\n"));
        Matcher variables = Pattern.compile("\\$\\{([A-Z0-9_]+)").matcher(settings);
        List<String> documented = Files.readAllLines(ENV_EXAMPLE).stream()
                .map(line -> line.replaceFirst("^#\\s*", ""))
                .filter(line -> line.matches("[A-Z0-9_]+=.*"))
                .map(line -> line.substring(0, line.indexOf('=')))
                .toList();

        List<String> read = variables.results().map(match -> match.group(1)).distinct().toList();
        assertThat(read).isNotEmpty();
        assertThat(documented).containsAll(read);
    }

    private static void assertRunner(Service runner, String hostClass, String cpus) {
        assertThat(runner.cpuset()).isEqualTo(cpus);
        assertThat(runner.environment())
                .containsEntry("PERFWATCH_HOST_CLASS", hostClass)
                .containsEntry("PERFWATCH_RUNNER_CPUS", cpus)
                .containsEntry("PERFWATCH_SERVER_URL", "http://server:8080")
                .containsEntry("PERFWATCH_RUNNER_TOKEN", "test-PERFWATCH_RUNNER_TOKEN");
        assertThat(String.join(" ", runner.command()))
                .contains("java -jar /app/perfwatch-runner.jar run")
                .contains("--cpus \"$$PERFWATCH_RUNNER_CPUS\"")
                .contains("--host-class \"$$PERFWATCH_HOST_CLASS\"");
        assertThat(runner.dependsOn().get("server").condition()).isEqualTo("service_healthy");
    }

    private Config resolvedConfig(Map<String, String> overrides) throws Exception {
        Result result = compose(envFile(overrides), "config");
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        Object tree = new Yaml().load(result.stdout());
        return JsonMapper.builder().build().convertValue(tree, Config.class);
    }

    /** .env.example with every secret filled in, then the overrides applied. */
    private Path envFile(Map<String, String> overrides) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(ENV_EXAMPLE)) {
            int equals = line.indexOf('=');
            String name = line.startsWith("#") || equals < 0 ? null : line.substring(0, equals);
            if (name != null && overrides.containsKey(name)) {
                lines.add(name + "=" + overrides.get(name));
            } else if (name != null && SECRETS.contains(name)) {
                lines.add(name + "=test-" + name);
            } else {
                lines.add(line);
            }
        }
        overrides.keySet().stream()
                .filter(name -> lines.stream().noneMatch(line -> line.startsWith(name + "=")))
                .forEach(name -> lines.add(name + "=" + overrides.get(name)));
        Path file = directory.resolve("test.env");
        Files.write(file, lines);
        return file;
    }

    private Result compose(Path envFile, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                "docker-compose", "--env-file", envFile.toString(), "-f", COMPOSE_FILE.toString()));
        command.addAll(List.of(arguments));
        Path stdout = directory.resolve("stdout");
        Path stderr = directory.resolve("stderr");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        // Only the env file may decide the result, not variables a developer happens to have exported.
        builder.environment().keySet()
                .removeIf(name -> name.startsWith("PERFWATCH_") || name.startsWith("COMPOSE_"));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return fail("docker-compose is not on the PATH; install it (Debian: apt-get install docker-compose)", e);
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return fail("docker-compose %s did not finish within 60 s", String.join(" ", arguments));
        }
        return new Result(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
    }

    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docker-compose.yml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no docker-compose.yml above " + Path.of("").toAbsolutePath());
    }

    private record Result(int exitCode, String stdout, String stderr) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    private record Config(Map<String, Service> services) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    private record Service(
            String cpuset,
            Map<String, String> environment,
            List<String> command,
            List<String> profiles,
            @JsonProperty("depends_on") Map<String, Dependency> dependsOn) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    private record Dependency(String condition) {
    }
}
