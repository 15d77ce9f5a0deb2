package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * The part of GitHub's REST API a benchmark request uses, on loopback: a pull request, compare (its merge base),
 * issue comments (create and edit), reactions and commit statuses, answered in GitHub's documented shapes.
 */
final class GithubStub implements AutoCloseable {

    private static final Pattern PULL = Pattern.compile("/repos/([^/]+/[^/]+)/pulls/(\\d+)");

    private static final Pattern COMPARE = Pattern.compile("/repos/[^/]+/[^/]+/compare/([0-9a-f]+)\\.\\.\\.([0-9a-f]+)");

    private static final Pattern NEW_COMMENT = Pattern.compile("/repos/[^/]+/[^/]+/issues/(\\d+)/comments");

    private static final Pattern EDIT_COMMENT = Pattern.compile("/repos/[^/]+/[^/]+/issues/comments/(\\d+)");

    static final JsonMapper json = JsonMapper.builder().build();

    private final HttpServer server;

    final List<String> calls = new CopyOnWriteArrayList<>();

    private final Map<Long, String> comments = new ConcurrentHashMap<>();

    private final AtomicLong ids = new AtomicLong(7000);

    private volatile String head;

    private volatile String baseTip;

    private volatile String mergeBase;

    private GithubStub(HttpServer server) {
        this.server = server;
    }

    static GithubStub start() {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            GithubStub stub = new GithubStub(server);
            server.createContext("/", stub::handle);
            server.setExecutor(Executors.newCachedThreadPool());
            server.start();
            return stub;
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    void pull(String head, String baseTip, String mergeBase) {
        this.head = head;
        this.baseTip = baseTip;
        this.mergeBase = mergeBase;
    }

    /** The texts of the comments, oldest first. */
    List<String> comments() {
        return comments.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(Map.Entry::getValue).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        calls.add(method + " " + path);
        int status = 404;
        String answer = "{\"message\": \"Not Found\"}";
        Matcher m;
        if (method.equals("GET") && (m = PULL.matcher(path)).matches()) {
            status = 200;
            answer = """
                    {"number": %s, "state": "open", "html_url": "https://github.com/%s/pull/%1$s",
                     "head": {"ref": "feature", "sha": "%s"}, "base": {"ref": "main", "sha": "%s"}}"""
                .formatted(m.group(2), m.group(1), head, baseTip);
        }
        else if (method.equals("GET") && (m = COMPARE.matcher(path)).matches() && m.group(1).equals(baseTip)) {
            status = 200;
            answer = "{\"status\": \"ahead\", \"merge_base_commit\": {\"sha\": \"" + mergeBase + "\"}}";
        }
        else if (method.equals("POST") && (m = NEW_COMMENT.matcher(path)).matches()) {
            long id = ids.incrementAndGet();
            comments.put(id, json.readTree(body).get("body").asString());
            status = 201;
            answer = "{\"id\": " + id + "}";
        }
        else if (method.equals("PATCH") && (m = EDIT_COMMENT.matcher(path)).matches()
                && comments.containsKey(Long.parseLong(m.group(1)))) {
            comments.put(Long.parseLong(m.group(1)), json.readTree(body).get("body").asString());
            status = 200;
            answer = "{\"id\": " + m.group(1) + "}";
        }
        else if (method.equals("POST") && (path.endsWith("/reactions") || path.contains("/statuses/"))) {
            status = 201;
            answer = "{\"id\": " + ids.incrementAndGet() + "}";
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
