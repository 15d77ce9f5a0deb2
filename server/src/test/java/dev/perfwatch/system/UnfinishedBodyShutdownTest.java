package dev.perfwatch.system;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.perfwatch.PerfwatchApplication;
import dev.perfwatch.support.Api;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Codespeed post whose body never ends, while the server shuts down gracefully: the body's read waits for bytes
 * that never come, so the post is not done when the shutdown's phase ends; then the connector stops, the post is
 * cut off unanswered (never a 2xx: nothing was read whole, so nothing was stored) and the server stops.
 */
class UnfinishedBodyShutdownTest {

    @Test
    void aPostWhoseBodyNeverEndsIsCutOffUnansweredWhenTheServerStops(@TempDir Path dir) throws Exception {
        ConfigurableApplicationContext server = new SpringApplicationBuilder(PerfwatchApplication.class).run(
                "--server.port=0", "--perfwatch.db.data-dir=" + dir, "--perfwatch.security.admin-token=" + Api.ADMIN_TOKEN,
                "--perfwatch.pipeline.enabled=false", "--perfwatch.api.max-concurrent-writes=1",
                "--perfwatch.api.write-queue-timeout=2s", "--perfwatch.api.body-grace=1h",
                "--spring.lifecycle.timeout-per-shutdown-phase=1s");
        int port = Integer.parseInt(server.getEnvironment().getProperty("local.server.port"));
        try (Socket post = RawHttp.startedPost(port, "/result/add/", RawHttp.TOKEN, RawHttp.FORM, "project=x&")) {
            RawHttp.awaitSlotHeld(port);
            long started = System.nanoTime();
            server.close();
            long closedMillis = (System.nanoTime() - started) / 1_000_000;
            String answer;
            try {
                answer = RawHttp.head(post);
            }
            catch (IOException ex) {
                answer = "reset: " + ex;
            }
            // The connection closed without a word: no status line at all, so certainly no 2xx.
            assertThat(answer).as("the post's answer once the server closed (in %d ms)", closedMillis).isEmpty();
        }
        finally {
            server.close();
        }
    }

}
