package dev.perfwatch.runner;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The perfwatch server as the runner sees it: the runner protocol ({@code /api/v1/runners}, {@code /api/v1/attempts})
 * and the ingest API. Network failures surface as {@link IOException}; HTTP answers as they are.
 */
final class ServerClient {

    static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;

    private final String token;

    ServerClient(String base, String token) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.token = token;
    }

    String base() {
        return base;
    }

    /** Registers (or re-registers) this runner; returns its id. */
    String register(ObjectNode registration) throws IOException {
        Answer answer = post("/api/v1/runners", JSON.writeValueAsBytes(registration));
        answer.expect(200);
        return answer.json().get("id").asText();
    }

    /** The next job for this runner, or empty when none waits. */
    Optional<JsonNode> lease(String runner) throws IOException {
        Answer answer = post("/api/v1/runners/" + runner + "/lease", new byte[0]);
        if (answer.status() == 204) {
            return Optional.empty();
        }
        answer.expect(200);
        return Optional.of(answer.json());
    }

    /** Renews the lease; true when the server wants the attempt stopped (cancelled, or the lease was lost). */
    boolean heartbeat(String attempt, ObjectNode progress, String logTail) throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.set("progress", progress);
        body.put("logTail", logTail);
        Answer answer = post("/api/v1/attempts/" + attempt + "/heartbeat", JSON.writeValueAsBytes(body));
        answer.expect(200);
        return answer.json().path("cancel").asBoolean(false);
    }

    JsonNode finish(String attempt, String outcome, String failure, String logTail) throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.put("outcome", outcome);
        body.put("failure", failure);
        body.put("logTail", logTail);
        Answer answer = post("/api/v1/attempts/" + attempt + "/finish", JSON.writeValueAsBytes(body));
        answer.expect(200);
        return answer.json();
    }

    /** Says this runner exits on purpose, and why: the server shows it stopped rather than offline. */
    void stopped(String runner, String reason) throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.put("reason", reason);
        post("/api/v1/runners/" + runner + "/stop", JSON.writeValueAsBytes(body)).expect(204);
    }

    /** Uploads a run; the status tells the spool what to do (200/201 delivered, 4xx refused, 5xx retry). */
    Answer uploadRun(byte[] body) throws IOException {
        return post("/api/v1/runs", body);
    }

    Answer post(String path, byte[] body) throws IOException {
        return send(HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + token)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    Answer get(String path) throws IOException {
        return send(HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(60))
            .header("Authorization", "Bearer " + token)
            .GET());
    }

    private Answer send(HttpRequest.Builder request) throws IOException {
        try {
            HttpResponse<String> response = http.send(request.build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Answer(response.statusCode(), response.body(),
                    retryAfter(response.headers().firstValue("Retry-After")));
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", ex);
        }
    }

    /** Retry-After in seconds (the form perfwatch sends); an HTTP date or garbage counts as absent. */
    static Optional<Duration> retryAfter(Optional<String> header) {
        return header.map(String::strip).filter(value -> value.matches("\\d{1,6}")).map(Long::parseLong)
            .map(Duration::ofSeconds);
    }

    /** An HTTP answer; {@code retryAfter} is how long a saturated server (503, 429) asked us to wait. */
    record Answer(int status, String body, Optional<Duration> retryAfter) {

        Answer(int status, String body) {
            this(status, body, Optional.empty());
        }

        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }

        void expect(int expected) throws IOException {
            if (status != expected) {
                throw new HttpException(status, body);
            }
        }
    }

    /** The server answered, but not as hoped: a 5xx is worth retrying, a 4xx is not. */
    static final class HttpException extends IOException {

        private final int status;

        HttpException(int status, String body) {
            super("HTTP " + status + ": " + (body.length() > 500 ? body.substring(0, 500) : body));
            this.status = status;
        }

        int status() {
            return status;
        }
    }
}
