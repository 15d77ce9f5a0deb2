package dev.perfwatch.security;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/** PERFWATCH_RUNNER_TOKENS: what docker-compose.yml relies on for its runners to register. */
@ServerTest
class RunnerTokenBootstrapTest {

    @Autowired
    RunnerTokenBootstrap bootstrap;

    @Autowired
    ApiTokens tokens;

    @Autowired
    JdbcClient jdbc;

    @AfterEach
    void revokeConfigured() {
        bootstrap.install(List.of());
    }

    @Test
    void installWhenTokensAreConfiguredAcceptsEachAsRunnerAndStoresOnlyItsHash() {
        bootstrap.install(List.of("compose-runner-secret", " second-host-secret ", ""));

        assertThat(tokens.verify("compose-runner-secret")).contains(new Caller("configured-runner-1", Role.RUNNER));
        assertThat(tokens.verify("second-host-secret")).contains(new Caller("configured-runner-2", Role.RUNNER));
        List<String> stored = jdbc.sql("select token_sha256 from api_token where name like 'configured-runner-%'")
            .query(String.class).list();
        assertThat(stored).containsExactlyInAnyOrder(ApiTokens.sha256("compose-runner-secret"),
                ApiTokens.sha256("second-host-secret"));
    }

    @Test
    void installWhenATokenIsTakenOutOfTheConfigurationRevokesIt() {
        bootstrap.install(List.of("old-runner-secret", "kept-runner-secret"));

        bootstrap.install(List.of("kept-runner-secret"));

        assertThat(tokens.verify("old-runner-secret")).isEmpty();
        assertThat(tokens.verify("kept-runner-secret")).contains(new Caller("configured-runner-1", Role.RUNNER));
    }

    @Test
    void installWhenATokenIsTheAdminTokenLeavesTheAdminAnAdmin() {
        bootstrap.install(List.of(dev.perfwatch.support.Api.ADMIN_TOKEN, "runner-secret"));

        assertThat(tokens.verify(dev.perfwatch.support.Api.ADMIN_TOKEN).map(Caller::role)).contains(Role.ADMIN);
        assertThat(tokens.verify("runner-secret")).contains(new Caller("configured-runner-1", Role.RUNNER));
    }

    @Test
    void installWhenRunTwiceKeepsOneRowPerToken() {
        bootstrap.install(List.of("a-runner-secret", "b-runner-secret"));
        bootstrap.install(List.of("b-runner-secret", "a-runner-secret"));

        assertThat(tokens.verify("a-runner-secret")).contains(new Caller("configured-runner-2", Role.RUNNER));
        assertThat(tokens.verify("b-runner-secret")).contains(new Caller("configured-runner-1", Role.RUNNER));
        assertThat(jdbc.sql("select count(*) from api_token where name like 'configured-runner-%'")
            .query(Integer.class).single()).isEqualTo(2);
    }
}
