package dev.perfwatch.system;

import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pool cannot deadlock and overload is answered, not hung. A pool of two connections with eight writes let in at
 * once: before issue 14 every upload held its connection while the alert summary refresh waited for a second one,
 * so sixteen concurrent uploads all waited for the connection timeout and failed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "perfwatch.db.data-dir=target/test-data/${random.uuid}",
                "perfwatch.security.admin-token=" + Api.ADMIN_TOKEN, "perfwatch.pipeline.enabled=false",
                "perfwatch.db.pool-size=2", "perfwatch.db.connection-timeout=3s",
                "perfwatch.api.max-concurrent-writes=8", "perfwatch.api.write-queue-timeout=5s" })
class OverloadTest {

    @LocalServerPort
    int port;

    @Test
    void uploadWhenMoreConcurrentThanConnectionsStoresEveryRun() throws Exception {
        Api api = Api.at(port);
        List<Callable<Integer>> uploads = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            String body = Runs.run("overload", Runs.sha(700 + i), Runs.thrpt("demo.Overload.m", 100 + i)).toString();
            uploads.add(() -> api.postJson("/api/v1/runs", body).status());
        }
        List<Integer> statuses = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            for (Future<Integer> status : pool.invokeAll(uploads)) {
                statuses.add(status.get());
            }
        }
        finally {
            pool.shutdownNow();
        }

        assertThat(statuses).containsOnly(201);
    }

    @Test
    void uploadWhenEveryWriteSlotIsTakenAnswers503WithRetryAfter() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            // Eight uploads that never finish sending their body hold every write slot.
            for (int i = 0; i < 8; i++) {
                slow.add(RawHttp.startedPost(port, "/api/v1/runs", RawHttp.TOKEN));
            }
            String answer = "";
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!answer.startsWith("HTTP/1.1 503") && System.nanoTime() < deadline) {
                answer = RawHttp.post(port, "/api/v1/runs", RawHttp.TOKEN);
            }

            assertThat(answer).startsWith("HTTP/1.1 503").containsIgnoringCase("Retry-After: 2")
                .contains("application/problem+json");
        }
        finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    /**
     * Without any credential, eight bodies sent slowly to the GitHub webhook, whose signature is checked only once the
     * body is read, held every write slot: every upload with a valid token was answered 503 for as long as the
     * connections stayed open. Such writes now wait for slots of their own.
     */
    @Test
    void slowBodiesWithoutCredentialsLeaveTheUploadersTheirSlots() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                slow.add(RawHttp.startedPost(port, "/api/v1/github/webhook",
                        "X-GitHub-Event: ping\r\nX-GitHub-Delivery: d" + i + "\r\n"));
            }

            // They are being served: a webhook delivery waits for a slot and is turned away (each takes 5 s).
            String probe = "";
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!probe.startsWith("HTTP/1.1 503") && System.nanoTime() < deadline) {
                probe = RawHttp.post(port, "/api/v1/github/webhook",
                        "X-GitHub-Event: ping\r\nX-GitHub-Delivery: probe\r\n");
            }
            assertThat(probe).startsWith("HTTP/1.1 503");

            // The token's upload is read and refused as an empty run, not turned away as if the server were full.
            assertThat(RawHttp.post(port, "/api/v1/runs", RawHttp.TOKEN)).startsWith("HTTP/1.1 400");
        }
        finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }
}
