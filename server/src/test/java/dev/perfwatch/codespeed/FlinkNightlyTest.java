package dev.perfwatch.codespeed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Flink's nightly protocol end to end against a server of its own (fresh database, so that Codespeed's ids come out
 * as on a fresh Codespeed): 36 nights of two executables (Flink, Flink Java17), throughput and average-time
 * benchmarks mixed, JMH's NaN errors, uploaded as {@code save_jmh_result.py} builds them through the project's
 * upload URL without credentials; then Flink's report scripts. What they print, and the timelines they read, must
 * equal what they printed and read against a real Codespeed 0.11.0 on PostgreSQL given the same uploads
 * (resources dev/perfwatch/codespeed/flink/, README.md there says how they were recorded).
 */
@ServerTest
@TestPropertySource(properties = "perfwatch.test.database=flink-nightly")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FlinkNightlyTest {

    /** regression_report.py's ENVIRONMENT and ENVNAME. */
    static final long ENVIRONMENT = 3;

    /** Where the recorded Codespeed ran; its links in the recorded output carry it. */
    static final String RECORDED_URL = "http://127.0.0.1:8012/";

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @BeforeAll
    void uploadTheNightsThroughTheProjectsUploadUrl() {
        CodespeedClient codespeed = new CodespeedClient(port);
        codespeed.createEnvironment(1, "Dummy1", "dummy-1");
        codespeed.createEnvironment(2, "Dummy2", "dummy-2");
        codespeed.createEnvironment(ENVIRONMENT, "Aliyun", "aliyun");
        String path = secretPath();
        List<String> lines = resource("flink/nightlies.txt").lines().toList();
        int posted = 0;
        for (int start = 0; start < lines.size(); start++) {
            if (!lines.get(start).startsWith("== ")) {
                continue;
            }
            String[] night = lines.get(start).substring(3).split("\\|");
            int end = start + 1;
            while (end < lines.size() && !lines.get(end).startsWith("== ")) {
                end++;
            }
            String csv = String.join("\n", lines.subList(start + 1, end));
            Api.Response response = codespeed.post(path + "result/add/json/", Map.of("json", FlinkUploader.results(csv,
                    night[0], "master", "Aliyun", "Flink", night[1], night[2])), null);
            assertThat(response.status()).as(response.body()).isEqualTo(202);
            posted++;
        }
        assertThat(posted).isEqualTo(72);
    }

    private String secretPath() {
        Api.Response response = Api.at(port).postJson("/api/v1/codespeed/upload-secrets", "{\"project\": \"Flink\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("path").asString();
    }

    @Test
    void regressionReportV2WhenRunOverTheNightsPrintsWhatItPrintedAgainstCodespeed() {
        List<String> printed = new FlinkReportScripts(port, ENVIRONMENT, "Aliyun").regressionReportV2();

        assertThat(printed).containsExactlyElementsOf(recorded("flink/regression_report_v2.out"));
    }

    @Test
    void regressionReportWhenRunOverTheNightsPrintsWhatItPrintedAgainstCodespeed() {
        List<String> printed = new FlinkReportScripts(port, ENVIRONMENT, "Aliyun").regressionReport();

        assertThat(printed).containsExactlyElementsOf(recorded("flink/regression_report.out"));
    }

    @Test
    void changesTableWhenReadByTheScriptsListsThroughputThenAverageTimeRowsByName() {
        Map<String, List<String>> names = new FlinkReportScripts(port, ENVIRONMENT, "Aliyun").loadBenchmarkNames();

        List<String> recorded = List.of("asyncWait.ORDERED", "asyncWait.UNORDERED", "remoteRebalance",
                "sortedMultiInput", "uncompressedFilePartition", "checkpointSingleInput", "deployAllTasks");
        assertThat(names).containsOnlyKeys("1", "2");
        assertThat(names.get("1")).containsExactlyElementsOf(recorded);
        assertThat(names.get("2")).containsExactlyElementsOf(recorded);
    }

    @Test
    void timelineWhenErrorsAreNanAnswersWhatCodespeedAnswered() {
        CodespeedClient codespeed = new CodespeedClient(port);
        Api.Response deploy = codespeed.get("/timeline/json/", Map.of("exe", "1", "ben", "deployAllTasks", "env",
                ENVIRONMENT, "revs", 5));
        Api.Response rebalance = codespeed.get("/timeline/json/", Map.of("exe", "2", "ben", "remoteRebalance", "env",
                ENVIRONMENT, "revs", 3));

        assertThat(deploy.body()).contains("NaN,").doesNotContain("\"NaN\"");
        assertThat(tree(deploy.body())).isEqualTo(tree(resource("flink/timeline-deployAllTasks.json")));
        assertThat(tree(rebalance.body())).isEqualTo(tree(resource("flink/timeline-remoteRebalance.json")));
    }

    @Test
    void changesLinkWhenFromTheReportsPageOpensThatRevisionOfThatExecutable() {
        JsonNode link = Api.at(port).get("/api/v1/codespeed/links/changes?rev=dcaf90d4e57-ffcdbb4-1783303200&exe=2"
                + "&env=Aliyun").json();

        assertThat(link.get("page").asString()).isEqualTo("changes");
        JsonNode params = link.get("params");
        assertThat(params.get("project").asString()).isEqualTo("Flink");
        assertThat(params.get("revision").asString()).isEqualTo("dcaf90d4e57-ffcdbb4-1783303200");
        assertThat(params.get("commit").asString()).isEqualTo(CodespeedNames.sha("Flink",
                "dcaf90d4e57-ffcdbb4-1783303200"));
        assertThat(params.get("environment").asString()).isEqualTo(environmentOf("Flink Java17"));
        assertThat(environmentOf("Flink Java17")).isNotEqualTo(environmentOf("Flink"));
    }

    @Test
    void changesLinkWhenNoExecutableAndTwoHaveTheRevisionListsBothInsteadOfOpeningOne() {
        JsonNode link = Api.at(port).get("/api/v1/codespeed/links/changes?rev=c733ee2a5e3-ffcdbb4-1783303200&env=3")
            .json();

        assertThat(link.get("page").isNull()).isTrue();
        assertThat(link.get("choices").findValuesAsString("href")).containsExactly(
                "/changes/?rev=c733ee2a5e3-ffcdbb4-1783303200&exe=1&env=3",
                "/changes/?rev=c733ee2a5e3-ffcdbb4-1783303200&exe=2&env=3");
    }

    @Test
    void comparisonLinkWhenCodespeedPermalinkGivenMapsOntoTheEnvironmentComparisonPage() {
        JsonNode link = Api.at(port).get("/api/v1/codespeed/links/comparison?exe=1%2BL%2Bmaster,2%2BL%2Bmaster"
                + "&ben=6&env=3").json();

        assertThat(link.get("page").asString()).isEqualTo("environments");
        assertThat(link.get("params").properties().stream().map(e -> e.getKey() + "=" + e.getValue().asString())
            .toList()).containsExactly("project=Flink",
                    "environments=" + environmentOf("Flink") + "," + environmentOf("Flink Java17"),
                    "benchmark=deployAllTasks");
    }

    /** Our environment id of an executable's results in Aliyun. */
    private String environmentOf(String executable) {
        return jdbc.sql("""
                select e.id from environment e where e.host_class = 'aliyun' and e.vm_name = :vm
                """).param("vm", executable).query(String.class).single();
    }

    /** Parsed as Python reads it; NaN compares equal to NaN in a tree. */
    private static JsonNode tree(String json) {
        return FlinkReportScripts.PYTHON_JSON.readTree(json);
    }

    private List<String> recorded(String name) {
        List<String> lines = new ArrayList<>();
        resource(name).lines().forEach(line -> lines.add(line.replace(RECORDED_URL, Api.at(port).uri("/").toString())));
        return lines;
    }

    private static String resource(String name) {
        try (InputStream in = FlinkNightlyTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
