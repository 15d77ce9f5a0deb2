package dev.perfwatch.database;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import io.zonky.test.db.postgres.util.LinuxUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded PostgreSQL, when one runs; stopped when the application context closes. It accepts only the server:
 * loopback TCP with scram passwords, no Unix socket, no trust entry, and requests use a role that is no superuser.
 * Acknowledged runs survive a crash of the machine: fsync and synchronous commit stay on.
 */
final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabase.class);

    static final String DATABASE = "postgres";

    private final EmbeddedPostgres postgres;

    private final EmbeddedCredentials credentials;

    private EmbeddedDatabase(EmbeddedPostgres postgres, EmbeddedCredentials credentials) {
        this.postgres = postgres;
        this.credentials = credentials;
    }

    static EmbeddedDatabase none() {
        return new EmbeddedDatabase(null, null);
    }

    /**
     * Starts PostgreSQL on {@code dataDir/postgres}: a new directory is made with scram from its first second; one
     * made by an older perfwatch (trust, everything as the superuser) is upgraded in place; one still served by a
     * PostgreSQL whose server was killed is first stopped, so the first restart after a kill -9 works.
     */
    static EmbeddedDatabase start(Path dataDir, int port) {
        Path directory = dataDir.resolve("postgres").toAbsolutePath().normalize();
        Path secrets = dataDir.resolve("postgres-credentials").toAbsolutePath().normalize();
        try {
            Files.createDirectories(directory);
            File binaries = binaries();
            boolean fresh = !Files.exists(directory.resolve("postgresql.conf"));
            EmbeddedCredentials credentials;
            if (fresh) {
                credentials = EmbeddedCredentials.generate(secrets);
                initdb(binaries, directory, credentials.superuser());
            }
            else {
                Orphans.stop(binaries, directory);
                credentials = EmbeddedCredentials.exist(secrets) ? EmbeddedCredentials.read(secrets)
                        : EmbeddedCredentials.generate(secrets);
            }
            boolean legacy = HostBasedAccess.trusts(directory);
            if (legacy) {
                log.warn("The embedded PostgreSQL in {} trusts every local user (made by an older perfwatch): "
                        + "giving its roles passwords and turning trust off", directory);
            }
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("unix_socket_directories", "")
                .setServerConfig("password_encryption", "scram-sha-256")
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on")
                .setConnectConfig("password", credentials.superuser())
                .setDataDirectoryCustomizer(dir -> HostBasedAccess.write(dir.toPath(), legacy))
                .start();
            try (Connection connection = connect(postgres.getPort(), EmbeddedCredentials.SUPERUSER,
                    credentials.superuser())) {
                Roles.secure(connection, credentials);
            }
            if (legacy) {
                HostBasedAccess.write(directory, false);
                try (Connection connection = connect(postgres.getPort(), EmbeddedCredentials.SUPERUSER,
                        credentials.superuser())) {
                    connection.createStatement().execute("select pg_reload_conf()");
                }
            }
            log.info("Embedded PostgreSQL on port {} (127.0.0.1 only) with data in {}", postgres.getPort(), directory);
            return new EmbeddedDatabase(postgres, credentials);
        }
        catch (IOException ex) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL in " + directory, ex);
        }
        catch (SQLException ex) {
            throw new IllegalStateException("Could not secure the embedded PostgreSQL in " + directory + ": "
                    + ex.getMessage(), ex);
        }
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE;
    }

    String appUser() {
        return EmbeddedCredentials.APP;
    }

    String appPassword() {
        return credentials.app();
    }

    String ownerUser() {
        return EmbeddedCredentials.OWNER;
    }

    String ownerPassword() {
        return credentials.owner();
    }

    boolean running() {
        return postgres != null;
    }

    private static Connection connect(int port, String user, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE, properties);
    }

    /** initdb with scram and the superuser's password from a file, so that no moment exists without a password. */
    private static void initdb(File binaries, Path directory, String superuserPassword) throws IOException {
        Path passwordFile = Files.createTempFile(directory.getParent(), "initdb", ".pw",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(passwordFile, superuserPassword + "\n", StandardCharsets.UTF_8);
            Process process = new ProcessBuilder(command(binaries, "initdb", "-A", "scram-sha-256", "-U",
                    EmbeddedCredentials.SUPERUSER, "--pwfile=" + passwordFile, "-D", directory.toString(), "-E",
                    "UTF-8"))
                .redirectErrorStream(true)
                .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IOException("initdb failed: " + output);
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while initdb ran", ex);
        }
        finally {
            Files.deleteIfExists(passwordFile);
        }
    }

    /** A PostgreSQL program, in a user namespace when run as root (PostgreSQL refuses root), as zonky runs them. */
    static List<String> command(File binaries, String program, String... arguments) {
        List<String> command = new java.util.ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            command.addAll(List.of("unshare", "-U"));
        }
        command.add(new File(binaries, "bin/" + program).getPath());
        command.addAll(List.of(arguments));
        return command;
    }

    /**
     * Where zonky unpacked the PostgreSQL binaries (the same cached directory it starts the server from). zonky runs
     * initdb with trust and has no option for another method, so initdb is run here first.
     */
    static File binaries() {
        try {
            Method prepare = EmbeddedPostgres.class.getDeclaredMethod("prepareBinaries", PgBinaryResolver.class,
                    File.class);
            prepare.setAccessible(true);
            return (File) prepare.invoke(null, DefaultPostgresBinaryResolver.INSTANCE, null);
        }
        catch (ReflectiveOperationException ex) {
            throw new IllegalStateException("Cannot find the embedded PostgreSQL's binaries", ex);
        }
    }

    @Override
    public void close() {
        if (postgres == null) {
            return;
        }
        try {
            postgres.close();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
