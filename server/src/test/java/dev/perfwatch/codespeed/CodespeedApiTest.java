package dev.perfwatch.codespeed;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

@ServerTest
class CodespeedApiTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void createEnvironmentWhenIdFreeKeepsItAndLaterOnesFollow() {
        Api api = Api.at(port);

        Api.Response kept = api.postJson("/api/v1/codespeed/environments",
                "{\"id\": 7001, \"name\": \"Kept Env\", \"hostClass\": \"kept-8-core\"}");
        Api.Response taken = api.postJson("/api/v1/codespeed/environments",
                "{\"id\": 7001, \"name\": \"Other Env\"}");

        assertThat(kept.status()).as(kept.body()).isEqualTo(200);
        assertThat(kept.json().get("id").asLong()).isEqualTo(7001);
        assertThat(kept.json().get("hostClass").asString()).isEqualTo("kept-8-core");
        assertThat(taken.json().get("id").asLong()).as("7001 is taken: the next free id").isGreaterThan(7001);
        assertThat(taken.json().get("hostClass").asString()).isEqualTo("Other-Env");
    }

    /**
     * An environment on a new host class ending in a dash is refused when it is made, not at each result posted to
     * it; one made before the rule (here by SQL) still takes results.
     */
    @Test
    void createEnvironmentWhenTheHostClassEndsInADashIsRefusedNamingIt() {
        Api api = Api.at(port);

        Api.Response refused = api.postJson("/api/v1/codespeed/environments",
                "{\"name\": \"Dashed Env\", \"hostClass\": \"dashed-8-core-\"}");

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("field").asString()).isEqualTo("hostClass");
        assertThat(api.get("/api/v1/codespeed/environments").body()).doesNotContain("Dashed Env");

        jdbc.sql("insert into codespeed_environment (name, host_class) values ('Old Dashed Env', 'old-dashed-')")
            .update();
        new CodespeedClient(port).post("/result/add/", java.util.Map.of("commitid", "abcdef1", "branch", "master",
                "project", "old-dashed", "executable", "Flink", "benchmark", "oldDashedBenchmark", "environment",
                "Old Dashed Env", "result_value", 1.5));
        assertThat(api.get("/api/v1/series?project=old-dashed").json()).as("the result was stored").hasSize(1);
    }

    @Test
    void createEnvironmentWhenNameExistsReturnsItUnchanged() {
        Api api = Api.at(port);
        api.postJson("/api/v1/codespeed/environments", "{\"name\": \"Stable Env\", \"hostClass\": \"stable\"}");

        Api.Response again = api.postJson("/api/v1/codespeed/environments",
                "{\"id\": 7101, \"name\": \"Stable Env\", \"hostClass\": \"moved\"}");

        assertThat(again.json().get("hostClass").asString()).isEqualTo("stable");
        assertThat(api.get("/api/v1/codespeed/environments").body()).contains("\"name\":\"Stable Env\"");
    }

    @Test
    void createExecutableWhenJvmGivenMapsResultsToThatJvm() {
        Api api = Api.at(port);
        api.postJson("/api/v1/codespeed/executables", """
                {"project": "jvm-mapped", "name": "Flink", "jdkVersion": "17.0.9", "vmName": "OpenJDK 64-Bit Server VM",
                 "vmVersion": "17.0.9+9", "defaultBranch": "master"}""");
        new CodespeedClient(port).post("/result/add/", java.util.Map.of("commitid", "abcdef0", "branch", "master",
                "project", "jvm-mapped", "executable", "Flink", "benchmark", "jvmMappedBenchmark", "environment",
                "Dual Core", "result_value", 1.5));

        Api.Response series = api.get("/api/v1/series?project=jvm-mapped");

        assertThat(series.json().get(0).get("environment").get("jdkVersion").asString()).isEqualTo("17.0.9");
        assertThat(series.json().get(0).get("environment").get("vmName").asString())
            .isEqualTo("OpenJDK 64-Bit Server VM");
        assertThat(series.json().get(0).get("branch").asString()).isEqualTo("master");
    }

    @Test
    void revisionsWhenTaggedNameTheirCommitForABaselineOrACodespeedBaseLink() {
        Api api = Api.at(port);
        CodespeedClient codespeed = new CodespeedClient(port);
        String release = "1234567890abcdef1234567890abcdef12345678";
        codespeed.post("/result/add/", java.util.Map.of("commitid", release, "branch", "master", "project", "tagged",
                "executable", "Tagged", "benchmark", "taggedBenchmark", "environment", "Tag Env", "result_value", 2.5,
                "tag", "release-1.10"));
        codespeed.post("/result/add/", java.util.Map.of("commitid", "abcdef1", "branch", "master", "project", "tagged",
                "executable", "Tagged", "benchmark", "taggedBenchmark", "environment", "Tag Env", "result_value", 2.6));

        tools.jackson.databind.JsonNode tagged = api.get("/api/v1/codespeed/revisions?project=tagged").json();
        assertThat(tagged).as("only the tagged revision").hasSize(1);
        assertThat(tagged.get(0).get("tag").asString()).isEqualTo("release-1.10");
        assertThat(tagged.get(0).get("sha").asString()).isEqualTo(release);
        assertThat(api.get("/api/v1/codespeed/revisions?project=tagged&tag=release-1.9").json()).isEmpty();
        long id = tagged.get(0).get("id").asLong();
        assertThat(api.get("/api/v1/codespeed/revisions/" + id).json().get("commitid").asString()).isEqualTo(release);
        assertThat(api.get("/api/v1/codespeed/revisions/987654321").status()).isEqualTo(404);
    }

    @Test
    void createBenchmarkWhenDataTypeInvalidAnswers400NamingIt() {
        Api.Response response = Api.at(port).postJson("/api/v1/codespeed/benchmarks",
                "{\"name\": \"badType\", \"dataType\": \"X\"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("field").asString()).isEqualTo("dataType");
    }

    @Test
    void createEnvironmentWhenNoTokenAnswers401() {
        Api.Response response = Api.at(port).postJson("/api/v1/codespeed/environments", "{\"name\": \"x\"}", null);

        assertThat(response.status()).isEqualTo(401);
    }
}
