package dev.perfwatch.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One {@link DataSource} for the whole server: the configured PostgreSQL, or an embedded one started on the data
 * directory so that a newcomer needs nothing installed and keeps their data across restarts.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

    private static final Logger log = LoggerFactory.getLogger(DatabaseConfiguration.class);

    @Bean(destroyMethod = "close")
    HikariDataSource dataSource(DatabaseProperties properties, EmbeddedDatabase embedded) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("perfwatch");
        config.setMaximumPoolSize(10);
        if (properties.embedded()) {
            config.setJdbcUrl(embedded.jdbcUrl());
            config.setUsername("postgres");
            config.setPassword("postgres");
        }
        else {
            config.setJdbcUrl(properties.url());
            config.setUsername(properties.user());
            config.setPassword(properties.password());
        }
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        return new HikariDataSource(config);
    }

    @Bean(destroyMethod = "close")
    EmbeddedDatabase embeddedDatabase(DatabaseProperties properties) {
        if (!properties.embedded()) {
            return EmbeddedDatabase.none();
        }
        Path directory = properties.dataDir().resolve("postgres").toAbsolutePath().normalize();
        try {
            Files.createDirectories(directory);
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(false)
                .setPort(properties.embeddedPort())
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .start();
            log.info("Embedded PostgreSQL on port {} with data in {}", postgres.getPort(), directory);
            return EmbeddedDatabase.of(postgres);
        }
        catch (IOException ex) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL in " + directory, ex);
        }
    }
}
