package dev.perfwatch.github;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The GitHub integration: the webhook benchmark requests come in through and the REST API they answer through.
 * Secrets have no defaults: without a webhook secret every delivery is refused; without a token nothing is sent.
 * See docs/requests.md.
 *
 * @param apiUrl GitHub's REST API ({@code PERFWATCH_GITHUB_API_URL}); GitHub Enterprise: https://HOST/api/v3
 * @param token a token that may read pull requests and write comments, reactions and commit statuses
 *     ({@code PERFWATCH_GITHUB_TOKEN})
 * @param webhookSecret the secret the webhook was created with ({@code PERFWATCH_GITHUB_WEBHOOK_SECRET})
 * @param pollInterval how often each server instance sends what is due to GitHub
 * @param retryInitial the wait after a first failed call (5xx, 429, no answer); doubling, at most retryMax
 * @param retryMax the longest wait between two attempts of one call
 * @param timeout connect and read timeout of one call
 */
@Validated
@ConfigurationProperties("perfwatch.github")
public record GithubProperties(@DefaultValue("https://api.github.com") String apiUrl, String token,
        String webhookSecret, @DefaultValue("2s") Duration pollInterval, @DefaultValue("5s") Duration retryInitial,
        @DefaultValue("10m") Duration retryMax, @DefaultValue("10s") Duration timeout) {

    public boolean configured() {
        return token != null && !token.isBlank();
    }

    String api() {
        return apiUrl.replaceAll("/+$", "");
    }

    /** retryInitial, doubling with every failed attempt before, at most retryMax. */
    Duration retryAfter(int failedBefore) {
        long initial = retryInitial.toMillis();
        long max = retryMax.toMillis();
        if (failedBefore >= 62 || initial << failedBefore >= max || initial << failedBefore <= 0) {
            return retryMax;
        }
        return Duration.ofMillis(initial << failedBefore);
    }
}
