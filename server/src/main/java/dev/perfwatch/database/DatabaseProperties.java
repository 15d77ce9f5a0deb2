package dev.perfwatch.database;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the data lives. Without a {@code url} the server runs an embedded PostgreSQL whose files stay in
 * {@code dataDir/postgres} across restarts.
 *
 * @param url JDBC URL of an external PostgreSQL ({@code PERFWATCH_DB_URL}); empty means embedded
 * @param user database user ({@code PERFWATCH_DB_USER})
 * @param password database password ({@code PERFWATCH_DB_PASSWORD})
 * @param dataDir local state ({@code PERFWATCH_DATA_DIR}), default {@code ./data}
 * @param embeddedPort port of the embedded PostgreSQL, 0 picks a free one
 * @param poolSize connections in the pool ({@code PERFWATCH_DB_POOL_SIZE}); the embedded PostgreSQL allows 100
 * @param connectionTimeout how long a request waits for a free connection before it is answered 503
 *     ({@code PERFWATCH_DB_CONNECTION_TIMEOUT}); short, so an overloaded or unreachable database fails fast
 * @param statementTimeout the longest statement ({@code PERFWATCH_DB_STATEMENT_TIMEOUT}); a frozen database is
 *     given this plus ten seconds on the socket before the connection is dropped
 */
@ConfigurationProperties("perfwatch.db")
public record DatabaseProperties(String url, String user, String password,
        @DefaultValue("./data") Path dataDir, @DefaultValue("0") int embeddedPort,
        @DefaultValue("10") int poolSize, @DefaultValue("5s") Duration connectionTimeout,
        @DefaultValue("30s") Duration statementTimeout) {

    boolean embedded() {
        return url == null || url.isBlank();
    }
}
