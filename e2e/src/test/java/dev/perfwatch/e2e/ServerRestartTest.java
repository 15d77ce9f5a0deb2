package dev.perfwatch.e2e;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The packaged server keeps its embedded database across restarts on the same data directory. */
class ServerRestartTest {

    @TempDir
    Path dataDir;

    @Test
    void restartWhenSameDataDirectoryKeepsStoredRuns() throws Exception {
        String run = """
                {"id": "6f1c1a8e-8d4e-4c4b-9f53-0b8f0c3e2a11", "project": "restart", "branch": "main",
                 "commit": {"sha": "0123456789abcdef0123456789abcdef01234567"},
                 "host": {"name": "h1", "hostClass": "4-core"},
                 "jmh": [{"benchmark": "a.B.c", "mode": "thrpt", "primaryMetric":
                          {"score": 10.5, "scoreUnit": "ops/s", "rawData": [[10.0, 11.0]]}}]}""";
        HttpClient client = HttpClient.newHttpClient();
        try (ServerProcess server = ServerProcess.start(dataDir)) {
            HttpResponse<String> created = client.send(HttpRequest.newBuilder(URI.create(server.url() + "/api/v1/runs"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(run))
                .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        }

        try (ServerProcess server = ServerProcess.start(dataDir)) {
            HttpResponse<String> projects = client.send(
                    HttpRequest.newBuilder(URI.create(server.url() + "/api/v1/projects")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> again = client.send(HttpRequest.newBuilder(URI.create(server.url() + "/api/v1/runs"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(run))
                .build(), HttpResponse.BodyHandlers.ofString());

            assertThat(projects.body()).contains("\"name\":\"restart\"");
            assertThat(again.statusCode()).as("the run is known after the restart").isEqualTo(200);
        }
    }
}
