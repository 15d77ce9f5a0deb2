package dev.perfwatch.runner.importer;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/** The HTTP calls of an import: reads from the source, writes to perfwatch with its token. */
final class Http {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    // HTTP/1.1: both ends are plain HTTP servers; an h2c upgrade attempt only costs a round trip.
    private final HttpClient client = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(20))
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();

    private final String token;

    /** @param token sent as a bearer token to perfwatch; null for reads from the source */
    Http(String token) {
        this.token = token;
    }

    /** An answer; a status the caller did not expect is an {@link ImportException} naming the URL and the body. */
    record Response(int status, String body, String header) {
    }

    String get(String url) {
        Response response = send(HttpRequest.newBuilder(URI.create(url)).GET(), null);
        if (response.status() != 200) {
            throw new ImportException("GET " + url + " answered " + response.status() + ": " + excerpt(response.body()));
        }
        return response.body();
    }

    /** A GET whose every answer is the caller's to read (a 404 says the thing is not there). */
    Response getAnswer(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).GET(), null);
    }

    Response postForm(String url, Map<String, String> fields, String header) {
        String body = fields.entrySet()
            .stream()
            .map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body)), header);
    }

    Response postJson(String url, String json) {
        return send(HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)), null);
    }

    private Response send(HttpRequest.Builder request, String header) {
        request.timeout(TIMEOUT);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpRequest built = request.build();
        try {
            HttpResponse<String> response = client.send(built, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            // A saturated perfwatch answers 503 with Retry-After: wait as asked and try again (a few times).
            for (int retry = 0; retry < 5 && (response.statusCode() == 503 || response.statusCode() == 429); retry++) {
                java.util.Optional<String> after = response.headers().firstValue("Retry-After")
                    .filter(value -> value.strip().matches("\\d{1,4}"));
                if (after.isEmpty()) {
                    break;
                }
                Thread.sleep(Math.min(120, Long.parseLong(after.get().strip())) * 1000);
                response = client.send(built, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            }
            return new Response(response.statusCode(), response.body(),
                    header == null ? null : response.headers().firstValue(header).orElse(null));
        }
        catch (IOException ex) {
            throw new ImportException(built.method() + " " + built.uri() + " failed: " + ex.getMessage());
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new ImportException(built.method() + " " + built.uri() + " was interrupted");
        }
    }

    static String excerpt(String body) {
        String text = body == null ? "" : body.strip();
        return text.length() > 500 ? text.substring(0, 500) + "..." : text;
    }

    /** A base URL without its trailing slash, so that paths can be appended. */
    static String base(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
