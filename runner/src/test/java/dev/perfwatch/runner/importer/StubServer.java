package dev.perfwatch.runner.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import com.sun.net.httpserver.HttpServer;

/** A real HTTP server on loopback that answers from a function and records every request it received. */
final class StubServer implements AutoCloseable {

    static {
        // Without TCP_NODELAY the JDK's server sends a response's body only after the client acknowledged its
        // headers: 40 ms of delayed ACK per request. Read once, when the first server of the JVM starts.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    record Request(String method, String uri, Map<String, List<String>> headers, String body) {

        String header(String name) {
            return headers.entrySet()
                .stream()
                .filter(entry -> entry.getKey().equalsIgnoreCase(name))
                .map(entry -> entry.getValue().get(0))
                .findFirst()
                .orElse(null);
        }
    }

    record Answer(int status, String body, Map<String, String> headers) {

        static Answer of(int status, String body) {
            return new Answer(status, body, Map.of());
        }
    }

    private final HttpServer server;

    private final List<Request> requests = new CopyOnWriteArrayList<>();

    StubServer(Function<Request, Answer> answers) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        server.createContext("/", exchange -> {
            Request request = new Request(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                    Map.copyOf(exchange.getRequestHeaders()),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            requests.add(request);
            Answer answer = answers.apply(request);
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Request> requests() {
        return requests;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
