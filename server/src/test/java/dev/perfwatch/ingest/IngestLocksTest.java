package dev.perfwatch.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Uploads that share a host or a commit store side by side: a row lock held by another open transaction on that
 * host or commit (as an upload still storing its results held one, until it committed) does not make an upload
 * whose facts add nothing wait. Facts that do add something are still stored.
 */
@ServerTest
class IngestLocksTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    DataSource dataSource;

    @Test
    void uploadWhenItsHostIsLockedByAnOpenTransactionStoresWithoutWaiting() throws Exception {
        Api api = Api.at(port);
        ObjectNode first = run("locks-host", Runs.sha(1), List.of(), "locks-host-01");
        assertThat(api.postJson("/api/v1/runs", first.toString()).status()).isEqualTo(201);

        int status = whileLocked("select 1 from host where name = 'locks-host-01' for no key update", () -> api
            .postJson("/api/v1/runs", run("locks-host", Runs.sha(2), List.of(Runs.sha(1)), "locks-host-01").toString())
            .status());

        assertThat(status).isEqualTo(201);
    }

    @Test
    void uploadWhenItsCommitIsLockedByAnOpenTransactionStoresWithoutWaiting() throws Exception {
        Api api = Api.at(port);
        assertThat(api.postJson("/api/v1/runs", run("locks-commit", Runs.sha(3), List.of(), "locks-commit-01")
            .toString()).status()).isEqualTo(201);

        int status = whileLocked("select 1 from commit where sha = '" + Runs.sha(3)
                + "' and project_id = (select id from project where name = 'locks-commit') for no key update",
                () -> api.postJson("/api/v1/runs", run("locks-commit", Runs.sha(3), List.of(), "locks-commit-02")
                    .toString()).status());

        assertThat(status).isEqualTo(201);
        assertThat(jdbc.sql("""
                select count(*) from run r join project p on p.id = r.project_id where p.name = 'locks-commit'
                """).query(Integer.class).single()).isEqualTo(2);
    }

    @Test
    void uploadWhenHostOrCommitFactsAreNewStoresThem() {
        Api api = Api.at(port);
        ObjectNode bare = run("locks-facts", Runs.sha(4), List.of(), "locks-facts-01");
        ObjectNode bareCommit = (ObjectNode) bare.get("commit");
        bareCommit.remove("author");
        bareCommit.remove("message");
        ((ObjectNode) bare.get("host")).remove("kernel");
        assertThat(api.postJson("/api/v1/runs", bare.toString()).status()).isEqualTo(201);

        ObjectNode full = run("locks-facts", Runs.sha(4), List.of(), "locks-facts-01");
        ((ObjectNode) full.get("host")).put("kernel", "6.12.0");
        assertThat(api.postJson("/api/v1/runs", full.toString()).status()).isEqualTo(201);

        assertThat(jdbc.sql("select kernel from host where name = 'locks-facts-01'").query(String.class).single())
            .isEqualTo("6.12.0");
        assertThat(jdbc.sql("""
                select c.author from commit c join project p on p.id = c.project_id
                where p.name = 'locks-facts' and c.sha = :sha
                """).param("sha", Runs.sha(4)).query(String.class).single()).isEqualTo("Ada <ada@example.org>");
    }

    /** Runs the upload while another connection holds the lock; a wait for that lock fails after a minute. */
    private <T> T whileLocked(String lock, java.util.function.Supplier<T> upload) throws Exception {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try (PreparedStatement statement = connection.prepareStatement(lock)) {
                assertThat(statement.executeQuery().next()).as("the row to lock exists").isTrue();
                return CompletableFuture.supplyAsync(upload).get(60, TimeUnit.SECONDS);
            }
            finally {
                connection.rollback();
            }
        }
    }

    private static ObjectNode run(String project, String sha, List<String> parents, String host) {
        ObjectNode run = Runs.run(UUID.randomUUID(), project, sha, parents, "2026-11-01T10:00:00Z",
                Runs.thrpt("demo.Locks.bench" + sha.substring(sha.length() - 2) + host.charAt(host.length() - 1),
                        1000));
        ((ObjectNode) run.get("host")).put("name", host);
        return run;
    }
}
