package dev.perfwatch.changes;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.support.Api;
import dev.perfwatch.support.ServerTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The changes view of 1,000 cases (issue 16: ≤ 50 ms at any trend depth). Not a test (tag {@code benchmark}): a
 * project of 1,000 cases measured at each of {@code bench.commits} commits (default 1,000, one run per commit,
 * results without samples: the view reads none) is loaded by SQL, then the newest commit's view is read at trend
 * depths 10, 100 and 1,000, interleaved. Run: {@code ./mvnw -o -pl server -am verify -Dgroups=benchmark
 * -DexcludedGroups=none -Dtest=ChangesBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
@ServerTest
class ChangesBenchmark {

    static final int COMMITS = Integer.getInteger("bench.commits", 1_000);

    static final int READS = Integer.getInteger("bench.reads", 40);

    static final int[] TRENDS = { 10, 100, 1000 };

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void thousandCasesAtEveryTrendDepth() {
        load();
        Api api = Api.at(port);
        String path = "/api/v1/changes?project=changes-bench&trend=";
        Api.Response first = api.get(path + 10);
        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(first.json().get("rows")).hasSize(1000);
        double[][] millis = new double[TRENDS.length][READS];
        // enough rounds for the JIT to compile the view's path (the in-process parts below run warm; five rounds
        // left the first HTTP reads at about twice the in-process time)
        for (int i = 0; i < 20; i++) {
            for (int trend : TRENDS) {
                api.get(path + trend);
            }
        }
        System.out.printf("BYTES changes view of 1,000 cases: %d at trend 10, %d at trend 1000%n",
                api.get(path + 10).body().length(), api.get(path + 1000).body().length());
        for (int i = 0; i < READS; i++) {
            for (int t = 0; t < TRENDS.length; t++) {
                long started = System.nanoTime();
                assertThat(api.get(path + TRENDS[t]).status()).isEqualTo(200);
                millis[t][i] = (System.nanoTime() - started) / 1e6;
            }
        }
        inProcess();
        explainTrend();
        againstMain();
        parts();
        for (int t = 0; t < TRENDS.length; t++) {
            Arrays.sort(millis[t]);
            System.out.printf("CHANGES 1,000 cases x %d commits, trend %d: p50 %.1f ms, p99 %.1f ms (load %.2f)%n",
                    COMMITS, TRENDS[t], millis[t][READS / 2], millis[t][(int) (READS * 0.99)],
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    /**
     * The trend's statement alone for the 1,000 series at the newest commit, result by result (as before V19, and
     * still up to ChangeQueries.FROM_RESULTS) against result_block's, interleaved read by read so that both see the
     * same load, at every depth.
     */
    private void inProcess() {
        long branch = jdbc.sql("select b.id from branch b join project p on p.id = b.project_id"
                + " where p.name = 'changes-bench'").query(Long.class).single();
        java.math.BigDecimal position = jdbc.sql("select max(position) from branch_commit where branch_id = :b")
            .param("b", branch).query(java.math.BigDecimal.class).single();
        String[][] ways = { { ChangeQueries.BY_RESULTS_COLUMNS, ChangeQueries.BY_RESULTS },
                { ChangeQueries.BY_BLOCKS_COLUMNS, ChangeQueries.BY_BLOCKS },
                { ChangeQueries.BY_SUMS_COLUMNS, ChangeQueries.BY_SUMS } };
        String[] names = { "every result", "blocks (main)", "through sums (V34)" };
        for (int trend : TRENDS) {
            double[][] wall = new double[ways.length][READS];
            int again = 0;
            for (int i = 0; i < READS; i++) {
                for (int way = 0; way < ways.length; way++) {
                    boolean sums = way == 2;
                    long started = System.nanoTime();
                    List<Object> rows = jdbc.sql("""
                            select s.id, %s from series s
                            cross join (select cast(:position as numeric) as position) here
                            %s
                            where s.branch_id = :branch
                            """.formatted(ways[way][0], ways[way][1]))
                        .param("branch", branch).param("position", position).param("trend", trend)
                        .param("edge", dev.perfwatch.series.ResultBlocks.block(position))
                        .query((rs, row) -> sums ? (Object) ChangeQueries.sums(rs) : (Object) rs.getDouble(2)).list();
                    wall[way][i] = (System.nanoTime() - started) / 1e6;
                    assertThat(rows).hasSize(1000);
                    if (sums && i == 0) {
                        again = (int) rows.stream().filter(t -> ((ChangeQueries.Trend) t).points() < 0).count();
                    }
                }
            }
            StringBuilder line = new StringBuilder("IN-PROCESS trend " + trend + ", statement alone:");
            for (int way = 0; way < ways.length; way++) {
                Arrays.sort(wall[way]);
                line.append(String.format(" %s p50 %.1f ms,", names[way], wall[way][READS / 2]));
            }
            System.out.printf("%s sums / blocks %.2f, sums / results %.2f, read again by blocks %d (load %.2f)%n",
                    line, wall[2][READS / 2] / wall[1][READS / 2], wall[2][READS / 2] / wall[0][READS / 2], again,
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    /** EXPLAIN (analyze, buffers) of the trend's statement at trend 1,000 by blocks (main) and by through sums. */
    private void explainTrend() {
        long branch = jdbc.sql("select b.id from branch b join project p on p.id = b.project_id"
                + " where p.name = 'changes-bench'").query(Long.class).single();
        java.math.BigDecimal position = jdbc.sql("select max(position) from branch_commit where branch_id = :b")
            .param("b", branch).query(java.math.BigDecimal.class).single();
        String sql = """
                select s.id, %s from series s
                cross join (select cast(:position as numeric) as position) here
                %s
                where s.branch_id = :branch
                """;
        System.out.println("EXPLAIN blocks:\n" + explain(sql.formatted(ChangeQueries.BY_BLOCKS_COLUMNS,
                ChangeQueries.BY_BLOCKS), branch, position));
        System.out.println("EXPLAIN sums:\n" + explain(sql.formatted(ChangeQueries.BY_SUMS_COLUMNS,
                ChangeQueries.BY_SUMS), branch, position));
    }

    /** The whole measured statement, main's (blocks beyond 256) against ChangeQueries.measured, interleaved. */
    private void againstMain() {
        ChangeQueries.Branch branch = queries.branch("changes-bench", null).orElseThrow();
        long environment = queries.environments(branch.id()).get(0).id();
        ChangeQueries.Placed at = neighbours.neighbour(branch.id(), environment, null, true).orElseThrow();
        for (int trend : TRENDS) {
            double[][] wall = new double[2][READS];
            boolean deep = trend > 8 * dev.perfwatch.series.ResultBlocks.SIZE;
            String mainSql = ChangeQueries.MEASURED.formatted(
                    deep ? ChangeQueries.BY_BLOCKS_COLUMNS : ChangeQueries.BY_RESULTS_COLUMNS,
                    deep ? ChangeQueries.BY_BLOCKS : ChangeQueries.BY_RESULTS);
            for (int i = 0; i < READS; i++) {
                for (int way = 0; way < 2; way++) {
                    long started = System.nanoTime();
                    if (way == 0) {
                        List<Double> rows = jdbc.sql(mainSql).param("branch", branch.id())
                            .param("environment", environment).param("commit", at.id())
                            .param("position", at.position()).param("metric", "primary").param("trend", trend)
                            .param("edge", dev.perfwatch.series.ResultBlocks.block(at.position()))
                            .query((rs, row) -> rs.getDouble("score")).list();
                        assertThat(rows).hasSize(1000);
                    }
                    else {
                        assertThat(queries.measured(branch.id(), environment, at, "primary", trend)).hasSize(1000);
                    }
                    wall[way][i] = (System.nanoTime() - started) / 1e6;
                }
            }
            Arrays.sort(wall[0]);
            Arrays.sort(wall[1]);
            System.out.printf("IN-PROCESS trend %d, measured statement: main's (blocks beyond 256) p50 %.1f ms, now"
                    + " (ChangeQueries.measured) %.1f ms, now / main %.2f (load %.2f)%n", trend, wall[0][READS / 2],
                    wall[1][READS / 2], wall[1][READS / 2] / wall[0][READS / 2],
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    private String explain(String sql, long branch, java.math.BigDecimal position) {
        return String.join("\n", jdbc.sql("explain (analyze, buffers) " + sql).param("branch", branch)
            .param("position", position).param("trend", 1000)
            .param("edge", dev.perfwatch.series.ResultBlocks.block(position)).query(String.class).list());
    }

    @Autowired
    ChangeQueries queries;

    @Autowired
    NeighbourCommits neighbours;

    @Autowired
    ChangesController controller;

    @Autowired
    tools.jackson.databind.json.JsonMapper json;

    /**
     * Where a view's time goes, step by step as the controller takes them, each step's wall time per read (p50),
     * interleaved read by read: the newest commit's lookup, the measured statement, the previous and next commits,
     * and the whole view in process with its JSON.
     */
    private void parts() {
        ChangeQueries.Branch branch = queries.branch("changes-bench", null).orElseThrow();
        long environment = queries.environments(branch.id()).get(0).id();
        String[] names = { "branch and environments", "newest commit (neighbour)", "measured, trend 10",
                "measured, trend 100", "measured, trend 1000", "previous and next (neighbour x2)",
                "previous and next by probing every series (main's neighbour x2)",
                "whole view in process + JSON, trend 10", "whole view in process + JSON, trend 1000" };
        ChangeQueries.Placed at = neighbours.neighbour(branch.id(), environment, null, true).orElseThrow();
        // the newest commit has no next: the view of the one before it has both neighbours
        ChangeQueries.Placed middle = neighbours.neighbour(branch.id(), environment, at.position(), true).orElseThrow();
        assertThat(neighbours.neighbourByProbes(branch.id(), environment, null, true)).contains(at);
        assertThat(neighbours.neighbourByProbes(branch.id(), environment, middle.position(), false)).contains(at);
        Runnable[] steps = { () -> {
            queries.branch("changes-bench", null);
            queries.environments(branch.id());
        }, () -> neighbours.neighbour(branch.id(), environment, null, true),
                () -> queries.measured(branch.id(), environment, at, "primary", 10),
                () -> queries.measured(branch.id(), environment, at, "primary", 100),
                () -> queries.measured(branch.id(), environment, at, "primary", 1000), () -> {
                    neighbours.neighbour(branch.id(), environment, at.position(), true);
                    neighbours.neighbour(branch.id(), environment, at.position(), false);
                }, () -> {
                    neighbours.neighbourByProbes(branch.id(), environment, at.position(), true);
                    neighbours.neighbourByProbes(branch.id(), environment, at.position(), false);
                }, () -> json.writeValueAsBytes(controller.changes("changes-bench", null, null, null, 10, "primary")),
                () -> json.writeValueAsBytes(controller.changes("changes-bench", null, null, null, 1000, "primary")) };
        double[][] wall = new double[steps.length][READS];
        for (int i = 0; i < READS; i++) {
            for (int step = 0; step < steps.length; step++) {
                long started = System.nanoTime();
                steps[step].run();
                wall[step][i] = (System.nanoTime() - started) / 1e6;
            }
        }
        for (int step = 0; step < steps.length; step++) {
            Arrays.sort(wall[step]);
            System.out.printf("PART %s: p50 %.1f ms (load %.2f)%n", names[step], wall[step][READS / 2],
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    private void load() {
        jdbc.sql("insert into project (name) values ('changes-bench')").update();
        jdbc.sql("insert into branch (project_id, name) select id, 'main' from project where name = 'changes-bench'")
            .update();
        jdbc.sql("update project set default_branch = 'main' where name = 'changes-bench'").update();
        jdbc.sql("insert into host (name, host_class) values ('changes-host', 'changes-4') on conflict do nothing")
            .update();
        jdbc.sql("insert into environment (host_class) values ('changes-4') on conflict do nothing").update();
        jdbc.sql("""
                insert into metric (name, unit, direction) values ('primary', 'ops/ms', 'higher') on conflict do nothing
                """).update();
        jdbc.sql("""
                insert into benchmark (project_id, name)
                select p.id, 'changes.Suite.m' || g from project p, generate_series(0, 9) g
                where p.name = 'changes-bench'
                """).update();
        jdbc.sql("""
                insert into benchmark_case (benchmark_id, mode, threads, params, key)
                select b.id, 'thrpt', 1, jsonb_build_object('n', cast(n as text)), 'thrpt;threads=1;n=' || n
                from benchmark b join project p on p.id = b.project_id and p.name = 'changes-bench'
                cross join generate_series(0, 99) n
                """).update();
        jdbc.sql("""
                insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                select p.id, br.id, c.id, m.id, e.id
                from project p join branch br on br.project_id = p.id
                join benchmark b on b.project_id = p.id join benchmark_case c on c.benchmark_id = b.id
                join metric m on m.name = 'primary' and m.unit = 'ops/ms'
                join environment e on e.host_class = 'changes-4'
                where p.name = 'changes-bench'
                """).update();
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select p.id, 'c' || lpad(to_hex(g), 39, '0'), timestamptz '2021-01-01' + g * interval '1 hour',
                       'Ada <ada@example.org>', 'Change ' || g, array['c' || lpad(to_hex(g - 1), 39, '0')]
                from project p, generate_series(1, :commits) g where p.name = 'changes-bench'
                """).param("commits", COMMITS).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select br.id, c.id, g
                from project p join branch br on br.project_id = p.id
                cross join generate_series(1, :commits) g
                join commit c on c.project_id = p.id and c.sha = 'c' || lpad(to_hex(g), 39, '0')
                where p.name = 'changes-bench'
                """).param("commits", COMMITS).update();
        jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count)
                select gen_random_uuid(), p.id, bc.branch_id, bc.commit_id, h.id, 'changes-4', 'bulk', 1000
                from project p join branch br on br.project_id = p.id
                join branch_commit bc on bc.branch_id = br.id
                join host h on h.name = 'changes-host'
                where p.name = 'changes-bench'
                """).update();
        // in slices of 100 commits (100,000 results), each well within the statement timeout
        for (int from = 1; from <= COMMITS; from += 100) {
            jdbc.sql("""
                insert into result (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper, samples)
                select r.id, s.id, r.commit_id, bc.position, v.score, v.score * 0.01, v.score * 0.99, v.score * 1.01,
                       '{}'
                from project p
                join run r on r.project_id = p.id
                join branch_commit bc on bc.branch_id = r.branch_id and bc.commit_id = r.commit_id
                join series s on s.project_id = p.id
                cross join lateral (select (1000 + s.id % 97) * (1 + 0.01 * (random() - 0.5)) as score) v
                where p.name = 'changes-bench' and bc.position between :from and :to
                """).param("from", from).param("to", from + 99).update();
        }
        // as the server's background fold leaves result_block within seconds of an upload
        while (blocks.fold(100_000) > 0) {
            // until every block is one row
        }
        vacuumAnalyze();
    }

    @Autowired
    dev.perfwatch.series.ResultBlocks blocks;

    @Autowired
    dev.perfwatch.database.DatabaseProperties database;

    @Autowired
    javax.sql.DataSource dataSource;

    /** As the schema's owner: the app role may not vacuum or analyze (PostgreSQL skips its tables with a warning). */
    private void vacuumAnalyze() {
        java.util.Properties credentials = new java.util.Properties();
        try (var reader = java.nio.file.Files.newBufferedReader(database.dataDir().resolve("postgres-credentials"))) {
            credentials.load(reader);
            try (var connection = java.sql.DriverManager.getConnection(
                    dataSource.unwrap(com.zaxxer.hikari.HikariDataSource.class).getJdbcUrl(), "perfwatch_owner",
                    credentials.getProperty("perfwatch_owner"));
                    var statement = connection.createStatement()) {
                statement.execute("vacuum analyze");
            }
        }
        catch (java.io.IOException | java.sql.SQLException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
