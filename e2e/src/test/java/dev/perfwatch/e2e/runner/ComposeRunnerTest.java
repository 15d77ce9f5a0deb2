package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;

import dev.perfwatch.e2e.ServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.yml as written: the packaged server and a runner get the environment and command line that
 * {@code docker-compose config} resolves from .env.example with its secrets filled in, and the runner registers
 * and runs a job. No Docker engine runs here, so what only a container gives is played on loopback: the service
 * names ({@code server:8080}) become the server's address, the volumes temporary directories, {@code /app}'s jar
 * the packaged one, the container's host name {@code PERFWATCH_RUNNER_NAME}; the {@code postgres} service is the
 * server's embedded PostgreSQL (its wiring is ComposeFileTest's and ExternalDatabaseTest's). Nothing else is
 * changed: a token the compose file does not hand to both sides would fail here with 401 as it did on a deployment.
 */
class ComposeRunnerTest {

    private static final Path REPOSITORY = Path.of(System.getProperty("user.dir")).getParent();

    @TempDir
    Path work;

    @Test
    void runnerWhenStartedAsComposeStartsItRegistersAndRunsAJob() throws Exception {
        Map<String, Object> services = services(envFile());
        Map<String, String> serverEnvironment = environment(services, "server");
        Map<String, String> runnerEnvironment = environment(services, "runner-4core");
        serverEnvironment.keySet().removeAll(List.of("PERFWATCH_DB_URL", "PERFWATCH_DB_USER", "PERFWATCH_DB_PASSWORD",
                "SERVER_PORT", "PERFWATCH_DATA_DIR"));

        try (PackagedJars jars = PackagedJars.copyTo(work.resolve("jars"));
                ServerProcess server = ServerProcess.start(work.resolve("server"), serverEnvironment)) {
            runnerEnvironment.put("PERFWATCH_SERVER_URL", server.url());
            runnerEnvironment.put("PERFWATCH_DATA_DIR", work.resolve("runner").toString());
            runnerEnvironment.put("PERFWATCH_RUNNER_NAME", (String) service(services, "runner-4core").get("hostname"));
            // A test of the compose setup, not of measuring: no waiting for a quiet host on a shared build machine.
            runnerEnvironment.put("PERFWATCH_RUNNER_QUIET_WAIT", "0");
            Http admin = new Http(server.url(), serverEnvironment.get("PERFWATCH_ADMIN_TOKEN"));
            FixtureSuite fixture = FixtureSuite.create(work.resolve("fixture"));

            try (RunnerProcess runner = RunnerProcess.startCommand(command(services, "runner-4core"),
                    runnerEnvironment, "runner-4core", work.resolve("runner"))) {
                JsonNode registered = Poll.until("runner-4core registered", Duration.ofSeconds(60),
                        () -> admin.ok(admin.get("/api/v1/runners")), list -> list.size() == 1);
                JsonNode job = admin.ok(admin.post("/api/v1/jobs", fixture.job("e2e-compose", fixture.good,
                        runnerEnvironment.get("PERFWATCH_HOST_CLASS"), FixtureSuite.QUICK)));
                JsonNode done = Poll.until("the job to finish", Duration.ofSeconds(180),
                        () -> admin.ok(admin.get("/api/v1/jobs/" + job.get("id").asString())),
                        state -> state.get("status").asString().matches("succeeded|failed|cancelled"));

                assertThat(registered.get(0).get("name").asString()).as(runner.log()).isEqualTo("runner-4core");
                assertThat(registered.get(0).get("hostClass").asString()).isEqualTo("4-core");
                assertThat(done.get("status").asString()).as(done + "\n" + runner.log()).isEqualTo("succeeded");
                JsonNode run = admin.ok(admin.get("/api/v1/runs/" + done.get("runId").asString()));
                assertThat(run.get("host").asString()).isEqualTo("runner-4core");
                assertThat(run.get("metadata").get("jmhCommand").toString()).as("pinned to the compose file's CPUs")
                    .contains("\"taskset\",\"-c\",\"" + runnerEnvironment.get("PERFWATCH_RUNNER_CPUS") + "\"");
            }
        }
    }

    /** .env.example as a user fills it in: every empty secret given a value. */
    private Path envFile() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(REPOSITORY.resolve(".env.example"))) {
            lines.add(line.matches("PERFWATCH_[A-Z0-9_]+=") ? line + "e2e-" + line.substring(0, line.length() - 1)
                    .toLowerCase().replace('_', '-') : line);
        }
        Path file = work.resolve("compose.env");
        Files.write(file, lines);
        return file;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> services(Path envFile) throws Exception {
        Path out = work.resolve("compose-config.yml");
        Path err = work.resolve("compose-config.err");
        ProcessBuilder builder = new ProcessBuilder("docker-compose", "--env-file", envFile.toString(), "-f",
                REPOSITORY.resolve("docker-compose.yml").toString(), "config")
            .directory(work.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("PERFWATCH_") || name.startsWith("COMPOSE_"));
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("docker-compose config within 60 s").isTrue();
        assertThat(process.exitValue()).as(Files.readString(err)).isZero();
        Map<String, Object> config = new Yaml().load(Files.readString(out));
        return (Map<String, Object>) config.get("services");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> service(Map<String, Object> services, String name) {
        return (Map<String, Object>) services.get(name);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> environment(Map<String, Object> services, String name) {
        Map<String, String> environment = new HashMap<>();
        ((Map<String, Object>) service(services, name).get("environment"))
            .forEach((key, value) -> environment.put(key, String.valueOf(value)));
        return environment;
    }

    /** The service's command as its container runs it: compose's $$ is a $ by then, and java and the jar are ours. */
    @SuppressWarnings("unchecked")
    private static List<String> command(Map<String, Object> services, String name) {
        List<String> command = new ArrayList<>();
        for (String part : (List<String>) service(services, name).get("command")) {
            String replaced = part.replace("$$", "$")
                .replace("java -jar /app/perfwatch-runner.jar", RunnerProcess.java() + " -jar "
                        + RunnerProcess.runnerJar());
            command.add(replaced);
        }
        assertThat(String.join(" ", command)).as("the compose command starts the packaged runner")
            .contains(RunnerProcess.runnerJar());
        return command;
    }
}
