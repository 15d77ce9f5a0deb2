package dev.perfwatch.notifications;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where alert groups are announced. Secrets (webhook URLs, the SMTP password, the GitHub token) have no defaults: a
 * channel without its setting is not used. See docs/alerts.md.
 *
 * @param publicUrl the address users open perfwatch at ({@code PERFWATCH_PUBLIC_URL}); links start with it
 * @param pollInterval how often each server instance looks for due messages
 * @param retryInitial the wait after a first failed delivery; it doubles with every further failure
 * @param retryMax the longest wait between two attempts: a channel that is down is tried at least this often
 * @param timeout connect and read timeout of one delivery
 * @param smtp the mail server e-mail goes through
 * @param github the GitHub API commit comments go to
 * @param projects the channels of each project, by project name
 */
@Validated
@ConfigurationProperties("perfwatch.notifications")
public record NotificationsProperties(@DefaultValue("http://localhost:8080") @NotBlank String publicUrl,
        @DefaultValue("10s") Duration pollInterval, @DefaultValue("30s") Duration retryInitial,
        @DefaultValue("1h") Duration retryMax, @DefaultValue("10s") Duration timeout, @DefaultValue @Valid Smtp smtp,
        @DefaultValue @Valid Github github, @DefaultValue Map<String, @Valid Route> projects) {

    /** The link to a series' timeline in the UI. */
    public String timeline(long series) {
        return base() + "/#/timeline?series=" + series;
    }

    String base() {
        return publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
    }

    /** A project's channels; a project without an entry is announced in the Atom feed only. */
    Route route(String project) {
        return projects.getOrDefault(project, Route.NONE);
    }

    /**
     * @param host empty: no e-mail
     * @param from the sender address
     */
    public record Smtp(String host, @DefaultValue("25") int port, String username, String password,
            @DefaultValue("false") boolean starttls, @DefaultValue("perfwatch@localhost") String from) {

        boolean configured() {
            return host != null && !host.isBlank();
        }
    }

    /**
     * @param apiUrl GitHub's REST API ({@code PERFWATCH_GITHUB_API_URL})
     * @param token a token that may comment on commits ({@code PERFWATCH_GITHUB_TOKEN}); empty: no comments
     */
    public record Github(@DefaultValue("https://api.github.com") String apiUrl, String token) {

        boolean configured() {
            return token != null && !token.isBlank();
        }
    }

    /**
     * @param slackWebhookUrl a Slack-compatible incoming webhook (Slack, Mattermost, Rocket.Chat)
     * @param email the addresses e-mail goes to
     * @param githubRepository "owner/name" to comment on the culprit commit; derived from the project's repository
     *     URL when that is a github.com one
     * @param improvements whether groups of improvements only are announced too (the feed always has them)
     */
    public record Route(String slackWebhookUrl, @DefaultValue List<String> email, String githubRepository,
            @DefaultValue("false") boolean improvements) {

        static final Route NONE = new Route(null, List.of(), null, false);
    }
}
