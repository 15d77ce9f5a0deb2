package dev.perfwatch.codespeed;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import tools.jackson.databind.JsonNode;

import dev.perfwatch.support.Api;

/** Talks to the Codespeed endpoints as Codespeed clients do: urlencoded form posts, query strings, HTTP Basic. */
final class CodespeedClient {

    static final String BASIC = "Basic " + Base64.getEncoder()
        .encodeToString(("codespeed:" + Api.ADMIN_TOKEN).getBytes(StandardCharsets.UTF_8));

    private final Api api;

    CodespeedClient(int port) {
        this.api = Api.at(port);
    }

    /** A form post as Python's {@code urllib.urlencode} + {@code urlopen(url, data)} sends it. */
    Api.Response post(String path, Map<String, ?> fields, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.uri(path))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(urlencode(fields)));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return api.send(request);
    }

    Api.Response post(String path, Map<String, ?> fields) {
        return post(path, fields, BASIC);
    }

    /** {@code /result/add/json/} with the results as the {@code json} field. */
    Api.Response postJson(String results) {
        return post("/result/add/json/", Map.of("json", results));
    }

    Api.Response get(String path, Map<String, ?> query) {
        return api.get(path + "?" + urlencode(query));
    }

    JsonNode createEnvironment(long id, String name, String hostClass) {
        return created("/api/v1/codespeed/environments",
                "{\"id\": %d, \"name\": \"%s\", \"hostClass\": \"%s\"}".formatted(id, name, hostClass));
    }

    JsonNode createExecutable(long id, String project, String name, String defaultBranch) {
        return created("/api/v1/codespeed/executables", """
                {"id": %d, "project": "%s", "name": "%s", "defaultBranch": "%s"}""".formatted(id, project, name,
                defaultBranch));
    }

    JsonNode createBenchmark(String body) {
        return created("/api/v1/codespeed/benchmarks", body);
    }

    private JsonNode created(String path, String body) {
        Api.Response response = api.postJson(path, body);
        if (response.status() != 200) {
            throw new IllegalStateException(path + " answered " + response.status() + ": " + response.body());
        }
        return response.json();
    }

    static String urlencode(Map<String, ?> fields) {
        return fields.entrySet()
            .stream()
            .map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(String.valueOf(field.getValue()), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
    }

    /** Codespeed's own test data for /result/add/ (codespeed/tests/test_views.py), in its key order. */
    static Map<String, Object> codespeedSample(String project, String benchmark, String environment) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("commitid", "23");
        data.put("branch", "default");
        data.put("project", project);
        data.put("executable", "myexe O3 64bits");
        data.put("benchmark", benchmark);
        data.put("environment", environment);
        data.put("result_value", 456);
        return data;
    }

    static List<String> mandatory() {
        return ResultItem.MANDATORY;
    }
}
