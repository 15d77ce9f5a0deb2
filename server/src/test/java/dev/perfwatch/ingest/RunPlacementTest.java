package dev.perfwatch.ingest;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's project, branch, commit and place as stored since they take fewer statements (a commit read or inserted
 * with its position in one, placement after the lock in one, project and branch ids kept in process): the same rows
 * and positions as the statements they replaced gave.
 */
@ServerTest
class RunPlacementTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    IngestService ingest;

    @Autowired
    BranchIds branchIds;

    @Autowired
    TransactionTemplate transaction;

    @Autowired
    JsonMapper json;

    @Test
    void uploadWhenAHistoryArrivesInOrderPlacesEachCommitAfterItsParent() {
        for (int n = 1; n <= 4; n++) {
            post(run("place-order", n, n == 1 ? List.of() : List.of(Runs.sha(n - 1)), null));
        }

        assertThat(positions("place-order")).containsExactly(pos(1), pos(2), pos(3), pos(4));
    }

    @Test
    void uploadWhenACommitIsBetweenTwoPlacedOnesTakesTheMidpointAndItsChildStaysAfterIt() {
        post(run("place-between", 1, List.of(), null));
        post(run("place-between", 3, List.of(Runs.sha(2)), null)); // its parent unknown yet: last
        post(run("place-between", 2, List.of(Runs.sha(1)), null)); // after 1, before 3

        assertThat(shasInOrder("place-between")).containsExactly(Runs.sha(1), Runs.sha(2), Runs.sha(3));
        assertThat(positions("place-between")).containsExactly(pos(1), new BigDecimal("1.5"), pos(2));
    }

    @Test
    void uploadWhenHistoryArrivesBackwardsPlacesEachCommitBeforeItsChild() {
        for (int n = 4; n >= 1; n--) {
            post(run("place-backwards", n, n == 1 ? List.of() : List.of(Runs.sha(n - 1)), null));
        }

        assertThat(shasInOrder("place-backwards")).containsExactly(Runs.sha(1), Runs.sha(2), Runs.sha(3), Runs.sha(4));
    }

    @Test
    void uploadWhenACommitIsKnownWithoutFactsFillsThemInAndKeepsItsPlace() {
        post(run("place-fill", 1, List.of(), null));
        ObjectNode bare = run("place-fill", 2, List.of(), null);
        ((ObjectNode) bare.get("commit")).remove(List.of("author", "message"));
        post(bare);
        BigDecimal placed = positions("place-fill").get(1);

        post(run("place-fill", 2, List.of(Runs.sha(1)), "2024-03-01T12:00:00Z"));

        assertThat(jdbc.sql("""
                select c.author is not null and c.message is not null and c.time is not null
                       and c.parents = array[cast(:parent as text)]
                from commit c join project p on p.id = c.project_id where p.name = 'place-fill' and c.sha = :sha
                """).param("parent", Runs.sha(1)).param("sha", Runs.sha(2)).query(Boolean.class).single()).isTrue();
        assertThat(positions("place-fill")).hasSize(2).element(1).isEqualTo(placed);
        assertThat(commits("place-fill")).isEqualTo(2);
    }

    @Test
    void uploadWhenTheProjectWasStoredWithoutRepositoryFillsItInThoughItsIdsAreKept() {
        ObjectNode first = run("place-repo", 1, List.of(), null);
        first.remove("repository");
        post(first);
        post(first.deepCopy().put("id", UUID.randomUUID().toString())); // the ids are kept now, without repository
        assertThat(jdbc.sql("select coalesce(repository, '') from project where name = 'place-repo'")
            .query(String.class).single()).isEmpty();

        post(run("place-repo", 2, List.of(Runs.sha(1)), null));

        assertThat(jdbc.sql("select repository from project where name = 'place-repo'").query(String.class).single())
            .isEqualTo("https://example.org/place-repo.git");
        post(run("place-repo", 3, List.of(Runs.sha(2)), null).put("repository", "https://example.org/other.git"));
        assertThat(jdbc.sql("select repository from project where name = 'place-repo'").query(String.class).single())
            .as("a repository once set is kept").isEqualTo("https://example.org/place-repo.git");
        assertThat(jdbc.sql("select count(*) from branch b join project p on p.id = b.project_id"
                + " where p.name = 'place-repo'").query(Integer.class).single()).isEqualTo(1);
    }

    @Test
    void uploadWhenTheFirstRunOfAProjectRolledBackCreatesTheProjectAgain() {
        int kept = branchIds.size();
        ObjectNode first = run("place-rollback", 1, List.of(), null);
        transaction.executeWithoutResult(status -> {
            ingest.ingest(json.treeToValue(first, RunUpload.class), "rolled-back");
            status.setRollbackOnly();
        });
        assertThat(branchIds.size()).as("nothing kept from a rolled-back transaction").isEqualTo(kept);
        assertThat(jdbc.sql("select count(*) from project where name = 'place-rollback'").query(Integer.class)
            .single()).isZero();

        ObjectNode again = first.deepCopy().put("id", UUID.randomUUID().toString());
        post(again);

        assertThat(positions("place-rollback")).containsExactly(pos(1));
        assertThat(jdbc.sql("select count(*) from run r join project p on p.id = r.project_id"
                + " where p.name = 'place-rollback'").query(Integer.class).single()).isEqualTo(1);
    }

    @Test
    void uploadWhenTheHostsFactsChangeStoresTheNewOnesThoughTheOldOnesAreKept() {
        ObjectNode first = run("place-host", 1, List.of(), null);
        ((ObjectNode) first.get("host")).put("name", "place-host-01");
        post(first);
        post(first.deepCopy().put("id", UUID.randomUUID().toString())); // its id is kept now
        ObjectNode upgraded = run("place-host", 2, List.of(Runs.sha(1)), null);
        ((ObjectNode) upgraded.get("host")).put("name", "place-host-01").put("kernel", "6.12.0");
        post(upgraded);
        assertThat(kernel("place-host-01")).isEqualTo("6.12.0");

        ObjectNode back = run("place-host", 3, List.of(Runs.sha(2)), null);
        ((ObjectNode) back.get("host")).put("name", "place-host-01");
        post(back);

        assertThat(kernel("place-host-01")).as("the last facts received").isEqualTo("6.1.0");
        assertThat(jdbc.sql("select count(distinct host_id) from run r join project p on p.id = r.project_id"
                + " where p.name = 'place-host'").query(Integer.class).single()).isEqualTo(1);
    }

    @Test
    void uploadWhenTheFirstRunOfAHostRolledBackCreatesTheHostAgain() {
        ObjectNode first = run("place-host-rollback", 1, List.of(), null);
        ((ObjectNode) first.get("host")).put("name", "place-host-rollback-01");
        transaction.executeWithoutResult(status -> {
            ingest.ingest(json.treeToValue(first, RunUpload.class), "rolled-back");
            status.setRollbackOnly();
        });
        assertThat(jdbc.sql("select count(*) from host where name = 'place-host-rollback-01'").query(Integer.class)
            .single()).isZero();

        post(first.deepCopy().put("id", UUID.randomUUID().toString()));

        assertThat(jdbc.sql("""
                select count(*) from run r join host h on h.id = r.host_id
                where h.name = 'place-host-rollback-01'
                """).query(Integer.class).single()).isEqualTo(1);
    }

    private String kernel(String host) {
        return jdbc.sql("select kernel from host where name = :name").param("name", host).query(String.class)
            .single();
    }

    private void post(ObjectNode run) {
        Api.Response response = Api.at(port).postJson("/api/v1/runs", run.toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    private static ObjectNode run(String project, int n, List<String> parents, String time) {
        return Runs.run(UUID.randomUUID(), project, Runs.sha(n), parents, time, Runs.thrpt("demo.Place.bench", n));
    }

    private static BigDecimal pos(int n) {
        return BigDecimal.valueOf(n);
    }

    private List<BigDecimal> positions(String project) {
        return jdbc.sql("""
                select bc.position from branch_commit bc join branch b on b.id = bc.branch_id
                join project p on p.id = b.project_id where p.name = :project order by bc.position
                """).param("project", project).query(BigDecimal.class).list()
            .stream().map(BigDecimal::stripTrailingZeros).toList();
    }

    private List<String> shasInOrder(String project) {
        return jdbc.sql("""
                select c.sha from branch_commit bc join commit c on c.id = bc.commit_id
                join project p on p.id = c.project_id where p.name = :project order by bc.position
                """).param("project", project).query(String.class).list();
    }

    private int commits(String project) {
        return jdbc.sql("select count(*) from commit c join project p on p.id = c.project_id where p.name = :p")
            .param("p", project).query(Integer.class).single();
    }
}
