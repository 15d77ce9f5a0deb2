package dev.perfwatch.database;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The embedded PostgreSQL accepts only the server and keeps what it acknowledged: probed as a local attacker
 * would (no password, the superuser's old default, COPY ... PROGRAM), on real PostgreSQL processes.
 */
class EmbeddedDatabaseTest {

    private final Path dataDir = Path.of("target/test-data/embedded-" + UUID.randomUUID()).toAbsolutePath();

    @Test
    void startWhenDirectoryNewIsDurableAndAcceptsOnlyPasswords() throws Exception {
        try (EmbeddedDatabase database = EmbeddedDatabase.start(dataDir, 0)) {
            try (Connection app = connect(database, database.appUser(), database.appPassword())) {
                assertThat(setting(app, "fsync")).isEqualTo("on");
                assertThat(setting(app, "synchronous_commit")).isEqualTo("on");
                assertThat(setting(app, "listen_addresses")).isEqualTo("127.0.0.1");
                assertThat(single(app, "select rolsuper::text from pg_roles where rolname = current_user"))
                    .isEqualTo("false");
                assertThatThrownBy(() -> app.createStatement().execute("copy (select 1) to program 'true'"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("permission denied");
                assertThatThrownBy(() -> app.createStatement().execute("create table intruder (id int)"))
                    .hasMessageContaining("permission denied");
            }
            for (String user : List.of("postgres", database.appUser(), database.ownerUser())) {
                assertThatThrownBy(() -> connect(database, user, "postgres"))
                    .hasMessageContaining("password authentication failed");
            }
            assertThat(Files.readString(dataDir.resolve("postgres/pg_hba.conf"))).doesNotContain("trust")
                .contains("scram-sha-256");
            assertThat(PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(dataDir.resolve("postgres-credentials")))).isEqualTo("rw-------");
        }
    }

    @Test
    void startWhenDirectoryMadeWithTrustUpgradesItInPlace() throws Exception {
        Path directory = dataDir.resolve("postgres");
        Files.createDirectories(directory);
        // What perfwatch before issue 14 made: zonky's defaults, trust, everything owned by the superuser.
        try (EmbeddedPostgres old = EmbeddedPostgres.builder().setDataDirectory(directory)
            .setCleanDataDirectory(false).start();
                Connection superuser = old.getPostgresDatabase().getConnection();
                Statement sql = superuser.createStatement()) {
            sql.execute("create table kept (id bigint generated always as identity, name text)");
            sql.execute("insert into kept (name) values ('acknowledged')");
        }

        try (EmbeddedDatabase database = EmbeddedDatabase.start(dataDir, 0);
                Connection app = connect(database, database.appUser(), database.appPassword())) {
            assertThat(single(app, "select name from kept")).isEqualTo("acknowledged");
            app.createStatement().execute("insert into kept (name) values ('new')");
            assertThat(single(app, "select tableowner from pg_tables where tablename = 'kept'"))
                .isEqualTo(database.ownerUser());
            assertThatThrownBy(() -> connect(database, "postgres", ""))
                .isInstanceOf(SQLException.class);
            assertThat(Files.readString(directory.resolve("pg_hba.conf"))).doesNotContain("trust");
        }
    }

    @Test
    void startWhenOrphanedPostgresStillRunsStopsItAndStarts() throws Exception {
        try (EmbeddedDatabase database = EmbeddedDatabase.start(dataDir, 0)) {
            assertThat(database.running()).isTrue();
        }
        // The PostgreSQL of a server killed with -9 keeps running on the directory.
        Path directory = dataDir.resolve("postgres");
        File binaries = EmbeddedDatabase.binaries();
        Process orphan = new ProcessBuilder(EmbeddedDatabase.command(binaries, "postgres", "-D",
                directory.toString(), "-c", "port=" + freePort(), "-c", "listen_addresses=127.0.0.1", "-c",
                "unix_socket_directories="))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
        try {
            awaitPidFile(directory, orphan.pid());

            try (EmbeddedDatabase database = EmbeddedDatabase.start(dataDir, 0);
                    Connection app = connect(database, database.appUser(), database.appPassword())) {
                assertThat(orphan.waitFor(10, TimeUnit.SECONDS)).isTrue();
                assertThat(single(app, "select 'healthy'")).isEqualTo("healthy");
            }
        }
        finally {
            orphan.destroyForcibly();
        }
    }

    private static void awaitPidFile(Path directory, long pid) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (Orphans.postmaster(directory).map(p -> p.pid() != pid).orElse(true)) {
            assertThat(System.nanoTime()).as("postgres wrote its pid file").isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static Connection connect(EmbeddedDatabase database, String user, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        return DriverManager.getConnection(database.jdbcUrl(), properties);
    }

    private static String setting(Connection connection, String name) throws SQLException {
        return single(connection, "select current_setting('" + name + "')");
    }

    private static String single(Connection connection, String query) throws SQLException {
        try (ResultSet rows = connection.createStatement().executeQuery(query)) {
            rows.next();
            return rows.getString(1);
        }
    }
}
