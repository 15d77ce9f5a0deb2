package dev.perfwatch.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The packaged server ({@code server/target/perfwatch-server.jar}) started with {@code java -jar} on a free port
 * and an embedded PostgreSQL in its own data directory, as a user starts it. Its output goes to {@code log}.
 */
public final class ServerProcess implements AutoCloseable {

    public static final String ADMIN_TOKEN = "e2e-admin-token";

    private final Process process;

    private final int port;

    private final Path dataDir;

    private final Path log;

    private ServerProcess(Process process, int port, Path dataDir, Path log) {
        this.process = process;
        this.port = port;
        this.dataDir = dataDir;
        this.log = log;
    }

    /** Starts a server on the data directory (kept if it exists) and waits until it is healthy. */
    public static ServerProcess start(Path dataDir, Map<String, String> environment) {
        try {
            Files.createDirectories(dataDir);
            int port = freePort();
            Path log = dataDir.resolve("server-" + port + ".log");
            List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx512m", "-jar", jar("perfwatch.server.jar")));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile());
            builder.environment().keySet().removeIf(name -> name.startsWith("PERFWATCH_"));
            builder.environment().put("SERVER_PORT", Integer.toString(port));
            builder.environment().put("PERFWATCH_DATA_DIR", dataDir.toAbsolutePath().toString());
            builder.environment().put("PERFWATCH_ADMIN_TOKEN", ADMIN_TOKEN);
            // Nobody reads the OpenAPI document here, and its build costs seconds of CPU per server (ApiDocsWarmupTest).
            builder.environment().put("PERFWATCH_API_DOCS_WARM_UP", "false");
            builder.environment().putAll(environment);
            ServerProcess server = new ServerProcess(builder.start(), port, dataDir, log);
            server.awaitHealthy(Duration.ofSeconds(120));
            return server;
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    public static ServerProcess start(Path dataDir) {
        return start(dataDir, Map.of());
    }

    /**
     * The generated password of one of the embedded PostgreSQL's roles ({@code perfwatch_app} for rows,
     * {@code perfwatch_owner} for the schema), from the file the server keeps beside its data (issue 14).
     */
    public String databasePassword(String role) {
        java.util.Properties credentials = new java.util.Properties();
        try (java.io.Reader reader = Files.newBufferedReader(dataDir.resolve("postgres-credentials"))) {
            credentials.load(reader);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return credentials.getProperty(role);
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public Path dataDir() {
        return dataDir;
    }

    public String log() {
        try {
            return Files.readString(log);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private void awaitHealthy(Duration timeout) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with " + process.exitValue() + ":\n" + log());
            }
            try {
                HttpResponse<String> response = client.send(
                        HttpRequest.newBuilder(URI.create(url() + "/actuator/health")).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return;
                }
            }
            catch (IOException ex) {
                // not listening yet
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(ex);
            }
            Thread.onSpinWait();
            try {
                process.waitFor(200, java.util.concurrent.TimeUnit.MILLISECONDS);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(ex);
            }
        }
        close();
        throw new IllegalStateException("the server did not become healthy within " + timeout + ":\n" + log());
    }

    /** Stops the server gracefully (SIGTERM), so that the embedded PostgreSQL shuts down cleanly. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    static String jar(String property) {
        String path = System.getProperty(property);
        if (path == null || !Files.exists(Path.of(path))) {
            throw new IllegalStateException(property + " not found at " + path + ": run ./mvnw verify from the root");
        }
        return path;
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
