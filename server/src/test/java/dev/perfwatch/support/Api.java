package dev.perfwatch.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small HTTP client for tests: real requests to the server under test, on loopback. */
public final class Api {

    public static final String ADMIN_TOKEN = "test-admin-token";

    private static final HttpClient client = HttpClient.newHttpClient();

    private static final JsonMapper json = JsonMapper.builder().build();

    private final String base;

    private Api(String base) {
        this.base = base;
    }

    public static Api at(int port) {
        return new Api("http://127.0.0.1:" + port);
    }

    public Response postJson(String path, String body) {
        return send(HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + ADMIN_TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Response postJson(String path, String body, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return send(request);
    }

    public Response get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    public Response get(String path, String accept) {
        return send(HttpRequest.newBuilder(uri(path)).header("Accept", accept).GET());
    }

    public Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = client.send(request.build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Response(response.statusCode(), response.body(),
                    response.headers().firstValue("Content-Type").orElse(""));
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    public URI uri(String path) {
        return URI.create(base + path);
    }

    /** A response, its body parsed on demand. */
    public record Response(int status, String body, String contentType) {

        public JsonNode json() {
            return Api.json.readTree(body);
        }
    }
}
