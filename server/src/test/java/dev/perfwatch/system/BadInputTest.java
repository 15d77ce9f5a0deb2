package dev.perfwatch.system;

import java.net.URI;
import java.net.http.HttpRequest;

import tools.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What fuzzing found answered 500 (issue 14): input PostgreSQL cannot hold and bodies no endpoint takes. Each is
 * now a 4xx problem naming the field, nothing stored, and every error body is problem+json.
 */
@ServerTest
class BadInputTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void uploadWhenBenchmarkNameHoldsNulAnswers400NamingIt() {
        ObjectNode run = Runs.run("bad-nul", Runs.sha(801), Runs.thrpt("demo.Bad.m\u0000x", 1.0));

        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo("jmh[0].benchmark");
        assertThat(stored("bad-nul")).isZero();
    }

    @Test
    void uploadWhenProjectHoldsNulAnswers400NamingIt() {
        ObjectNode run = Runs.run("bad\u0000project", Runs.sha(802), Runs.thrpt("demo.Bad.m", 1.0));

        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo("project");
    }

    @Test
    void uploadWhenNameOverIndexLimitInBytesAnswers400NamingIt() {
        // 900 CJK characters: under a 1,000-character limit, but 2,700 bytes, over a btree entry's limit.
        ObjectNode run = Runs.run("bad-long", Runs.sha(803), Runs.thrpt("demo." + "基".repeat(900), 1.0));

        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo("jmh[0].benchmark");
        assertThat(stored("bad-long")).isZero();
    }

    @Test
    void readWhenQueryHoldsNulAnswers400() {
        Api.Response response = Api.at(port).get("/api/v1/series?project=a%00b");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    @Test
    void readWhenMultipartBodyAnswers415() {
        Api.Response response = Api.at(port).send(HttpRequest.newBuilder(Api.at(port).uri("/api/v1/projects"))
            .header("Content-Type", "multipart/form-data; boundary=x")
            .method("GET", HttpRequest.BodyPublishers.ofString("--x\r\nbroken")));

        assertThat(response.status()).isEqualTo(415);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    @Test
    void unknownPathAnswers404Problem() {
        Api.Response response = Api.at(port).get("/api/v1/no-such-thing", "application/json");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    @Test
    void errorPathWhenAskedDirectlyAnswers404Problem() {
        Api.Response response = Api.at(port).get("/error");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(Api.at(port).get("/v3/api-docs").body()).doesNotContain("\"/error\"");
    }

    @Test
    void everyAnswerCarriesTheSecurityHeaders() throws Exception {
        for (String path : new String[] { "/", "/timeline/", "/api/v1/projects", "/no/such/page" }) {
            var response = java.net.http.HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                    java.net.http.HttpResponse.BodyHandlers.discarding());

            assertThat(response.headers().firstValue("Content-Security-Policy")).as(path).get().asString()
                .contains("script-src 'self'").contains("frame-ancestors 'none'").doesNotContain("unsafe-inline");
            assertThat(response.headers().firstValue("X-Content-Type-Options")).as(path).contains("nosniff");
            assertThat(response.headers().firstValue("X-Frame-Options")).as(path).contains("DENY");
            assertThat(response.headers().firstValue("Referrer-Policy")).as(path).isPresent();
        }
    }

    private int stored(String project) {
        return jdbc.sql("select count(*) from project where name = :name").param("name", project)
            .query(Integer.class).single();
    }
}
