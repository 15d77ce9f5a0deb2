package dev.perfwatch.security;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Installs the runner tokens given by configuration ({@code PERFWATCH_RUNNER_TOKENS}) at every start, hashed like
 * the admin token. A deployment then needs no API call before its runners can register: docker-compose.yml gives
 * the server the same token its runners present. The configured tokens are named {@code configured-runner-N};
 * one taken out of the configuration is revoked at the next start, tokens made through the API are left alone.
 */
@Component
class RunnerTokenBootstrap implements ApplicationRunner {

    static final String NAME_PREFIX = "configured-runner-";

    private static final Logger log = LoggerFactory.getLogger(RunnerTokenBootstrap.class);

    private final JdbcClient jdbc;

    private final SecurityProperties properties;

    RunnerTokenBootstrap(JdbcClient jdbc, SecurityProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    @Override
    @Transactional
    public void run(ApplicationArguments args) {
        if (ApiTokens.readOnly(jdbc)) {
            return;
        }
        install(properties.runnerTokens() == null ? List.of() : properties.runnerTokens());
    }

    @Transactional
    void install(List<String> configured) {
        List<String> tokens = configured.stream().map(String::strip).filter(token -> !token.isEmpty()).distinct()
            .toList();
        int installed = 0;
        for (String token : tokens) {
            String hash = ApiTokens.sha256(token);
            String owner = jdbc.sql("select name from api_token where token_sha256 = :hash")
                .param("hash", hash)
                .query(String.class)
                .optional()
                .orElse(null);
            if (owner != null && !owner.startsWith(NAME_PREFIX)) {
                // Turning the admin token (or one made for something else) into a runner token would take
                // rights away from whoever uses it; a configuration mistake must not do that silently.
                log.warn("A token in PERFWATCH_RUNNER_TOKENS is already the token named {}; it is left as it is",
                        owner);
                continue;
            }
            installed++;
            String name = NAME_PREFIX + installed;
            if (owner != null && !owner.equals(name)) {
                // the list was reordered: free the hash before it moves to its new name
                jdbc.sql("delete from api_token where name = :owner").param("owner", owner).update();
            }
            jdbc.sql("""
                    insert into api_token (name, token_sha256, role) values (:name, :hash, 'runner')
                    on conflict (name) do update set token_sha256 = excluded.token_sha256, role = 'runner'
                    """)
                .param("name", name)
                .param("hash", hash)
                .update();
        }
        int revoked = jdbc.sql("""
                delete from api_token
                where name ~ ('^' || :prefix || '[0-9]{1,9}$')
                  and substring(name from length(:prefix) + 1)::int > :count
                """)
            .param("prefix", NAME_PREFIX)
            .param("count", installed)
            .update();
        if (installed > 0 || revoked > 0) {
            log.info("Runner tokens from configuration: {} installed, {} revoked", installed, revoked);
        }
    }
}
