package dev.perfwatch.requests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Deque;
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
 * GitHub's REST API on loopback, as much of it as perfwatch calls: pull requests, compare (for the merge base),
 * issue comments (create, edit), reactions and commit statuses, with answers shaped like GitHub's documented ones.
 * Records every call; a scripted failure answers the next calls of a method and path prefix with an error status.
 */
final class GithubStub {

    private static final Pattern PULL = Pattern.compile("/repos/([^/]+/[^/]+)/pulls/(\\d+)");

    private static final Pattern COMPARE = Pattern.compile("/repos/([^/]+/[^/]+)/compare/([0-9a-f]+)\\.\\.\\.([0-9a-f]+)");

    private static final Pattern NEW_COMMENT = Pattern.compile("/repos/([^/]+/[^/]+)/issues/(\\d+)/comments");

    private static final Pattern EDIT_COMMENT = Pattern.compile("/repos/([^/]+/[^/]+)/issues/comments/(\\d+)");

    private static final Pattern REACTION = Pattern.compile("/repos/([^/]+/[^/]+)/issues/comments/(\\d+)/reactions");

    private static final Pattern STATUS = Pattern.compile("/repos/([^/]+/[^/]+)/statuses/([0-9a-f]+)");

    static final JsonMapper json = JsonMapper.builder().build();

    private final HttpServer server;

    final List<Call> calls = new CopyOnWriteArrayList<>();

    private final Map<String, Pull> pulls = new ConcurrentHashMap<>();

    private final Map<Long, Comment> comments = new ConcurrentHashMap<>();

    private final Deque<Failure> failures = new java.util.concurrent.ConcurrentLinkedDeque<>();

    private final AtomicLong ids = new AtomicLong(9000);

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

    /** An open pull request whose head and base branch tip are given; compare answers the merge base. */
    void pull(String repository, int number, String head, String baseTip, String mergeBase) {
        pulls.put(repository + "#" + number, new Pull(number, "open", head, baseTip, mergeBase));
    }

    /** A push to the pull request's branch: the head moves, the merge base stays. */
    void moveHead(String repository, int number, String head) {
        pulls.computeIfPresent(repository + "#" + number, (k, p) -> new Pull(p.number, p.state, head, p.baseTip,
                p.mergeBase));
    }

    /** The next {@code count} calls of the method on paths starting with the prefix answer {@code status}. */
    void fail(String method, String pathPrefix, int count, int status) {
        for (int i = 0; i < count; i++) {
            failures.add(new Failure(method, pathPrefix, status));
        }
    }

    /** The comments on the pull request, in creation order, with their current text. */
    List<Comment> comments(String repository, int number) {
        return comments.values().stream()
            .filter(c -> c.repository.equals(repository) && c.number == number)
            .sorted(java.util.Comparator.comparingLong(Comment::id))
            .toList();
    }

    List<Call> calls(String method, String pathPart) {
        return calls.stream().filter(c -> c.method.equals(method) && c.path.contains(pathPart)).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        Failure failure = takeFailure(method, path);
        int status;
        String answer;
        if (failure != null) {
            status = failure.status;
            answer = "{\"message\": \"Server Error\"}";
        }
        else {
            Answer a = answer(method, path, body);
            status = a.status;
            answer = a.body;
        }
        calls.add(new Call(method, path, body, status, authorization));
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private synchronized Failure takeFailure(String method, String path) {
        for (Failure f : failures) {
            if (f.method.equals(method) && path.startsWith(f.pathPrefix)) {
                failures.remove(f);
                return f;
            }
        }
        return null;
    }

    private Answer answer(String method, String path, String body) {
        Matcher m;
        if (method.equals("GET") && (m = PULL.matcher(path)).matches()) {
            Pull pull = pulls.get(m.group(1) + "#" + m.group(2));
            if (pull == null) {
                return new Answer(404, "{\"message\": \"Not Found\"}");
            }
            return new Answer(200, """
                    {"url": "https://api.github.com/repos/%1$s/pulls/%2$d", "number": %2$d, "state": "%3$s",
                     "html_url": "https://github.com/%1$s/pull/%2$d",
                     "head": {"label": "contributor:feature", "ref": "feature", "sha": "%4$s"},
                     "base": {"label": "acme:main", "ref": "main", "sha": "%5$s"}}"""
                .formatted(m.group(1), pull.number, pull.state, pull.head, pull.baseTip));
        }
        if (method.equals("GET") && (m = COMPARE.matcher(path)).matches()) {
            String head = m.group(3);
            String baseTip = m.group(2);
            return pulls.values().stream().filter(p -> p.head.equals(head) && p.baseTip.equals(baseTip))
                .findFirst()
                .map(p -> new Answer(200, """
                        {"status": "ahead", "ahead_by": 1, "behind_by": 0,
                         "base_commit": {"sha": "%s"}, "merge_base_commit": {"sha": "%s"}}"""
                    .formatted(p.baseTip, p.mergeBase)))
                .orElse(new Answer(404, "{\"message\": \"Not Found\"}"));
        }
        if (method.equals("POST") && (m = REACTION.matcher(path)).matches()) {
            return new Answer(201, "{\"id\": " + ids.incrementAndGet() + ", \"content\": \""
                    + json.readTree(body).get("content").asString() + "\"}");
        }
        if (method.equals("POST") && (m = NEW_COMMENT.matcher(path)).matches()) {
            long id = ids.incrementAndGet();
            comments.put(id, new Comment(id, m.group(1), Integer.parseInt(m.group(2)),
                    json.readTree(body).get("body").asString(), 0));
            return new Answer(201, "{\"id\": " + id + ", \"html_url\": \"https://github.com/" + m.group(1)
                    + "/pull/" + m.group(2) + "#issuecomment-" + id + "\"}");
        }
        if (method.equals("PATCH") && (m = EDIT_COMMENT.matcher(path)).matches()) {
            long id = Long.parseLong(m.group(2));
            Comment old = comments.get(id);
            if (old == null) {
                return new Answer(404, "{\"message\": \"Not Found\"}");
            }
            comments.put(id, new Comment(id, old.repository, old.number, json.readTree(body).get("body").asString(),
                    old.edits + 1));
            return new Answer(200, "{\"id\": " + id + "}");
        }
        if (method.equals("POST") && STATUS.matcher(path).matches()) {
            return new Answer(201, "{\"id\": " + ids.incrementAndGet() + ", \"state\": \""
                    + json.readTree(body).get("state").asString() + "\"}");
        }
        return new Answer(404, "{\"message\": \"Not Found\"}");
    }

    record Call(String method, String path, String body, int status, String authorization) {
    }

    record Comment(long id, String repository, int number, String body, int edits) {
    }

    private record Pull(int number, String state, String head, String baseTip, String mergeBase) {
    }

    private record Failure(String method, String pathPrefix, int status) {
    }

    private record Answer(int status, String body) {
    }

}
