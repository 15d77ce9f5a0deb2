package dev.perfwatch.notifications;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.springframework.stereotype.Component;

/** Posts JSON to a chat webhook or the GitHub API; anything but a 2xx answer is a failed delivery. */
@Component
class WebhookClient {

    private final HttpClient client;

    private final NotificationsProperties properties;

    WebhookClient(NotificationsProperties properties) {
        this.properties = properties;
        this.client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(properties.timeout())
            .build();
    }

    void postJson(String url, String json, Map<String, String> headers) {
        URI uri;
        try {
            uri = URI.create(url);
        }
        catch (IllegalArgumentException ex) {
            // The message would quote the URL, and a webhook URL is a secret.
            throw new DeliveryException("the configured URL is not valid");
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
            .timeout(properties.timeout())
            .header("Content-Type", "application/json; charset=utf-8")
            .header("User-Agent", "perfwatch")
            .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        headers.forEach(request::header);
        HttpResponse<String> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        }
        catch (IOException ex) {
            throw new DeliveryException(ex.toString(), ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new DeliveryException("interrupted", ex);
        }
        if (response.statusCode() / 100 != 2) {
            String body = response.body() == null ? "" : response.body();
            throw new DeliveryException("HTTP " + response.statusCode() + " "
                    + body.substring(0, Math.min(body.length(), 200)));
        }
    }
}
