package dev.perfwatch.comparison;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Jmh;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@ServerTest
class ComparisonApiTest {

    static final String BASE = "ba5e000000000000000000000000000000000501";

    static final String HEAD = "feed000000000000000000000000000000000502";

    @LocalServerPort
    int port;

    Api api;

    /**
     * The FLINK-14346 shape: the head allocates a buffer per call, so writeAscii loses 10% and 32 B/op more; readAscii
     * does not move; writeUtf8 moves by less than its noise.
     */
    @BeforeEach
    void uploadBaseAndHead() {
        api = Api.at(port);
        if (api.get("/api/v1/benchmarks?project=compare").status() == 200) {
            return;
        }
        upload(BASE, "4-core", new Jmh()
            .thrpt("org.example.StringSerializer.writeAscii", "16", 48, f(100, 100), f(102, 102), f(98, 98))
            .thrpt("org.example.StringSerializer.readAscii", "16", 0, f(50, 50), f(50.1, 50.1), f(49.9, 49.9))
            .thrpt("org.example.StringSerializer.writeUtf8", "16", 64, f(20, 20), f(22, 22), f(18, 18)));
        upload(HEAD, "4-core", new Jmh()
            .thrpt("org.example.StringSerializer.writeAscii", "16", 80, f(90, 90), f(92, 92), f(88, 88))
            .thrpt("org.example.StringSerializer.readAscii", "16", 0, f(50.05, 50.05), f(50.15, 50.15),
                    f(49.95, 49.95))
            .thrpt("org.example.StringSerializer.writeUtf8", "16", 64, f(20.2, 20.2), f(22.2, 22.2),
                    f(18.2, 18.2))
            .thrpt("org.example.StringSerializer.writeUtf16", "16", 32, f(10, 10), f(10.1, 10.1)));
        upload(BASE, "8-core", new Jmh().thrpt("org.example.StringSerializer.writeAscii", "16", 48, f(200, 200),
                f(201, 201)));
        upload(HEAD, "8-core", new Jmh().thrpt("org.example.StringSerializer.writeAscii", "16", 80, f(199, 199),
                f(200, 200)));
    }

    @Test
    void comparisonsWhenHeadAllocatesMoreShowsTheSlowerRowFirstWithItsAllocation() {
        Api.Response response = api.get("/api/v1/comparisons?project=compare&base=" + BASE + "&head=" + HEAD
                + "&hostClass=4-core");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.json();
        assertThat(body.get("project").asString()).isEqualTo("compare");
        assertThat(body.get("base").get("sha").asString()).isEqualTo(BASE);
        assertThat(body.get("head").get("message").asString()).startsWith("Commit ");
        assertThat(body.get("hostClasses")).hasSize(1);
        JsonNode environment = body.get("hostClasses").get(0);
        assertThat(environment.get("hostClass").asString()).isEqualTo("4-core");
        assertThat(environment.get("environment").asString()).isEqualTo("4-core · JDK 17.0.15");
        JsonNode rows = environment.get("rows");
        assertThat(rows.findValuesAsString("benchmark")).containsExactly("org.example.StringSerializer.writeAscii",
                "org.example.StringSerializer.writeUtf8", "org.example.StringSerializer.readAscii");
        assertThat(rows.findValuesAsString("verdict")).containsExactly("slower", "unclear", "same");
        assertThat(environment.get("added").findValuesAsString("benchmark"))
            .as("a case the head adds has nothing to compare with")
            .containsExactly("org.example.StringSerializer.writeUtf16");
        assertThat(environment.get("added").get(0).get("caseKey").asString()).isEqualTo("thrpt;threads=1;length=16");
        assertThat(environment.get("removed")).isEmpty();

        JsonNode slower = rows.get(0);
        assertThat(slower.get("params").get("length").asString()).isEqualTo("16");
        assertThat(slower.get("caseKey").asString()).isEqualTo("thrpt;threads=1;length=16");
        assertThat(slower.get("metric").asString()).isEqualTo("primary");
        assertThat(slower.get("unit").asString()).isEqualTo("ops/ms");
        assertThat(slower.get("direction").asString()).isEqualTo("higher");
        assertThat(slower.get("base").get("score").asDouble()).isCloseTo(100, within(1e-9));
        assertThat(slower.get("base").get("forks").asInt()).isEqualTo(3);
        assertThat(slower.get("head").get("score").asDouble()).isCloseTo(90, within(1e-9));
        assertThat(slower.get("changePercent").asDouble()).isCloseTo(-10, within(1e-9));
        // Welch over fork means, equal variances: t(0.995, 4) · sqrt(8 / 3) = 7.518
        assertThat(slower.get("interval").get(0).asDouble()).isCloseTo(-17.518, within(2e-3));
        assertThat(slower.get("interval").get(1).asDouble()).isCloseTo(-2.482, within(2e-3));
        assertThat(slower.get("allocation").get("base").asDouble()).isEqualTo(48.0);
        assertThat(slower.get("allocation").get("head").asDouble()).isEqualTo(80.0);
        assertThat(slower.get("allocation").get("changeBytes").asDouble()).isEqualTo(32.0);
        assertThat(slower.get("allocation").get("change").asString()).as("every fork allocates 32 B more")
            .isEqualTo("more");
        assertThat(slower.get("allocation").get("text").asString()).isEqualTo("+32 B/op (48 → 80)");
        assertThat(slower.get("basis").asString()).isEqualTo("forks");
        assertThat(slower.get("significant").asBoolean()).isTrue();
        assertThat(rows.get(2).get("allocation").get("text").asString()).as("0 B/op on both sides").isEqualTo("±0 B/op");
        assertThat(rows.get(2).get("allocation").get("change").asString()).isEqualTo("same");
    }

    /**
     * An imported history stores scores without forks: a −80% step is still a number with an interval, from JMH's
     * score error where the file has one and from the series' neighbouring results where it has none.
     */
    @Test
    void comparisonsWhenRunsHaveNoForksUseScoreErrorsOrTheHistoryAndNeverNaN() {
        for (int i = 1; i <= 6; i++) {
            upload("imported", Runs.sha(700 + i), "4-core", scoreOnly(100 + (i % 3) * 0.5, null, 0));
        }
        upload("imported", Runs.sha(707), "4-core", scoreOnly(20, null, 64));
        upload("imported", Runs.sha(801), "4-core", scoreOnly(100, 3.0, 0));
        upload("imported", Runs.sha(802), "4-core", scoreOnly(20, 2.0, 0));

        JsonNode history = api.get("/api/v1/comparisons?project=imported&base=" + Runs.sha(706) + "&head="
                + Runs.sha(707)).json().get("hostClasses").get(0).get("rows").get(0);
        JsonNode errors = api.get("/api/v1/comparisons?project=imported&base=" + Runs.sha(801) + "&head="
                + Runs.sha(802)).json().get("hostClasses").get(0).get("rows").get(0);

        assertThat(history.get("basis").asString()).isEqualTo("history");
        assertThat(history.get("verdict").asString()).isEqualTo("slower");
        assertThat(history.get("changePercent").asDouble()).isCloseTo(-80, within(1.0));
        assertThat(history.get("interval").get(1).asDouble()).isLessThan(0);
        assertThat(history.get("allocation").get("text").asString()).isEqualTo("from none to 64 B/op");
        assertThat(errors.get("basis").asString()).isEqualTo("score errors");
        assertThat(errors.get("verdict").asString()).isEqualTo("slower");
        assertThat(errors.get("changePercent").asDouble()).isCloseTo(-80, within(1e-9));
        // 99% normal interval from two standard errors of error / 3.29: ±2.576·sqrt(3² + 2²)/3.29 = ±2.82 points
        assertThat(errors.get("interval").get(0).asDouble()).isCloseTo(-82.82, within(0.02));
        assertThat(errors.get("base").get("score").asDouble()).isEqualTo(100.0);
        assertThat(errors.toString()).doesNotContain("NaN");
    }

    @Test
    void comparisonsWhenNoHostClassGivenAnswersEveryEnvironmentAndFiltersBenchmarks() {
        Api.Response response = api.get("/api/v1/comparisons?project=compare&base=" + BASE.substring(0, 8)
                + "&head=" + HEAD + "&benchmarks=" + URLEncoder.encode("write(Ascii)?$", StandardCharsets.UTF_8));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode body = response.json();

        assertThat(body.get("hostClasses").findValuesAsString("hostClass")).containsExactly("4-core", "8-core");
        assertThat(body.get("hostClasses").get(0).get("rows").findValuesAsString("benchmark"))
            .containsExactly("org.example.StringSerializer.writeAscii");
        assertThat(body.get("hostClasses").get(1).get("rows").get(0).get("interval")).hasSize(2);
        assertThat(body.get("base").get("sha").asString()).as("an abbreviated sha finds the commit").isEqualTo(BASE);
    }

    @Test
    void comparisonsWhenInputIsBadAnswers400NamingTheField() {
        String path = "/api/v1/comparisons?project=compare";
        assertProblem(api.get(path + "&base=xyz&head=" + HEAD), 400, "base");
        assertProblem(api.get(path + "&base=" + BASE), 400, "head");
        assertProblem(api.get(path + "&base=" + BASE + "&head=" + HEAD + "&benchmarks=(unclosed"), 400,
                "benchmarks");
        assertProblem(api.get(path + "&base=" + BASE + "&head=" + HEAD + "&hostClass=a%20b"), 400, "hostClass");
        assertProblem(api.get("/api/v1/comparisons?base=" + BASE + "&head=" + HEAD), 400, "project");
    }

    @Test
    void comparisonsWhenProjectOrCommitIsUnknownAnswers404() {
        assertThat(api.get("/api/v1/comparisons?project=nope&base=" + BASE + "&head=" + HEAD).status())
            .isEqualTo(404);
        assertThat(api.get("/api/v1/comparisons?project=compare&base=" + Runs.sha(999) + "&head=" + HEAD).status())
            .isEqualTo(404);
    }

    private void assertProblem(Api.Response response, int status, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("field").asString()).isEqualTo(field);
    }

    /** A result as imports store it: a score, maybe JMH's error, no per-fork samples. */
    private static Jmh scoreOnly(double score, Double error, double allocation) {
        Jmh jmh = new Jmh().thrpt("org.example.Imported.run", "1", allocation, f(score));
        ObjectNode primary = (ObjectNode) jmh.file().get(0).get("primaryMetric");
        primary.remove("rawData");
        primary.remove("scoreConfidence");
        if (error == null) {
            primary.remove("scoreError");
        }
        else {
            primary.put("scoreError", error);
        }
        ((ObjectNode) jmh.file().get(0).get("secondaryMetrics").get("·gc.alloc.rate.norm")).remove("rawData");
        return jmh;
    }

    private void upload(String sha, String hostClass, Jmh jmh) {
        upload("compare", sha, hostClass, jmh);
    }

    private void upload(String project, String sha, String hostClass, Jmh jmh) {
        ObjectNode run = Runs.run(UUID.randomUUID(), project, sha, List.of(), null, jmh.file());
        ((ObjectNode) run.get("host")).put("hostClass", hostClass).put("name", "bench-" + hostClass);
        Api.Response response = api.postJson("/api/v1/runs", run.toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    private static double[] f(double... iterations) {
        return iterations;
    }
}
