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
 * unfinished (the grace is an hour); the queue waits 2 s.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "perfwatch.db.data-dir=target/test-data/${random.uuid}",
                "perfwatch.security.admin-token=" + Api.ADMIN_TOKEN, "perfwatch.pipeline.enabled=false",
                "perfwatch.api.max-concurrent-writes=1", "perfwatch.api.write-queue-timeout=2s",
                "perfwatch.api.body-grace=1h" })
class HeldSlotTest {

    @LocalServerPort
    int port;

    /**
     * Before, the post queued for the slot and was answered 503 after 2 s: it would have held the slot had one been
     * free.
     */
    @Test
    void anUnknownUploadSecretIsRefusedWithoutASlot() throws Exception {
        try (Socket held = RawHttp.startedPost(port, "/result/add/", RawHttp.TOKEN, RawHttp.FORM, "project=x&")) {
            RawHttp.awaitSlotHeld(port);
            try (Socket unknown = RawHttp.startedPost(port, "/codespeed/cs_unknown/result/add/json/", "",
                    RawHttp.FORM, "json=%5B")) {
                assertThat(RawHttp.head(unknown)).startsWith("HTTP/1.1 403").contains("text/plain");
            }
        }
    }
}
