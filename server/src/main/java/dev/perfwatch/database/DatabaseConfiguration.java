package dev.perfwatch.database;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One {@link DataSource} for the whole server: the configured PostgreSQL, or an embedded one started on the data
 * directory so that a newcomer needs nothing installed and keeps their data across restarts.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

    @Bean(destroyMethod = "close")
    HikariDataSource dataSource(DatabaseProperties properties, EmbeddedDatabase embedded) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("perfwatch");
        config.setMaximumPoolSize(properties.poolSize());
        // A request never waits long for a connection: a saturated pool or an unreachable database answers 503 fast.
        config.setConnectionTimeout(properties.connectionTimeout().toMillis());
        config.setValidationTimeout(Math.min(properties.connectionTimeout().toMillis(), 5000));
        if (embedded.running()) {
            config.setJdbcUrl(embedded.jdbcUrl());
            config.setUsername(embedded.appUser());
            config.setPassword(embedded.appPassword());
        }
        else {
            config.setJdbcUrl(properties.url());
            config.setUsername(properties.user());
            config.setPassword(properties.password());
        }
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        long statementSeconds = Math.max(1, properties.statementTimeout().toSeconds());
        // Custom plans always: the driver prepares a statement on the server after five runs, and PostgreSQL's
        // generic plan for the optional filters ("cast(:x as ...) is null or ...") cannot know which are absent, so
        // it joins every row and sorts instead of walking the index (the alert list: 5 ms empty, 247 ms at 10,000
        // alerts; docs/performance.md, "Scale").
        config.addDataSourceProperty("options",
                "-c statement_timeout=" + statementSeconds + "s -c plan_cache_mode=force_custom_plan");
        // A frozen server does not enforce its statement timeout: the socket gives up a little after it would have.
        config.addDataSourceProperty("socketTimeout", String.valueOf(statementSeconds + 10));
        config.addDataSourceProperty("connectTimeout", "5");
        config.addDataSourceProperty("loginTimeout", "5");
        return new HikariDataSource(config);
    }

    @Bean(destroyMethod = "close")
    EmbeddedDatabase embeddedDatabase(DatabaseProperties properties) {
        if (!properties.embedded()) {
            return EmbeddedDatabase.none();
        }
        return EmbeddedDatabase.start(properties.dataDir(), properties.embeddedPort());
    }

    /**
     * Migrations run as the embedded schema's owner (requests use a role that cannot change the schema), and on a
     * connection of their own without the requests' statement timeout: a migration over a large table takes longer.
     */
    @Bean
    FlywayConfigurationCustomizer migrationsOwnConnection(DatabaseProperties properties, EmbeddedDatabase embedded) {
        return configuration -> {
            if (embedded.running()) {
                configuration.dataSource(embedded.jdbcUrl(), embedded.ownerUser(), embedded.ownerPassword());
            }
            else {
                configuration.dataSource(properties.url(), properties.user(), properties.password());
            }
        };
    }
}
