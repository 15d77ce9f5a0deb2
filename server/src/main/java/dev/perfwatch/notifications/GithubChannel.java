package dev.perfwatch.notifications;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Component;

/** Comments on the culprit commit through GitHub's REST API, when a token is configured. */
@Component
class GithubChannel implements Channel {

    private static final Pattern GITHUB_URL =
            Pattern.compile("^(?:https?://|git@|ssh://git@)github\\.com[/:]([^/]+)/([^/]+?)(?:\\.git)?/?$");

    private static final JsonMapper json = JsonMapper.builder().build();

    private final WebhookClient client;

    private final NotificationsProperties properties;

    GithubChannel(WebhookClient client, NotificationsProperties properties) {
        this.client = client;
        this.properties = properties;
    }

    @Override
    public String name() {
        return "github";
    }

    @Override
    public boolean routes(GroupMessage message, NotificationsProperties.Route route) {
        return properties.github().configured() && repository(message, route).isPresent();
    }

    @Override
    public void deliver(GroupMessage message, NotificationsProperties.Route route) {
        String repository = repository(message, route).orElseThrow();
        String apiUrl = properties.github().apiUrl().replaceAll("/+$", "");
        client.postJson(apiUrl + "/repos/" + repository + "/commits/" + message.commit().sha() + "/comments",
                json.writeValueAsString(new Comment(GithubComment.body(message))),
                Map.of("Authorization", "Bearer " + properties.github().token(), "Accept",
                        "application/vnd.github+json", "X-GitHub-Api-Version", "2022-11-28"));
    }

    /** "owner/name" from the route, or from the project's repository URL when that is on github.com. */
    static Optional<String> repository(GroupMessage message, NotificationsProperties.Route route) {
        if (route.githubRepository() != null && !route.githubRepository().isBlank()) {
            return Optional.of(route.githubRepository().strip());
        }
        if (message.repository() == null) {
            return Optional.empty();
        }
        Matcher matcher = GITHUB_URL.matcher(message.repository().strip());
        return matcher.matches() ? Optional.of(matcher.group(1) + "/" + matcher.group(2)) : Optional.empty();
    }

    record Comment(String body) {
    }
}
