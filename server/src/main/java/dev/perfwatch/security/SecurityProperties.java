package dev.perfwatch.security;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may call the API.
 *
 * @param adminToken the first admin token ({@code PERFWATCH_ADMIN_TOKEN}); without one a token is generated at the
 *     first start and printed once
 * @param readRequiresToken whether read endpoints need a token too ({@code PERFWATCH_READ_REQUIRES_TOKEN})
 * @param runnerTokens runner tokens given by configuration ({@code PERFWATCH_RUNNER_TOKENS}, comma-separated), so
 *     that a deployment's runners are accepted from the first start; see {@link RunnerTokenBootstrap}
 */
@ConfigurationProperties("perfwatch.security")
record SecurityProperties(String adminToken, @DefaultValue("false") boolean readRequiresToken,
        List<String> runnerTokens) {
}
