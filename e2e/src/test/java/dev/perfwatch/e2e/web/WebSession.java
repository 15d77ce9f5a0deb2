package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.perfwatch.e2e.ServerProcess;

/**
 * One packaged server seeded with {@link SuiteHistory} and one headless Chromium, shared by every browser test class
 * of the run ({@code @ExtendWith(WebSession.Extension.class)}): starting and seeding them is most of the tests' time.
 * JUnit closes the session when the run ends.
 */
final class WebSession implements AutoCloseable {

    private static volatile WebSession current;

    final ServerProcess server;

    final Browser browser;

    private final Path dir;

    private WebSession(Path dir, ServerProcess server, Browser browser) {
        this.dir = dir;
        this.server = server;
        this.browser = browser;
    }

    static WebSession current() {
        return current;
    }

    private static WebSession start() {
        try {
            Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "web-session-");
            // A long lease keeps the seeded running job running while the tests look at it (PageSeeds.jobs).
            ServerProcess server = ServerProcess.start(dir.resolve("server"),
                    Map.of("PERFWATCH_JOBS_LEASE_DURATION", "1h"));
            try {
                SuiteHistory.upload(server.url());
                // Codespeed's ids for the permalink tests: environment 2 is the 4-core host class, executable 3 is
                // JDK 21.
                post(server, "/api/v1/codespeed/environments", """
                        {"id": 2, "name": "Hetzner", "hostClass": "4-core"}""");
                post(server, "/api/v1/codespeed/executables", """
                        {"id": 3, "project": "web", "name": "Web Java21", "jdkVersion": "21.0.1",
                         "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "21.0.1+12"}""");
                return new WebSession(dir, server, Browser.start(dir.resolve("chromium"), 1280, 960));
            }
            catch (RuntimeException | IOException | InterruptedException ex) {
                server.close();
                throw ex;
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    /** The JDBC URL of the server's embedded PostgreSQL, from the line the server logs when it starts it. */
    String databaseUrl() {
        Matcher port = Pattern.compile("Embedded PostgreSQL on port (\\d+)").matcher(server.log());
        if (!port.find()) {
            throw new IllegalStateException("the server did not log its embedded PostgreSQL:\n" + server.log());
        }
        return "jdbc:postgresql://127.0.0.1:" + port.group(1) + "/postgres?user=perfwatch_app&password="
                + server.databasePassword("perfwatch_app");
    }

    static void post(ServerProcess server, String path, String body) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient()
            .send(HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException(path + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    @Override
    public void close() throws IOException {
        current = null;
        try {
            browser.close();
        }
        finally {
            server.close();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** Starts the session for the first class that needs it; the root store closes it after the last one. */
    static final class Extension implements BeforeAllCallback {

        @Override
        public void beforeAll(ExtensionContext context) {
            current = context.getRoot()
                .getStore(ExtensionContext.Namespace.create(WebSession.class))
                .computeIfAbsent(WebSession.class, key -> start(), WebSession.class);
        }
    }
}
