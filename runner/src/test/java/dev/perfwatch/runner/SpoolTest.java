package dev.perfwatch.runner;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SpoolTest {

    @TempDir
    Path dir;

    HttpServer server;

    final List<String> received = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** A stub ingest API on loopback that answers the given statuses in turn, then 201. */
    private ServerClient stub(int... statuses) throws IOException {
        AtomicInteger call = new AtomicInteger();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/v1/runs", exchange -> {
            received.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            int n = call.getAndIncrement();
            int status = n < statuses.length ? statuses[n] : 201;
            byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
            if (status == 503) {
                exchange.getResponseHeaders().add("Retry-After", "1");
            }
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return new ServerClient("http://127.0.0.1:" + server.getAddress().getPort(), "t");
    }

    @Test
    void deliverWhenServerFailsFirstKeepsTheRunUntilItIsConfirmed() throws Exception {
        ServerClient client = stub(503, 500);
        Spool spool = new Spool(dir);
        spool.put("run-1", "{\"id\":\"run-1\"}".getBytes(StandardCharsets.UTF_8), false);

        boolean delivered = spool.deliver(client, Duration.ofSeconds(30), () -> false);

        assertThat(delivered).isTrue();
        assertThat(received).hasSize(3).allMatch(body -> body.equals("{\"id\":\"run-1\"}"));
        assertThat(spool.pending()).isEmpty();
    }

    @Test
    void deliverWhenServerUnreachableKeepsTheRunSpooled() throws Exception {
        ServerClient unreachable = new ServerClient("http://127.0.0.1:1", "t");
        Spool spool = new Spool(dir);
        spool.put("run-2", "{}".getBytes(StandardCharsets.UTF_8), true);

        boolean delivered = spool.deliver(unreachable, Duration.ofMillis(100), () -> false);

        assertThat(delivered).isFalse();
        assertThat(spool.pending()).extracting(p -> p.getFileName().toString()).containsExactly("run-2.json");
        assertThat(spool.deliveredAttempts()).as("not delivered, so not reported").isEmpty();
        assertThat(new Spool(dir).pending()).as("a restarted runner finds it").hasSize(1);
    }

    @Test
    void deliverWhenServerRefusesTheRunMovesItAsideWithTheReason() throws Exception {
        ServerClient client = stub(400);
        Spool spool = new Spool(dir);
        spool.put("run-3", "{}".getBytes(StandardCharsets.UTF_8), true);

        boolean delivered = spool.deliver(client, Duration.ofSeconds(5), () -> false);

        assertThat(delivered).isTrue();
        assertThat(spool.pending()).isEmpty();
        assertThat(dir.resolve("rejected/run-3.json")).exists();
        assertThat(Files.readString(dir.resolve("rejected/run-3.reason"))).startsWith("400");
        assertThat(spool.deliveredAttempts()).containsExactly("run-3");
    }

    @Test
    void deliverWhenServerRefusesWithAny4xxMovesItAsideAndDeliversTheRunsBehindIt() throws Exception {
        ServerClient client = stub(415);
        Spool spool = new Spool(dir);
        spool.put("run-4", "{\"n\":4}".getBytes(StandardCharsets.UTF_8), false);
        Files.setLastModifiedTime(dir.resolve("run-4.json"), java.nio.file.attribute.FileTime.fromMillis(1000));
        spool.put("run-5", "{\"n\":5}".getBytes(StandardCharsets.UTF_8), false);

        boolean delivered = spool.deliver(client, Duration.ofSeconds(5), () -> false);

        assertThat(delivered).isTrue();
        assertThat(dir.resolve("rejected/run-4.json")).exists();
        assertThat(Files.readString(dir.resolve("rejected/run-4.reason"))).startsWith("415");
        assertThat(received).containsExactly("{\"n\":4}", "{\"n\":5}");
    }

    @Test
    void deliverWhenServerIsSaturatedWaitsItsRetryAfterRatherThanBackingOff() throws Exception {
        // Backing off (1, 2, 4 s) would not fit three 503s into 5 s; Retry-After: 1 does.
        ServerClient client = stub(503, 503, 503);
        Spool spool = new Spool(dir);
        spool.put("run-6", "{}".getBytes(StandardCharsets.UTF_8), false);

        boolean delivered = spool.deliver(client, Duration.ofSeconds(5), () -> false);

        assertThat(delivered).isTrue();
        assertThat(received).hasSize(4);
    }

    @Test
    void deliverWhenTokenIsRefusedKeepsTheRunForALaterTry() throws Exception {
        ServerClient client = stub(401, 401, 401, 401, 401, 401);
        Spool spool = new Spool(dir);
        spool.put("run-7", "{}".getBytes(StandardCharsets.UTF_8), false);

        boolean delivered = spool.deliver(client, Duration.ofMillis(100), () -> false);

        assertThat(delivered).isFalse();
        assertThat(spool.pending()).hasSize(1);
    }
}
