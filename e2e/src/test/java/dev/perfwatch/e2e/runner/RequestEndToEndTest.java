package dev.perfwatch.e2e.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.openqa.selenium.WebElement;

import dev.perfwatch.e2e.ServerProcess;
import dev.perfwatch.e2e.web.Browser;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pull-request comment to the bot's final answer with nothing faked but GitHub: the packaged server gets a signed
 * webhook, resolves the pull request through a GitHub stub, queues interleaved jobs, a real runner builds the
 * fixture at both commits and runs JMH, and the comment the stub holds at the end is checked against a golden file.
 * The head of the fixture does a hundred times the work of the base and allocates a 1 KiB array per call, so its
 * verdict (slower) and allocation change (+1040 B/op) do not depend on the machine; the measured numbers and the
 * commit ids do, and are masked before the comparison.
 */
class RequestEndToEndTest {

    private static final String SECRET = "e2e-webhook-secret";

    private static final String BENCHMARK = """
            package fixture;

            import org.openjdk.jmh.annotations.Benchmark;
            import org.openjdk.jmh.annotations.Scope;
            import org.openjdk.jmh.annotations.State;
            import org.openjdk.jmh.infra.Blackhole;

            @State(Scope.Thread)
            public class RequestBenchmark {

                int x = 42;

                @Benchmark
                public void work(Blackhole blackhole) {
                    int sum = 0;
                    for (int i = 0; i < ROUNDS; i++) {
                        sum += x * i;
                    }
                    blackhole.consume(sum);
                    ALLOCATE
                }

                @Benchmark
                public int other() {
                    return x + 1;
                }
            }
            """;

    @TempDir
    static Path work;

    static PackagedJars jars;

    static GithubStub github;

    static ServerProcess server;

    static RunnerProcess runner;

    static String base;

    static String head;

    @BeforeAll
    static void start() throws IOException {
        Path repository = work.resolve("fixture");
        base = commit(repository, "100", "", "Base: a short loop");
        head = commit(repository, "10000", "blackhole.consume(new byte[1024]);", "Head: a hundred times the work");
        github = GithubStub.start();
        github.pull(head, base, base);
        jars = PackagedJars.copyTo(work.resolve("jars"));
        String projects = """
                {"perfwatch": {"requests": {"projects": {"fixture": {
                  "github-repository": "acme/fixture", "host-classes": ["e2e-requests"], "forks": 5,
                  "suite": {"repository": "%s", "jmhOptions": ["-wi 2 -w 200ms -i 2 -r 200ms"]}}}}}}"""
            .formatted(repository);
        server = ServerProcess.start(work.resolve("server"), Map.of("PERFWATCH_GITHUB_API_URL", github.url(),
                "PERFWATCH_GITHUB_TOKEN", "e2e-github-token", "PERFWATCH_GITHUB_WEBHOOK_SECRET", SECRET,
                "PERFWATCH_GITHUB_POLL_INTERVAL", "200ms", "PERFWATCH_REQUESTS_REFRESH_INTERVAL", "300ms",
                "PERFWATCH_PUBLIC_URL", "https://perfwatch.example.org", "SPRING_APPLICATION_JSON", projects));
        Http admin = new Http(server.url(), ServerProcess.ADMIN_TOKEN);
        String token = admin.ok(admin.post("/api/v1/tokens", "{\"name\": \"e2e-requests\", \"role\": \"runner\"}"))
            .get("token").asString();
        runner = RunnerProcess.start(server.url(), token, "e2e-requests", "runner-requests",
                work.resolve("runner-requests"), "--cpus", "0");
    }

    @AfterAll
    static void stop() {
        if (runner != null) {
            runner.close();
        }
        if (server != null) {
            server.close();
        }
        if (github != null) {
            github.close();
        }
        if (jars != null) {
            jars.close();
        }
    }

    @Test
    void benchmarkRequestWhenCommentedIsAnsweredWithTheComparison() throws Exception {
        String payload = """
                {"action": "created",
                 "issue": {"number": 7, "state": "open",
                           "pull_request": {"url": "https://api.github.com/repos/acme/fixture/pulls/7"}},
                 "comment": {"id": 4242, "body": "Ready for numbers.\\r\\n@perfwatch benchmark-request benchmarks=work",
                             "user": {"login": "ada", "type": "User"}, "author_association": "MEMBER"},
                 "repository": {"full_name": "acme/fixture"}, "sender": {"login": "ada"}}""";

        HttpResponse<String> delivered = HttpClient.newHttpClient().send(HttpRequest
            .newBuilder(URI.create(server.url() + "/api/v1/github/webhook"))
            .header("Content-Type", "application/json")
            .header("X-GitHub-Event", "issue_comment")
            .header("X-GitHub-Delivery", "72d3162e-cc78-11e3-81ab-4c9367dc0958")
            .header("X-Hub-Signature-256", signature(payload))
            .POST(HttpRequest.BodyPublishers.ofString(payload))
            .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(delivered.statusCode()).as(delivered.body()).isEqualTo(200);
        String answer = Poll.until("the final comment", Duration.ofSeconds(240), () -> github.comments(),
                comments -> comments.size() == 1 && comments.get(0).contains("benchmark request:")).get(0);
        assertThat(github.calls).contains("POST /repos/acme/fixture/issues/comments/4242/reactions",
                "POST /repos/acme/fixture/statuses/" + head);
        assertThat(github.calls.stream().filter(c -> c.startsWith("POST /repos/acme/fixture/issues/7/comments")))
            .as("one comment, edited in place").hasSize(1);
        assertThat(masked(answer)).isEqualTo(golden("final-comment.md"));
        if (answer.contains("**Busy host**")) {
            // The runner's host checks decide this on a shared machine; the verdicts and the allocation stay.
            assertThat(answer).containsPattern("> \\*\\*Busy host\\*\\*: \\d+ of 10 jobs on e2e-requests ran while "
                    + "the runner reported its host busy");
        }

        // The pages a requester opens say the same: the outcome with its reason, the allocation in words and toned.
        Http admin = new Http(server.url(), ServerProcess.ADMIN_TOKEN);
        String id = admin.ok(admin.get("/api/v1/requests?project=fixture")).get(0).get("id").asString();
        try (Browser browser = Browser.start(work.resolve("chromium"), 1280, 960)) {
            browser.open(server.url() + "/#/comparison?request=" + id);
            browser.await("window.perfwatch?.comparison?.state === 'ready'");
            assertThat(browser.element("#comparison-page .status").getText())
                .contains(": failure — 1 of 1 cases slower by").contains("1 allocates more");
            WebElement allocation = browser.element("#comparison-page td[data-allocation]");
            assertThat(allocation.getAttribute("data-allocation")).isEqualTo("more");
            assertThat(allocation.getAttribute("class")).contains("worse");
            assertThat(allocation.getText()).startsWith("from none to").endsWith("B/op");
            browser.open("about:blank");
            browser.open(server.url() + "/#/requests?project=fixture");
            browser.await("document.querySelector(\"#requests-table tr[data-request='" + id + "']\")");
            assertThat(browser.element("#requests-table tr[data-request='" + id + "'] td[data-outcome]").getText())
                .as("the failed pull request's badge, not 'succeeded'").isEqualTo("failure");
            assertThat(browser.errors()).isEmpty();
        }
    }

    /**
     * The comment with what the machine decides masked: commit ids, the request id, the JDK's update version, and the
     * measured columns (base, head, change, interval), and the busy-host warning, which the runner's host checks
     * give or not as the machine's load goes. The case, verdict and allocation columns stay.
     */
    static String masked(String comment) {
        String out = comment.replaceAll("> \\[!WARNING]\n> \\*\\*Busy host\\*\\*: [^\n]*\n\n", "")
            .replace(head, "<head>").replace(base, "<base>")
            .replace(head.substring(0, 7), "<head>").replace(base.substring(0, 7), "<base>")
            .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>")
            .replaceAll("JDK 17\\.[0-9.+_a-z-]*", "JDK 17.x");
        StringBuilder lines = new StringBuilder();
        for (String line : out.split("\n", -1)) {
            if (line.startsWith("| `")) {
                String[] cells = line.split(" \\| ");
                for (int i = 1; i <= 4; i++) {
                    cells[i] = "<" + List.of("base", "head", "change", "interval").get(i - 1) + ">";
                }
                line = String.join(" | ", cells);
            }
            lines.append(line).append('\n');
        }
        return lines.substring(0, lines.length() - 1);
    }

    private static String golden(String name) throws IOException {
        Path file = Path.of("src/test/resources/dev/perfwatch/e2e/requests", name);
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static String commit(Path repository, String rounds, String allocate, String message)
            throws IOException {
        Files.createDirectories(repository.resolve("src/main/java/fixture"));
        if (!Files.exists(repository.resolve(".git"))) {
            FixtureSuite.git(repository, "init", "-q", "-b", "main");
            Files.writeString(repository.resolve("pom.xml"), FixtureSuite.POM);
            Files.writeString(repository.resolve(".gitignore"), "target/\n");
        }
        Files.writeString(repository.resolve("src/main/java/fixture/RequestBenchmark.java"),
                BENCHMARK.replace("ROUNDS", rounds).replace("ALLOCATE", allocate));
        FixtureSuite.git(repository, "add", "-A");
        FixtureSuite.git(repository, "commit", "-q", "-m", message);
        return FixtureSuite.git(repository, "rev-parse", "HEAD").strip();
    }

    private static String signature(String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        }
        catch (java.security.GeneralSecurityException ex) {
            throw new UncheckedIOException(new IOException(ex));
        }
    }
}
