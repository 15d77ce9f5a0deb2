package dev.perfwatch.system;

import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clients with a valid token that send their bodies a byte every few seconds held every write slot, and every other
 * upload was answered 503 for as long as they kept going. A slot's body must keep a pace once its grace is over;
 * here the grace is none and the pace a gigabyte a second, so a body that is not whole at its first read is behind
 * (a body that arrives whole is never refused: the probe's two bytes come in one read).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "perfwatch.db.data-dir=target/test-data/${random.uuid}",
                "perfwatch.security.admin-token=" + Api.ADMIN_TOKEN, "perfwatch.pipeline.enabled=false",
                "perfwatch.api.max-concurrent-writes=2", "perfwatch.api.write-queue-timeout=5s",
                "perfwatch.api.body-grace=0s", "perfwatch.api.body-min-rate=1GB" })
class SlowBodyTest {

    @LocalServerPort
    int port;

    @Test
    void slowBodiesWithAValidTokenAreAnswered408AndFreeTheirSlots() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            List<String> answers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                // Without the pace the server waits for the other 999 bytes: the test fails on the read, not hangs.
                Socket socket = RawHttp.startedPost(port, "/api/v1/runs", RawHttp.TOKEN);
                slow.add(socket);
                answers.add(RawHttp.head(socket));
            }

            assertThat(answers).allSatisfy(answer -> assertThat(answer).startsWith("HTTP/1.1 408")
                .containsIgnoringCase("Connection: close").contains("application/problem+json"));
            // More slow bodies than slots were served and let go: an upload is read (an empty run, 400), not 503.
            assertThat(RawHttp.post(port, "/api/v1/runs", RawHttp.TOKEN)).startsWith("HTTP/1.1 400");
        }
        finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    /**
     * Codespeed's form posts were read by the container when the controller first asked for a field, behind the
     * pace's back: three such bodies, started and never finished, each held a slot for the server's read timeout
     * (the test failed on its 20-second read). So did a form-typed post to the webhook, which needs no credential.
     */
    @Test
    void slowCodespeedFormsAreAnswered408AndFreeTheirSlots() throws Exception {
        Api.Response secret = Api.at(port).postJson("/api/v1/codespeed/upload-secrets", "{\"project\": \"slow-form\"}");
        assertThat(secret.status()).as(secret.body()).isEqualTo(201);
        String uploadUrl = secret.json().get("path").asString();
        List<Socket> slow = new ArrayList<>();
        try {
            List<String> answers = new ArrayList<>();
            for (String path : List.of("/result/add/json/", "/result/add/", uploadUrl + "result/add/json/",
                    uploadUrl + "result/add/")) {
                Socket socket = RawHttp.startedPost(port, path, RawHttp.TOKEN, RawHttp.FORM, "json=%5B");
                slow.add(socket);
                answers.add(path + " " + RawHttp.head(socket));
            }
            Socket webhook = RawHttp.startedPost(port, "/api/v1/github/webhook", "", RawHttp.FORM, "payload=%7B");
            slow.add(webhook);
            answers.add("webhook " + RawHttp.head(webhook));

            assertThat(answers).allSatisfy(answer -> assertThat(answer).contains(" HTTP/1.1 408")
                .containsIgnoringCase("Connection: close").contains("application/problem+json"));
            // A form that arrives whole is read and answered (its json field is not JSON), not refused.
            assertThat(RawHttp.post(port, "/result/add/json/", RawHttp.TOKEN, RawHttp.FORM, "json=%5B"))
                .startsWith("HTTP/1.1 400").contains("text/plain");
            assertThat(RawHttp.post(port, uploadUrl + "result/add/", "", RawHttp.FORM, "project=slow-form"))
                .startsWith("HTTP/1.1 400").contains("text/plain");
        }
        finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }
}
