package dev.perfwatch.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@ServerTest
class RunIngestTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @ParameterizedTest
    @ValueSource(strings = { "jmh-1.23-gc-avgt.json", "jmh-1.37-gc-thrpt-params.json" })
    void uploadWhenRealJmhFileStoresEveryMetricAsInTheFile(String fileName) {
        String project = "real-" + fileName.replace('.', '-');
        JsonNode file = Runs.jmhFile(fileName);
        ObjectNode run = Runs.run(project, Runs.sha(1), file);

        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());

        int expectedResults = 0;
        for (JsonNode element : file) {
            expectedResults += 1 + element.get("secondaryMetrics").size();
        }
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        assertThat(response.json().get("id").asString()).isEqualTo(run.get("id").asString());
        assertThat(response.json().get("results").asInt()).isEqualTo(expectedResults);

        for (JsonNode element : file) {
            assertStored(project, element, "primary", element.get("primaryMetric"));
            for (Map.Entry<String, JsonNode> secondary : element.get("secondaryMetrics").properties()) {
                String normalised = secondary.getKey().replace("\u00b7", "");
                assertStored(project, element, normalised, secondary.getValue());
            }
        }
    }

    private void assertStored(String project, JsonNode element, String metric, JsonNode expected) {
        String paramsJson = element.has("params") ? element.get("params").toString() : "{}";
        Stored stored = jdbc.sql("""
                select r.score, r.error, r.ci_lower, r.ci_upper, samples_json(r.samples) as samples,
                       m.unit, m.direction, c.threads, e.jdk_version, e.jvm_args
                from result r
                join series s on s.id = r.series_id
                join project p on p.id = s.project_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                where p.name = :project and b.name = :benchmark and m.name = :metric
                  and c.params = cast(:params as jsonb)
                """)
            .param("project", project)
            .param("benchmark", element.get("benchmark").asString())
            .param("metric", metric)
            .param("params", paramsJson)
            .query((rs, row) -> new Stored(rs.getDouble("score"), (Double) rs.getObject("error"),
                    (Double) rs.getObject("ci_lower"), (Double) rs.getObject("ci_upper"), rs.getString("samples"),
                    rs.getString("unit"), rs.getString("direction"), rs.getInt("threads"),
                    rs.getString("jdk_version")))
            .single();
        assertThat(stored.score()).isCloseTo(expected.get("score").asDouble(), within(1e-9));
        JsonNode error = expected.get("scoreError");
        if (error.isNumber()) {
            assertThat(stored.error()).isCloseTo(error.asDouble(), within(1e-9));
            assertThat(stored.ciLower()).isCloseTo(expected.get("scoreConfidence").get(0).asDouble(), within(1e-9));
            assertThat(stored.ciUpper()).isCloseTo(expected.get("scoreConfidence").get(1).asDouble(), within(1e-9));
        }
        else {
            assertThat(error.asString()).isEqualTo("NaN");
            assertThat(stored.error()).isNull();
        }
        String unit = expected.get("scoreUnit").asString();
        assertThat(stored.unit()).isEqualTo(unit);
        assertThat(stored.direction()).isEqualTo(unit.startsWith("ops/") ? "higher" : "lower");
        assertThat(stored.threads()).isEqualTo(element.get("threads").asInt());
        assertThat(stored.jdkVersion()).isEqualTo(element.get("jdkVersion").asString());
        JsonNode samples = Runs.json.readTree(stored.samples());
        JsonNode raw = expected.get("rawData");
        assertThat(samples.size()).isEqualTo(raw.size());
        for (int fork = 0; fork < raw.size(); fork++) {
            assertThat(samples.get(fork).size()).isEqualTo(raw.get(fork).size());
            for (int i = 0; i < raw.get(fork).size(); i++) {
                assertThat(samples.get(fork).get(i).asDouble()).isCloseTo(raw.get(fork).get(i).asDouble(),
                        within(1e-9));
            }
        }
    }

    record Stored(double score, Double error, Double ciLower, Double ciUpper, String samples, String unit,
            String direction, int threads, String jdkVersion) {
    }

    @Test
    void uploadWhenSameRunAgainAnswersTheSameAndStoresNothingTwice() {
        ObjectNode run = Runs.run("idempotent", Runs.sha(2), Runs.thrpt("demo.Bench.write", 1000));
        Api api = Api.at(port);

        Api.Response first = api.postJson("/api/v1/runs", run.toString());
        Api.Response second = api.postJson("/api/v1/runs", run.toString());

        assertThat(first.status()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(resultCount("idempotent")).isEqualTo(2);
    }

    @Test
    void uploadWhenTwoConcurrentPostsOfOneRunStoresItOnce() throws Exception {
        ObjectNode run = Runs.run("concurrent", Runs.sha(3), Runs.thrpt("demo.Bench.write", 1000));
        Api api = Api.at(port);
        CountDownLatch start = new CountDownLatch(1);
        Callable<Integer> post = () -> {
            start.await();
            return api.postJson("/api/v1/runs", run.toString()).status();
        };
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                answers.add(pool.submit(post));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }
            assertThat(statuses).containsOnlyOnce(201).containsOnly(201, 200);
        }
        finally {
            pool.shutdownNow();
        }
        assertThat(resultCount("concurrent")).isEqualTo(2);
    }

    @Test
    void uploadWhenManyRunsOfOneSuiteArriveConcurrentlyStoresEveryOne() throws Exception {
        Api api = Api.at(port);
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            tools.jackson.databind.node.ArrayNode file = Runs.json.createArrayNode();
            List<String> names = new ArrayList<>(List.of("demo.Suite.a", "demo.Suite.b", "demo.Suite.c"));
            if (i % 2 == 1) {
                java.util.Collections.reverse(names);
            }
            int n = i;
            names.forEach(name -> file.add(Runs.thrpt(name + (n % 3), 10 + n).get(0)));
            ObjectNode run = Runs.run("parallel", Runs.sha(60 + i % 2), file);
            ((ObjectNode) run.get("host")).put("hostClass", i % 4 < 2 ? "4-core" : "8-core");
            bodies.add(run.toString());
        }
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(bodies.size());
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (String body : bodies) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return api.postJson("/api/v1/runs", body).status();
                }));
            }
            start.countDown();
            for (Future<Integer> answer : answers) {
                assertThat(answer.get()).isEqualTo(201);
            }
        }
        finally {
            pool.shutdownNow();
        }
        assertThat(resultCount("parallel")).isEqualTo(8 * 3 * 2);
    }

    @Test
    void uploadWhenIdReusedForOtherContentAnswersConflict() {
        UUID id = UUID.randomUUID();
        Api api = Api.at(port);
        api.postJson("/api/v1/runs",
                Runs.run(id, "reused", Runs.sha(4), List.of(), null, Runs.thrpt("demo.Bench.a", 1)).toString());

        Api.Response response = api.postJson("/api/v1/runs",
                Runs.run(id, "reused", Runs.sha(4), List.of(), null, Runs.thrpt("demo.Bench.a", 2)).toString());

        assertThat(response.status()).isEqualTo(409);
        assertThat(response.json().get("field").asString()).isEqualTo("id");
    }

    @Test
    void uploadWhenNoTokenAnswers401AndStoresNothing() {
        ObjectNode run = Runs.run("anonymous", Runs.sha(5), Runs.thrpt("demo.Bench.a", 1));

        Api.Response missing = Api.at(port).postJson("/api/v1/runs", run.toString(), null);
        Api.Response wrong = Api.at(port).postJson("/api/v1/runs", run.toString(), "Bearer nope");

        assertThat(missing.status()).isEqualTo(401);
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(missing.contentType()).startsWith("application/problem+json");
        assertThat(jdbc.sql("select count(*) from project where name = 'anonymous'").query(Integer.class).single())
            .isZero();
    }

    @Test
    void uploadJmhWhenBareFilePostedStoresItAndIsIdempotent() {
        String file = Runs.thrpt("demo.Bench.bare", 500).toString();
        String path = "/api/v1/runs/jmh?project=bare&branch=main&commit=" + Runs.sha(6) + "&hostClass=8-core";

        Api.Response first = Api.at(port).postJson(path, file);
        Api.Response second = Api.at(port).postJson(path, file);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json().get("id")).isEqualTo(first.json().get("id"));
        assertThat(resultCount("bare")).isEqualTo(2);
    }

    @Test
    void uploadJmhWithParentsAndCommitTimePlacesAHistoryPostedBackwardsInCommitOrder() {
        String file = Runs.thrpt("demo.Bench.backfill", 500).toString();
        long day = 86_400;
        // Posted newest first, as a backfill script may: the parents and times place each commit.
        for (int n = 5; n >= 1; n--) {
            String path = "/api/v1/runs/jmh?project=jmh-backfill&branch=main&hostClass=8-core&commit=" + Runs.sha(n)
                    + (n == 1 ? "&parents=" : "&parents=" + Runs.sha(n - 1)) + "&commitTime=" + (1_700_000_000 + n * day);
            Api.Response response = Api.at(port).postJson(path, file);
            assertThat(response.status()).as(response.body()).isEqualTo(201);
        }

        assertThat(jdbc.sql("""
                select c.sha from branch_commit bc join branch b on b.id = bc.branch_id
                join project p on p.id = b.project_id join commit c on c.id = bc.commit_id
                where p.name = 'jmh-backfill' order by bc.position
                """).query(String.class).list())
            .containsExactly(Runs.sha(1), Runs.sha(2), Runs.sha(3), Runs.sha(4), Runs.sha(5));
        assertThat(jdbc.sql("""
                select c.time from commit c join project p on p.id = c.project_id
                where p.name = 'jmh-backfill' and c.sha = :sha
                """).param("sha", Runs.sha(3))
            .query(java.time.OffsetDateTime.class).single().toInstant())
            .isEqualTo(java.time.Instant.ofEpochSecond(1_700_000_000 + 3 * day));
    }

    @Test
    void uploadJmhWithAMalformedParentOrTimeIsA400NamingTheParameterAndStoresNothing() {
        String file = Runs.thrpt("demo.Bench.malformed", 500).toString();
        String path = "/api/v1/runs/jmh?project=jmh-malformed&branch=main&hostClass=8-core&commit=" + Runs.sha(1);

        Api.Response parent = Api.at(port).postJson(path + "&parents=HEAD%5E", file);
        Api.Response time = Api.at(port).postJson(path + "&commitTime=yesterday", file);

        assertThat(parent.status()).isEqualTo(400);
        assertThat(parent.body()).contains("parents").contains("HEAD^");
        assertThat(time.status()).isEqualTo(400);
        assertThat(time.body()).contains("commitTime");
        assertThat(jdbc.sql("select count(*) from project where name = 'jmh-malformed'").query(Integer.class).single())
            .isZero();
    }

    @Test
    void uploadWhenSampleModeStoresIterationMeansAndTheHistogram() {
        ObjectNode element = Runs.json.createObjectNode();
        element.put("benchmark", "demo.Bench.sampled");
        element.put("mode", "sample");
        element.put("threads", 1);
        ObjectNode primary = element.putObject("primaryMetric");
        primary.put("score", 15.0);
        primary.put("scoreError", "NaN");
        primary.put("scoreUnit", "us/op");
        primary.set("rawDataHistogram", Runs.json.readTree("[[[[10.0, 1], [20.0, 1]], [[15.0, 4]]]]"));
        ObjectNode run = Runs.run("sampled", Runs.sha(7), Runs.json.createArrayNode().add(element));

        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        String samples = jdbc.sql("""
                select samples_json(r.samples) from result r join run on run.id = r.run_id
                join project p on p.id = run.project_id where p.name = 'sampled'
                """).query(String.class).single();
        assertThat(samples).as("stored as float8[] and rendered as JSON numbers").isEqualTo("[[15,15]]");
    }

    @Test
    void uploadWhenBodyOverTheLimitAnswers413() {
        byte[] body = new byte[33 * 1024 * 1024];
        java.util.Arrays.fill(body, (byte) ' ');

        Api.Response response = Api.at(port)
            .send(java.net.http.HttpRequest.newBuilder(Api.at(port).uri("/api/v1/runs"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + Api.ADMIN_TOKEN)
                .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)));

        assertThat(response.status()).isEqualTo(413);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    private int resultCount(String project) {
        return jdbc.sql("""
                select count(*) from result r join run on run.id = r.run_id
                join project p on p.id = run.project_id where p.name = :project
                """).param("project", project).query(Integer.class).single();
    }
}
