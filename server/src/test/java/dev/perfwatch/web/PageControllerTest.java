package dev.perfwatch.web;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

@ServerTest
class PageControllerTest {

    @LocalServerPort
    int port;

    @ParameterizedTest
    @ValueSource(strings = { "/timeline/?ben=serializerHeavyString&env=2&revs=200", "/timeline", "/changes/?rev=abc",
            "/comparison?project=flink&base=abc1234&head=def5678", "/alerts", "/requests", "/runners", "/grid", "/", "/home" })
    void pageWhenPathOpenedAnswersTheUiShell(String path) {
        Api.Response page = Api.at(port).get(path, "text/html");

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.body()).contains("<script type=\"module\" src=\"/js/app.js\">");
    }
}
