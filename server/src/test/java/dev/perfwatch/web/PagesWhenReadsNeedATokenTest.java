package dev.perfwatch.web;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** Codespeed's page paths sit under API prefixes; with token-protected reads they still open the page, not data. */
@ServerTest
@TestPropertySource(properties = "perfwatch.security.read-requires-token=true")
class PagesWhenReadsNeedATokenTest {

    @LocalServerPort
    int port;

    @Test
    void codespeedPagePathWhenReadsNeedATokenAnswersTheShellButTheDataStaysClosed() {
        Api api = Api.at(port);

        assertThat(api.get("/timeline/", "text/html").status()).isEqualTo(200);
        assertThat(api.get("/changes/", "text/html").status()).isEqualTo(200);
        assertThat(api.get("/timeline/json/?ben=x&exe=1&env=1&revs=10").status()).isEqualTo(401);
        assertThat(api.get("/changes/table/?exe=1&env=1&tre=10&rev=abc").status()).isEqualTo(401);
        assertThat(api.get("/api/v1/changes?project=x").status()).isEqualTo(401);
    }
}
