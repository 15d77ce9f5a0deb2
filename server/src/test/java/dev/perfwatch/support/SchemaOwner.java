package dev.perfwatch.support;

import java.io.Reader;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Properties;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import dev.perfwatch.database.DatabaseProperties;

/**
 * A connection as the schema's owner, on the server's own embedded database: the role requests use may not alter,
 * analyze or vacuum tables. The password is the one the server keeps beside its data.
 */
public final class SchemaOwner {

    private SchemaOwner() {
    }

    public static Connection connect(DatabaseProperties database, DataSource dataSource) throws Exception {
        Properties credentials = new Properties();
        try (Reader reader = Files.newBufferedReader(database.dataDir().resolve("postgres-credentials"))) {
            credentials.load(reader);
        }
        String url = dataSource.unwrap(HikariDataSource.class).getJdbcUrl();
        List<String> users = credentials.stringPropertyNames().stream().filter(n -> n.endsWith("_owner")).toList();
        if (users.size() != 1) {
            throw new IllegalStateException("not one owner role in the credentials: " + users);
        }
        return DriverManager.getConnection(url, users.get(0), credentials.getProperty(users.get(0)));
    }
}
