package dev.perfwatch.codespeed;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A project's upload URL ({@code /codespeed/<secret>/}) for Codespeed clients that send no credentials: it stores
 * the project's results without a token, and refuses with a status and a sentence a Codespeed client prints
 * (Flink's script prints the HTTPError and the body) whatever it must not store.
 */
@ServerTest
class UploadSecretTest {

    static final String CSV = """
            "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit"
            "org.apache.flink.benchmark.SecretBenchmark.secretWrite","thrpt",1,30,120.5,NaN,"ops/ms"
            """;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private String rotate(String project) {
        Api.Response response = Api.at(port).postJson("/api/v1/codespeed/upload-secrets",
                "{\"project\": \"" + project + "\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("path").asString();
    }

    private Api.Response upload(String path, String project, String commit) {
        return new CodespeedClient(port).post(path + "result/add/json/", Map.of("json", FlinkUploader.results(CSV,
                commit, "master", "secret-host", project, "Flink", "2024-03-14 02:11:09")), null);
    }

    private long runs(String project) {
        return jdbc.sql("select count(*) from run join project p on p.id = run.project_id where p.name = :name")
            .param("name", project)
            .query(Long.class)
            .single();
    }

    @Test
    void uploadWhenSecretOfTheProjectStoresWithoutCredentials() {
        String path = rotate("secret-flink");

        Api.Response response = upload(path, "secret-flink", "aaaaaaaaaaa-bbbbbbb-1");

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.body()).isEqualTo("All result data saved successfully");
        assertThat(runs("secret-flink")).isEqualTo(1);
    }

    @Test
    void uploadWhenFormPostUnderSecretStoresWithoutCredentials() {
        String path = rotate("secret-form");
        Map<String, Object> data = CodespeedClient.codespeedSample("secret-form", "secretForm", "secret-host");

        Api.Response response = new CodespeedClient(port).post(path + "result/add/", data, null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(runs("secret-form")).isEqualTo(1);
    }

    @Test
    void uploadWhenSecretUnknownAnswers403InWordsAndStoresNothing() {
        Api.Response response = upload("/codespeed/cs_not-a-secret/", "secret-unknown", "aaaaaaaaaaa-bbbbbbb-2");

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.contentType()).startsWith("text/plain");
        assertThat(response.body()).contains("upload URL is not valid");
        assertThat(runs("secret-unknown")).isZero();
    }

    @Test
    void uploadWhenResultNamesAnotherProjectAnswers403AndStoresNothing() {
        String path = rotate("secret-own");

        Api.Response response = upload(path, "secret-other", "aaaaaaaaaaa-bbbbbbb-3");

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.body()).isEqualTo("This upload URL writes to project secret-own, not to secret-other");
        assertThat(runs("secret-other")).isZero();
    }

    @Test
    void rotateWhenDoneAgainRefusesTheOldUrlAndStoresOnlyAHash() {
        String old = rotate("secret-rotated");
        String current = rotate("secret-rotated");

        assertThat(upload(old, "secret-rotated", "aaaaaaaaaaa-bbbbbbb-4").status()).isEqualTo(403);
        assertThat(upload(current, "secret-rotated", "aaaaaaaaaaa-bbbbbbb-4").status()).isEqualTo(202);
        String secret = current.split("/")[2];
        assertThat(jdbc.sql("select secret_sha256 from codespeed_upload_secret where project = 'secret-rotated'")
            .query(String.class)
            .single()).hasSize(64).doesNotContain(secret);
    }

    @Test
    void rotateWhenNoTokenAnswers401() {
        Api.Response response = Api.at(port).postJson("/api/v1/codespeed/upload-secrets",
                "{\"project\": \"secret-anonymous\"}", null);

        assertThat(response.status()).isEqualTo(401);
    }

    @Test
    void uploadWhenPlainPathAndNoCredentialsStillAnswers401() {
        Api.Response response = upload("/", "secret-plain", "aaaaaaaaaaa-bbbbbbb-5");

        assertThat(response.status()).isEqualTo(401);
        assertThat(runs("secret-plain")).isZero();
    }

    @Test
    void revokeWhenDoneRefusesTheUrl() {
        String path = rotate("secret-revoked");
        Api.Response revoked = Api.at(port).send(java.net.http.HttpRequest.newBuilder(Api.at(port)
            .uri("/api/v1/codespeed/upload-secrets/secret-revoked"))
            .header("Authorization", "Bearer " + Api.ADMIN_TOKEN)
            .DELETE());

        assertThat(revoked.status()).isEqualTo(204);
        assertThat(upload(path, "secret-revoked", "aaaaaaaaaaa-bbbbbbb-6").status()).isEqualTo(403);
    }
}
