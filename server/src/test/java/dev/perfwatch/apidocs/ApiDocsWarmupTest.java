package dev.perfwatch.apidocs;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springdoc.core.service.OpenAPIService;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** The OpenAPI document is built once after start, so the first caller is served the cached one. */
@ServerTest
class ApiDocsWarmupTest {

    @LocalServerPort
    int port;

    @Autowired
    ApiDocsWarmup warmup;

    @Autowired
    OpenAPIService openApi;

    @Test
    void apiDocsWhenTheServerIsReadyAreBuiltAheadAndServedFromTheCache() throws Exception {
        Duration took = warmup.built().get(2, TimeUnit.MINUTES);

        assertThat(took).as("the background build ran and answered 200").isNotNull().isPositive();
        assertThat(openApi.getCachedOpenAPI(Locale.getDefault())).as("cached before anyone asked").isNotNull();
        Api.Response docs = Api.at(port).get("/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.json().get("paths").propertyNames()).contains("/api/v1/runs", "/api/v1/series/{id}/points");
    }
}
