package dev.perfwatch.database;

import java.nio.file.Path;

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
 */
@ConfigurationProperties("perfwatch.db")
public record DatabaseProperties(String url, String user, String password,
        @DefaultValue("./data") Path dataDir, @DefaultValue("0") int embeddedPort) {

    boolean embedded() {
        return url == null || url.isBlank();
    }
}
