package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON over loopback HTTP to the server under test, with a token. */
final class Http {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private static final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;

    private final String token;

    Http(String base, String token) {
        this.base = base;
        this.token = token;
    }

    Response get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    Response post(String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** The body of a 2xx answer as JSON; anything else fails the test with the server's words. */
    JsonNode ok(Response response) {
        if (response.status() / 100 != 2) {
            throw new AssertionError("HTTP " + response.status() + ": " + response.body());
        }
        return response.json();
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = client.send(request.header("Authorization", "Bearer " + token)
                .timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body());
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    record Response(int status, String body) {

        JsonNode json() {
            return JSON.readTree(body);
        }
    }
}
