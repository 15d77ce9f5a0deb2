package dev.perfwatch.notifications;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;

/**
 * A webhook receiver on loopback standing in for Slack and GitHub (the notification tests' and the two-instances
 * test's): records every request, and answers each path
 * with the statuses scripted for it (200, or 201 under /github, once the script is used up).
 */
public final class Receiver {

    private final HttpServer server;

    private final List<Request> requests = new CopyOnWriteArrayList<>();

    private final Map<String, Deque<Integer>> scripts = new ConcurrentHashMap<>();

    private Receiver(HttpServer server) {
        this.server = server;
    }

    public static Receiver start() {
        // Without TCP_NODELAY the JDK's server holds each response's body for a delayed ACK (40 ms).
        System.setProperty("sun.net.httpserver.nodelay", "true");
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            Receiver receiver = new Receiver(server);
            server.createContext("/", exchange -> {
                String path = exchange.getRequestURI().getPath();
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                Deque<Integer> script = receiver.scripts.get(path);
                Integer scripted = script == null ? null : script.pollFirst();
                int status = scripted != null ? scripted : path.startsWith("/github/") ? 201 : 200;
                receiver.requests.add(new Request(path, exchange.getRequestHeaders().getFirst("Authorization"),
                        body, status));
                byte[] answer = (status / 100 == 2 ? "ok" : "channel down").getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, answer.length);
                exchange.getResponseBody().write(answer);
                exchange.close();
            });
            server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
            server.start();
            return receiver;
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** The next requests to the path are answered with these statuses, in order. */
    void script(String path, Integer... statuses) {
        scripts.put(path, new ArrayDeque<>(List.of(statuses)));
    }

    public List<Request> requests(String path) {
        return requests.stream().filter(request -> request.path().equals(path)).toList();
    }

    public List<Request> accepted(String path) {
        return requests(path).stream().filter(request -> request.status() / 100 == 2).toList();
    }

    public record Request(String path, String authorization, String body, int status) {
    }
}
