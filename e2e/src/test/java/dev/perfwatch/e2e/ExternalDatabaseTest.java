package dev.perfwatch.e2e;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** A configured PERFWATCH_DB_URL is used instead of the embedded database. */
class ExternalDatabaseTest {

    @TempDir
    Path first;

    @TempDir
    Path second;

    @Test
    void startWhenDatabaseUrlConfiguredUsesThatDatabase() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        try (ServerProcess embedded = ServerProcess.start(first)) {
            Matcher port = Pattern.compile("Embedded PostgreSQL on port (\\d+)").matcher(embedded.log());
            assertThat(port.find()).as(embedded.log()).isTrue();
            HttpResponse<String> created = client.send(HttpRequest.newBuilder(URI.create(embedded.url() + "/api/v1/runs"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"id": "0d9c6c57-5b0c-4a4e-8a36-0c1f0a9b7e21", "project": "external", "branch": "main",
                         "commit": {"sha": "89abcdef0123456789abcdef0123456789abcdef"},
                         "host": {"name": "h1", "hostClass": "8-core"},
                         "jmh": [{"benchmark": "a.B.c", "mode": "avgt", "primaryMetric":
                                  {"score": 1.5, "scoreUnit": "ns/op", "rawData": [[1.4, 1.6]]}}]}"""))
                .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).isEqualTo(201);

            try (ServerProcess configured = ServerProcess.start(second, Map.of(
                    "PERFWATCH_DB_URL", "jdbc:postgresql://127.0.0.1:" + port.group(1) + "/postgres",
                    "PERFWATCH_DB_USER", "perfwatch_owner",
                    "PERFWATCH_DB_PASSWORD", embedded.databasePassword("perfwatch_owner")))) {
                HttpResponse<String> projects = client.send(
                        HttpRequest.newBuilder(URI.create(configured.url() + "/api/v1/projects")).GET().build(),
                        HttpResponse.BodyHandlers.ofString());

                assertThat(projects.body()).contains("\"name\":\"external\"");
                assertThat(configured.log()).doesNotContain("Embedded PostgreSQL on port");
            }
        }
    }
}
