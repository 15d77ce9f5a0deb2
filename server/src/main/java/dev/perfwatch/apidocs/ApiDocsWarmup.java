package dev.perfwatch.apidocs;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springdoc.core.properties.SpringDocConfigProperties;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Builds the OpenAPI document once in the background as soon as the server is ready, so that nobody waits for it:
 * springdoc builds it on the first request and caches it, and that first build took 17 s on a loaded 2-core machine
 * (docs/performance.md). It is one ordinary request to the server itself, after readiness, so it never delays the
 * health check, and the document it caches is the one the endpoint serves.
 */
@Component
class ApiDocsWarmup {

    private static final Logger log = LoggerFactory.getLogger(ApiDocsWarmup.class);

    private final String path;

    private final boolean enabled;

    private final CompletableFuture<Duration> built = new CompletableFuture<>();

    ApiDocsWarmup(ApiDocsProperties properties, SpringDocConfigProperties springdoc,
            @Value("${server.servlet.context-path:}") String contextPath) {
        this.enabled = properties.warmUp();
        this.path = contextPath + springdoc.getApiDocs().getPath();
    }

    @EventListener
    void onReady(ApplicationReadyEvent event) {
        if (!enabled || !(event.getApplicationContext() instanceof WebServerApplicationContext web)
                || web.getWebServer() == null) {
            built.complete(Duration.ZERO);
            return;
        }
        URI uri = URI.create("http://127.0.0.1:" + web.getWebServer().getPort() + path);
        Thread thread = new Thread(() -> build(uri), "api-docs-warmup");
        thread.setDaemon(true);
        thread.start();
    }

    private void build(URI uri) {
        long started = System.nanoTime();
        try {
            HttpResponse<Void> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri)
                .timeout(Duration.ofMinutes(2)).GET().build(), HttpResponse.BodyHandlers.discarding());
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            if (response.statusCode() == 200) {
                log.info("OpenAPI document built in {} ms", took.toMillis());
            }
            else {
                log.warn("OpenAPI document not built ahead: {} answered {}", uri, response.statusCode());
            }
            built.complete(took);
        }
        catch (IOException ex) {
            log.warn("OpenAPI document not built ahead: {}", ex.toString());
            built.complete(null);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            built.complete(null);
        }
    }

    /** Completes when the background build is over: with its time (zero when off), or null when it failed. */
    CompletableFuture<Duration> built() {
        return built;
    }
}
