package dev.perfwatch.codespeed;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@ServerTest
class ResultAddTest {

    /** JMH's {@code -rf csv} output of three Flink benchmarks, one with a parameter, as save_jmh_result.py reads it. */
    static final String JMH_CSV = """
            "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: stringLength"
            "org.apache.flink.benchmark.SerializationFrameworkMiniBenchmarks.serializerHeavyString","thrpt",1,30,334.512345,12.345678,"ops/ms",
            "org.apache.flink.benchmark.StringSerializationBenchmark.stringWrite","avgt",1,30,0.812500,0.0125,"us/op",128
            "org.apache.flink.benchmark.StateBackendBenchmark.stateBackends","ss",1,30,19.25,NaN,"ms/op",
            """;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    CodespeedStore store;

    CodespeedClient codespeed() {
        return new CodespeedClient(port);
    }

    @Test
    void addJsonWhenPostedAsFlinkUploaderStoresOneRunWithEveryBenchmark() {
        String results = FlinkUploader.results(JMH_CSV, "b8e7fc387dd-ffcdbb4-1647231150", "master", "Hetzner",
                "flink-upload", "Flink", "2024-03-14 02:11:09.123456");

        Api.Response response = codespeed().postJson(results);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.body()).isEqualTo("All result data saved successfully");
        assertThat(response.contentType()).startsWith("text/plain");
        List<Map<String, Object>> stored = jdbc.sql("""
                select b.name as benchmark, c.mode, m.unit, m.direction, r.score, r.error, e.host_class, e.vm_name,
                       to_char(cm.time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as time, cr.commitid,
                       cm.message
                from result r
                join series s on s.id = r.series_id
                join project p on p.id = s.project_id
                join benchmark_case c on c.id = s.case_id
                join benchmark b on b.id = c.benchmark_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                join commit cm on cm.id = r.commit_id
                join codespeed_revision cr on cr.commit_id = cm.id
                where p.name = 'flink-upload'
                order by b.name
                """).query().listOfRows();
        assertThat(stored).hasSize(3);
        assertThat(stored).extracting(row -> row.get("benchmark"))
            .containsExactly("serializerHeavyString", "stateBackends", "stringWrite.128");
        assertThat(stored).extracting(row -> row.get("mode") + " " + row.get("unit") + " " + row.get("direction"))
            .containsExactly("thrpt ops/ms higher", "avgt ms/op lower", "avgt us/op lower");
        assertThat((Double) stored.get(0).get("score")).isEqualTo(334.512345);
        assertThat((Double) stored.get(0).get("error")).isEqualTo(12.345678);
        assertThat(stored.get(1).get("error")).as("JMH's NaN error is no error").isNull();
        assertThat(stored).allSatisfy(row -> {
            assertThat(row.get("host_class")).isEqualTo("Hetzner");
            assertThat(row.get("vm_name")).isEqualTo("Flink");
            assertThat(row.get("commitid")).isEqualTo("b8e7fc387dd-ffcdbb4-1647231150");
            assertThat(row.get("message")).as("alerts and pages name the revision, not the sha made from it")
                .isEqualTo("Codespeed revision b8e7fc387dd-ffcdbb4-1647231150");
            assertThat(row.get("time")).isEqualTo("2024-03-14 02:11:09.123456");
        });
        assertThat(runs("flink-upload")).isEqualTo(1);
    }

    @Test
    void addJsonWhenPostedTwiceStoresNothingTwice() {
        String results = FlinkUploader.results(JMH_CSV, "0123456789abcdef0123456789abcdef01234567", "master",
                "Hetzner", "flink-retry", "Flink", "2024-03-15 02:11:09.5");

        Api.Response first = codespeed().postJson(results);
        Api.Response second = codespeed().postJson(results);

        assertThat(first.status()).as(first.body()).isEqualTo(202);
        assertThat(second.status()).as(second.body()).isEqualTo(202);
        assertThat(runs("flink-retry")).isEqualTo(1);
        assertThat(results("flink-retry")).isEqualTo(3);
    }

    @Test
    void addJsonWhenAnItemIsInvalidStoresNoneOfThePost() {
        String results = """
                [{"commitid": "123", "project": "atomic", "branch": "default", "executable": "pypy-c",
                  "benchmark": "atomicRichards", "environment": "bigdog", "result_value": 456},
                 {"commitid": "456", "project": "atomic", "branch": "default", "executable": "pypy-c",
                  "benchmark": "atomicRichards", "environment": "bigdog", "result_value": 457},
                 {"commitid": "456", "project": "atomic", "branch": "default", "executable": "pypy-c",
                  "benchmark": "atomicRichards2", "environment": "bigdog", "result_value": "fast"}]""";

        Api.Response response = codespeed().postJson(results);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("Value for key \"result_value\" must be a number, not \"fast\"");
        assertThat(runs("atomic")).isZero();
    }

    @Test
    void addJsonWhenALaterRevisionCannotBeStoredStoresNoneOfThePost() {
        List<Map<String, Object>> data = laterRevisionUnstorable("atomic-groups", "atomicGroupsFloat", "Dual Core");

        Api.Response response = codespeed().postJson(json(data));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).contains("branch");
        assertThat(runs("atomic-groups")).as("the first revision was stored, then rolled back").isZero();
    }

    /**
     * The vocabulary a post finds or makes is kept in process (CodespeedIds) once its transaction commits, never
     * before: a rolled-back post made rows that are gone, and the next post must make them again. Keeping them at
     * once (checked by moving the keep before the commit) fails here: the second post takes the environment and
     * benchmark from memory and stores no row for them.
     */
    @Test
    void addJsonAfterAPostRolledBackMakesItsVocabularyAgainAndKeepsItOnceCommitted() {
        List<Map<String, Object>> data = laterRevisionUnstorable("rolled-back", "rolledBackFloat", "Rolled Core");
        assertThat(codespeed().postJson(json(data)).status()).isEqualTo(400);
        assertThat(store.ids().environments).doesNotContainKey("Rolled Core");
        assertThat(store.ids().benchmarks).doesNotContainKey("rolledBackFloat");

        Api.Response response = codespeed().postJson(json(data.subList(0, 1)));

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(jdbc.sql("""
                select count(*) from codespeed_environment e, codespeed_benchmark b, codespeed_executable x, project p
                where e.name = 'Rolled Core' and b.name = 'rolledBackFloat' and x.name = 'myexe O3 64bits'
                  and x.project_id = p.id and p.name = 'rolled-back'
                """).query(Long.class).single()).isEqualTo(1);
        assertThat(runs("rolled-back")).isEqualTo(1);
        assertThat(store.ids().environments.get("Rolled Core").hostClass()).isEqualTo("Rolled-Core");
        assertThat(store.ids().benchmarks).containsKey("rolledBackFloat");
        assertThat(store.ids().projects).containsKey("rolled-back");

        data.get(0).put("commitid", "25");
        assertThat(codespeed().postJson(json(data.subList(0, 1))).status()).isEqualTo(202);
        assertThat(runs("rolled-back")).as("a post whose vocabulary is kept stores as before").isEqualTo(2);
    }

    @Test
    void addWhenCodespeedSampleFormStoresResultUnderSluggedNames() {
        Api.Response response = codespeed().post("/result/add/",
                CodespeedClient.codespeedSample("My Project", "sampleFloat", "Dual Core"));

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.body()).isEqualTo("Result data saved successfully");
        Map<String, Object> stored = jdbc.sql("""
                select m.unit, m.direction, c.mode, e.host_class, e.vm_name, r.score, r.error, cr.commitid
                from result r
                join series s on s.id = r.series_id
                join project p on p.id = s.project_id
                join benchmark_case c on c.id = s.case_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                join codespeed_revision cr on cr.commit_id = r.commit_id
                where p.name = 'My-Project'
                """).query().singleRow();
        assertThat(stored).containsEntry("unit", "seconds")
            .containsEntry("direction", "lower")
            .containsEntry("mode", "avgt")
            .containsEntry("host_class", "Dual-Core")
            .containsEntry("vm_name", "myexe O3 64bits")
            .containsEntry("commitid", "23")
            .containsEntry("error", null);
        assertThat((Double) stored.get("score")).isEqualTo(456.0);
    }

    @Test
    void addWhenOptionalFieldsGivenKeepsThemForTheTimeline() {
        Map<String, Object> data = CodespeedClient.codespeedSample("optional-fields", "optionalFloat", "Dual Core");
        data.put("revision_date", "2011-04-13 17:04:22");
        data.put("result_date", "2011-04-13 17:06:22");
        data.put("std_dev", 1.11111);
        data.put("max", 2);
        data.put("min", 1.0);
        data.put("units", "ms");
        data.put("lessisbetter", "False");

        Api.Response response = codespeed().post("/result/add/", data);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        Map<String, Object> stored = jdbc.sql("""
                select r.error, m.unit, m.direction, cast(run.metadata as text) as metadata, to_char(c.time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as time
                from result r join run on run.id = r.run_id join project p on p.id = run.project_id
                join series s on s.id = r.series_id join metric m on m.id = s.metric_id
                join commit c on c.id = r.commit_id
                where p.name = 'optional-fields'
                """).query().singleRow();
        assertThat((Double) stored.get("error")).isCloseTo(1.11111, within(1e-12));
        assertThat(stored).containsEntry("unit", "ms").containsEntry("direction", "higher");
        assertThat(stored.get("time")).isEqualTo("2011-04-13 17:04:22");
        assertThat(stored.get("metadata").toString()).contains("\"min\": 1.0", "\"max\": 2.0",
                "\"result_date\": \"2011-04-13T17:06:22Z\"");
    }

    static List<String> mandatoryKeys() {
        return CodespeedClient.mandatory();
    }

    @ParameterizedTest
    @MethodSource("mandatoryKeys")
    void addWhenKeyMissingRefusesWithCodespeedWords(String key) {
        Map<String, Object> data = CodespeedClient.codespeedSample("missing-keys", "missingFloat", "Dual Core");
        data.remove(key);

        Api.Response response = codespeed().post("/result/add/", data);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("Key \"" + key + "\" missing from request");
        assertThat(response.contentType()).startsWith("text/plain");
    }

    @ParameterizedTest
    @MethodSource("mandatoryKeys")
    void addWhenValueEmptyRefusesWithCodespeedWords(String key) {
        Map<String, Object> data = CodespeedClient.codespeedSample("empty-values", "emptyFloat", "Dual Core");
        data.put(key, "");

        Api.Response response = codespeed().post("/result/add/", data);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("Value for key \"" + key + "\" empty in request");
    }

    @ParameterizedTest
    @MethodSource("mandatoryKeys")
    void addJsonWhenThirdItemLacksKeyRefusesWithCodespeedWords(String key) {
        List<Map<String, Object>> data = List.of(
                CodespeedClient.codespeedSample("json-missing", "jsonRichards", "bigdog"),
                CodespeedClient.codespeedSample("json-missing", "jsonRichards", "bigdog"),
                CodespeedClient.codespeedSample("json-missing", "jsonRichards2", "bigdog"));
        data.get(2).remove(key);

        Api.Response response = codespeed().postJson(json(data));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("Key \"" + key + "\" missing from request");
        assertThat(runs("json-missing")).isZero();
    }

    @Test
    void addJsonWhenNoJsonFieldRefusesWithCodespeedWords() {
        Api.Response response = codespeed().post("/result/add/json/", Map.of("data", "[]"));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("No key 'json' in POST payload");
    }

    @Test
    void addJsonWhenArrayEmptyAcceptsIt() {
        Api.Response response = codespeed().postJson("[]");

        assertThat(response.status()).isEqualTo(202);
        assertThat(response.body()).isEqualTo("All result data saved successfully");
    }

    @Test
    void addJsonWhenJsonInvalidRefusesIt() {
        Api.Response response = codespeed().postJson("[{\"commitid\": ");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).startsWith("The value of key 'json' is not valid JSON");
    }

    @Test
    void addWhenRevisionDateInvalidRefusesWithDjangoWords() {
        Map<String, Object> data = CodespeedClient.codespeedSample("bad-date", "badDateFloat", "Dual Core");
        data.put("revision_date", "yesterday");

        Api.Response response = codespeed().post("/result/add/", data);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("{'date': [\"'yesterday' value has an invalid format. It must be in "
                + "YYYY-MM-DD HH:MM[:ss[.uuuuuu]][TZ] format.\"]}");
    }

    @Test
    void addWhenRevisionDateIsNoneUsesNow() {
        Map<String, Object> data = CodespeedClient.codespeedSample("none-date", "noneDateFloat", "Dual Core");
        data.put("revision_date", "None");

        Api.Response response = codespeed().post("/result/add/", data);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
    }

    @Test
    void addWhenCommitIdIsNoneRefusesWithCodespeedWords() {
        Map<String, Object> data = CodespeedClient.codespeedSample("none-commit", "noneCommitFloat", "Dual Core");
        data.put("commitid", "None");

        Api.Response response = codespeed().post("/result/add/", data);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("['Invalid commit id None']");
    }

    @Test
    void addWhenNoTokenAnswers401AndStoresNothing() {
        Api.Response response = codespeed().post("/result/add/",
                CodespeedClient.codespeedSample("no-token", "noTokenFloat", "Dual Core"), null);

        assertThat(response.status()).isEqualTo(401);
        assertThat(runs("no-token")).isZero();
    }

    @Test
    void addWhenBearerTokenStoresResult() {
        Api.Response response = codespeed().post("/result/add/",
                CodespeedClient.codespeedSample("bearer", "bearerFloat", "Dual Core"), "Bearer " + Api.ADMIN_TOKEN);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(runs("bearer")).isEqualTo(1);
    }

    @Test
    void addWhenGetAnswers405() {
        Api.Response response = Api.at(port).get("/result/add/json/");

        assertThat(response.status()).isEqualTo(405);
    }

    @Test
    void addJsonWhenSameBenchmarkTwiceForOneRevisionKeepsTheLast() {
        List<Map<String, Object>> data = List.of(
                CodespeedClient.codespeedSample("overwrite", "overwriteFloat", "Dual Core"),
                new LinkedHashMap<>(CodespeedClient.codespeedSample("overwrite", "overwriteFloat", "Dual Core")));
        data.get(1).put("result_value", 789);

        Api.Response response = codespeed().postJson(json(data));

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(jdbc.sql("""
                select r.score from result r join run on run.id = r.run_id join project p on p.id = run.project_id
                where p.name = 'overwrite'
                """).query(Double.class).list()).containsExactly(789.0);
    }

    private static String json(List<Map<String, Object>> data) {
        return dev.perfwatch.support.Runs.json.writeValueAsString(data);
    }

    private long runs(String project) {
        return jdbc.sql("select count(*) from run r join project p on p.id = r.project_id where p.name = :project")
            .param("project", project)
            .query(Long.class)
            .single();
    }

    private long results(String project) {
        return jdbc.sql("""
                select count(*) from result r join run on run.id = r.run_id join project p on p.id = run.project_id
                where p.name = :project
                """).param("project", project).query(Long.class).single();
    }

    /** Two results of a project, the second of revision 24 on a branch name too long to store (300 characters). */
    private static List<Map<String, Object>> laterRevisionUnstorable(String project, String benchmark,
            String environment) {
        List<Map<String, Object>> data = List.of(CodespeedClient.codespeedSample(project, benchmark, environment),
                CodespeedClient.codespeedSample(project, benchmark, environment));
        data.get(1).put("commitid", "24");
        data.get(1).put("branch", "b".repeat(300));
        return data;
    }
}
