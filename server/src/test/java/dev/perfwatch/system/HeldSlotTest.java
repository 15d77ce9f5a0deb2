package dev.perfwatch.system;

import java.io.IOException;
import java.net.Socket;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Codespeed upload URL's secret is in its path, so a post with an unknown one is refused before it takes a write
 * slot: a body dripped to such a URL never holds one. Here the only slot is held by an upload whose body stays
 * unfinished (the grace is an hour), and the queue does not wait.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "perfwatch.db.data-dir=target/test-data/${random.uuid}",
                "perfwatch.security.admin-token=" + Api.ADMIN_TOKEN, "perfwatch.pipeline.enabled=false",
                "perfwatch.api.max-concurrent-writes=1", "perfwatch.api.write-queue-timeout=0s",
                "perfwatch.api.body-grace=1h" })
class HeldSlotTest {

    @LocalServerPort
    int port;

    /** Before, the post waited for the slot and was answered 503: it would have held the slot had one been free. */
    @Test
    void anUnknownUploadSecretIsRefusedWithoutASlot() throws Exception {
        try (Socket held = RawHttp.startedPost(port, "/result/add/", RawHttp.TOKEN, RawHttp.FORM, "project=x&")) {
            awaitSlotHeld();
            try (Socket unknown = RawHttp.startedPost(port, "/codespeed/cs_unknown/result/add/json/", "",
                    RawHttp.FORM, "json=%5B")) {
                assertThat(RawHttp.head(unknown)).startsWith("HTTP/1.1 403").contains("text/plain");
            }
        }
    }

    /** Whole posts until one is answered 503: the unfinished body has its slot (no sleeping, a few probes). */
    private void awaitSlotHeld() throws IOException {
        for (int probe = 0; probe < 1000; probe++) {
            String answer = RawHttp.post(port, "/api/v1/runs", RawHttp.TOKEN);
            if (answer.startsWith("HTTP/1.1 503")) {
                return;
            }
            assertThat(answer).startsWith("HTTP/1.1 400");
        }
        throw new AssertionError("the unfinished body never held the slot");
    }
}
