package dev.perfwatch.database;

import java.io.IOException;
import java.io.UncheckedIOException;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/** The embedded PostgreSQL, when one runs; stopped when the application context closes. */
final class EmbeddedDatabase implements AutoCloseable {

    private final EmbeddedPostgres postgres;

    private EmbeddedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    static EmbeddedDatabase of(EmbeddedPostgres postgres) {
        return new EmbeddedDatabase(postgres);
    }

    static EmbeddedDatabase none() {
        return new EmbeddedDatabase(null);
    }

    String jdbcUrl() {
        return postgres.getJdbcUrl("postgres", "postgres");
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
