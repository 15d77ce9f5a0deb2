package dev.perfwatch.ingest;

import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** Every malformed run is refused with a problem naming the first bad field, and nothing of it is stored. */
@ServerTest
class MalformedRunTest {

    private static final String PROJECT = "malformed";

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("body not JSON", "{\"id\": ", "body"),
                Arguments.of("body a JSON array", "[]", "body"),
                Arguments.of("id not a uuid", valid().put("id", "run-1").toString(), "id"),
                Arguments.of("id missing", without(valid(), "id"), "id"),
                Arguments.of("project missing", without(valid(), "project"), "project"),
                Arguments.of("project with spaces", valid().put("project", "my project").toString(), "project"),
                Arguments.of("sha not hex", with(valid(), r -> ((ObjectNode) r.get("commit")).put("sha", "zzzzzzzz")),
                        "commit.sha"),
                Arguments.of("parent not hex",
                        with(valid(), r -> ((ObjectNode) r.get("commit")).putArray("parents").add("nope")),
                        "commit.parents[0]"),
                Arguments.of("commit time not a time",
                        with(valid(), r -> ((ObjectNode) r.get("commit")).put("time", "yesterday")), "commit.time"),
                Arguments.of("host class missing", with(valid(), r -> ((ObjectNode) r.get("host")).remove("hostClass")),
                        "host.hostClass"),
                // "4-core-" became an environment of its own beside "4-core", splitting the host class's series
                Arguments.of("host class ending in a dash",
                        with(valid(), r -> ((ObjectNode) r.get("host")).put("hostClass", "4-core-")), "host.hostClass"),
                Arguments.of("cores zero", with(valid(), r -> ((ObjectNode) r.get("host")).put("cores", 0)),
                        "host.cores"),
                Arguments.of("jmh missing", without(valid(), "jmh"), "jmh"),
                Arguments.of("jmh empty array", with(valid(), r -> r.putArray("jmh")), "jmh"),
                Arguments.of("jmh an object", with(valid(), r -> r.putObject("jmh")), "jmh"),
                Arguments.of("unknown mode", withJmh(1, e -> e.put("mode", "fast")), "jmh[1].mode"),
                Arguments.of("benchmark missing", withJmh(0, e -> e.remove("benchmark")), "jmh[0].benchmark"),
                Arguments.of("primary metric missing", withJmh(1, e -> e.remove("primaryMetric")),
                        "jmh[1].primaryMetric"),
                Arguments.of("score missing", withJmh(1, e -> ((ObjectNode) e.get("primaryMetric")).remove("score")),
                        "jmh[1].primaryMetric.score"),
                Arguments.of("score a word", withJmh(0, e -> ((ObjectNode) e.get("primaryMetric")).put("score", "fast")),
                        "jmh[0].primaryMetric.score"),
                Arguments.of("unit missing",
                        withJmh(0, e -> ((ObjectNode) e.get("primaryMetric")).remove("scoreUnit")),
                        "jmh[0].primaryMetric.scoreUnit"),
                Arguments.of("non-numeric sample",
                        withJmh(1, e -> ((ArrayNode) e.get("primaryMetric").get("rawData").get(1)).set(2, "x")),
                        "jmh[1].primaryMetric.rawData[1][2]"),
                Arguments.of("raw data not nested",
                        withJmh(0, e -> ((ObjectNode) e.get("primaryMetric")).putArray("rawData").add(1.0)),
                        "jmh[0].primaryMetric.rawData[0]"),
                Arguments.of("threads zero", withJmh(0, e -> e.put("threads", 0)), "jmh[0].threads"),
                Arguments.of("params not an object", withJmh(0, e -> e.putArray("params")), "jmh[0].params"),
                Arguments.of("secondary metric without score",
                        withJmh(1, e -> ((ObjectNode) e.get("secondaryMetrics").get("gc.alloc.rate.norm"))
                            .remove("score")),
                        "jmh[1].secondaryMetrics.gc.alloc.rate.norm.score"),
                Arguments.of("case repeated", withJmh(1, e -> e.put("benchmark", "demo.Bench.first")), "jmh[1]"),
                Arguments.of("confidence of one number",
                        withJmh(0, e -> ((ObjectNode) e.get("primaryMetric")).putArray("scoreConfidence").add(1.0)),
                        "jmh[0].primaryMetric.scoreConfidence"),
                Arguments.of("metadata not an object", valid().put("metadata", "loaded").toString(), "metadata"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void uploadWhenMalformedAnswers400NamingTheFieldAndStoresNothing(String description, String body, String field) {
        Api.Response response = Api.at(port).postJson("/api/v1/runs", body);

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("field").asString()).isEqualTo(field);
        assertThat(response.json().get("detail").asString()).isNotBlank();
        assertThat(jdbc.sql("select count(*) from project where name = :name").param("name", PROJECT)
            .query(Integer.class).single()).as("nothing stored").isZero();
        assertThat(jdbc.sql("select count(*) from host where name = 'malformed-host'").query(Integer.class).single())
            .isZero();
    }

    /** A host class stored before new names had to end with a letter or digit keeps taking runs. */
    @Test
    void uploadWhenTheHostClassEndsInADashButIsInUseStoresTheRun() {
        jdbc.sql("insert into host (name, host_class) values ('legacy-host', 'legacy-class-')").update();
        ObjectNode run = Runs.run(UUID.randomUUID(), "legacy-dash", Runs.sha(98), java.util.List.of(), null,
                Runs.thrpt("demo.Bench.first", 100));
        ((ObjectNode) run.get("host")).put("name", "legacy-host").put("hostClass", "legacy-class-");

        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());

        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    /**
     * A runner registered on such a host class before the rule, which has not uploaded yet: its first run is stored
     * (a runner keeps a refused run and sends it again for ever).
     */
    @Test
    void uploadWhenTheHostClassEndsInADashAndOnlyARunnerHasItStoresTheRun() {
        jdbc.sql("insert into runner (id, name, host_class) values (gen_random_uuid(), 'legacy-runner', 'runner-class-')")
            .update();
        ObjectNode run = Runs.run(UUID.randomUUID(), "legacy-runner-dash", Runs.sha(97), java.util.List.of(), null,
                Runs.thrpt("demo.Bench.first", 100));
        ((ObjectNode) run.get("host")).put("name", "legacy-runner-host").put("hostClass", "runner-class-");

        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());

        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    /** Two benchmarks, each with a secondary metric: every case above breaks exactly one thing in it. */
    private static ObjectNode valid() {
        ArrayNode jmh = Runs.thrpt("demo.Bench.first", 100);
        jmh.add(Runs.thrpt("demo.Bench.second", 200).get(0));
        ObjectNode run = Runs.run(UUID.randomUUID(), PROJECT, Runs.sha(99), java.util.List.of(), null, jmh);
        ((ObjectNode) run.get("host")).put("name", "malformed-host");
        return run;
    }

    private static String without(ObjectNode run, String field) {
        run.remove(field);
        return run.toString();
    }

    private static String with(ObjectNode run, java.util.function.Consumer<ObjectNode> change) {
        change.accept(run);
        return run.toString();
    }

    private static String withJmh(int index, java.util.function.Consumer<ObjectNode> change) {
        ObjectNode run = valid();
        change.accept((ObjectNode) run.get("jmh").get(index));
        return run.toString();
    }
}
