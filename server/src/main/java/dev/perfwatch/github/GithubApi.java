package dev.perfwatch.github;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Component;

/**
 * GitHub's REST API (docs.github.com/rest), at the configured base URL so that GitHub Enterprise and test stubs
 * work. Reads are called by their users, who retry on their own schedule; writes go through {@link GithubActions}.
 */
@Component
public class GithubApi {

    private final GithubProperties properties;

    private final JsonMapper json;

    private final HttpClient client;

    GithubApi(GithubProperties properties, JsonMapper json) {
        this.properties = properties;
        this.json = json;
        this.client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(properties.timeout())
            .build();
    }

    /** {@code GET /repos/{repository}/pulls/{number}}. */
    public PullRequest pullRequest(String repository, int number) {
        return read(call("GET", "/repos/" + repository + "/pulls/" + number, null), PullRequest.class);
    }

    /** The merge base of two commits: {@code GET /repos/{repository}/compare/{base}...{head}}. */
    public String mergeBase(String repository, String base, String head) {
        Compare compare = read(call("GET", "/repos/" + repository + "/compare/" + base + "..." + head, null),
                Compare.class);
        if (compare.mergeBase() == null || compare.mergeBase().sha() == null) {
            throw new GithubException(200, false, "GitHub's comparison of " + base + "..." + head
                    + " has no merge_base_commit");
        }
        return compare.mergeBase().sha();
    }

    /** Sends a JSON body and returns the answer's body; anything but a 2xx is a {@link GithubException}. */
    String call(String method, String path, String body) {
        if (!properties.configured()) {
            throw new GithubException(0, false, "no GitHub token is configured (PERFWATCH_GITHUB_TOKEN)");
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(properties.api() + path))
            .timeout(properties.timeout())
            .header("Accept", "application/vnd.github+json")
            .header("X-GitHub-Api-Version", "2022-11-28")
            .header("User-Agent", "perfwatch")
            .header("Authorization", "Bearer " + properties.token())
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", "application/json; charset=utf-8");
        }
        HttpResponse<String> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        }
        catch (IOException ex) {
            throw new GithubException(0, true, method + " " + path + ": " + ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new GithubException(0, true, method + " " + path + ": interrupted");
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            return response.body();
        }
        String text = response.body() == null ? "" : response.body();
        boolean rateLimited = status == 403
                && response.headers().firstValue("x-ratelimit-remaining").map("0"::equals).orElse(false);
        throw new GithubException(status, status >= 500 || status == 429 || rateLimited,
                method + " " + path + ": HTTP " + status + " " + text.substring(0, Math.min(200, text.length())));
    }

    <T> T read(String body, Class<T> type) {
        try {
            return json.readValue(body, type);
        }
        catch (JacksonException ex) {
            throw new GithubException(200, false, "GitHub answered what is not a " + type.getSimpleName() + ": "
                    + ex.getOriginalMessage());
        }
    }

    /** A pull request: its head and the branch it merges into; state open or closed. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record PullRequest(int number, String state, Ref head, Ref base, @JsonProperty("html_url") String htmlUrl) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Ref(String ref, String sha) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Compare(@JsonProperty("merge_base_commit") Sha mergeBase) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Sha(String sha) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Created(long id) {
    }
}
