package dev.perfwatch.series;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Arrays;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import dev.perfwatch.support.ServerTest;

/**
 * What result_block's trigger (V19) adds to storing a run (not a test: tag {@code benchmark}, figures in
 * docs/performance.md): a 500-result run (500 series at one commit, 5 × 10 samples each, as IngestBenchmark's) is
 * inserted in one statement and committed, {@code bench.runs} times, alternating run by run between the trigger
 * enabled and disabled, so both see the same load; and the background fold of those rows. Run:
 * {@code ./mvnw -o -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none -Dtest=BlockTriggerBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
@ServerTest
class BlockTriggerBenchmark {

    static final int RUNS = Integer.getInteger("bench.runs", 200);

    @Autowired
    dev.perfwatch.database.DatabaseProperties database;

    @Autowired
    javax.sql.DataSource dataSource;

    @Autowired
    ResultBlocks blocks;

    @Test
    void fiveHundredResultRuns() throws Exception {
        java.util.Properties credentials = new java.util.Properties();
        try (var reader = java.nio.file.Files.newBufferedReader(database.dataDir().resolve("postgres-credentials"))) {
            credentials.load(reader);
        }
        try (Connection owner = DriverManager.getConnection(
                dataSource.unwrap(com.zaxxer.hikari.HikariDataSource.class).getJdbcUrl(), "perfwatch_owner",
                credentials.getProperty("perfwatch_owner"));
                Statement sql = owner.createStatement()) {
            sql.execute("""
                    insert into project (name, default_branch) values ('trigger-bench', 'main');
                    insert into branch (project_id, name) select id, 'main' from project where name = 'trigger-bench';
                    insert into host (name, host_class) values ('trigger-host', 'trigger-4') on conflict do nothing;
                    insert into environment (host_class) values ('trigger-4') on conflict do nothing;
                    insert into metric (name, unit, direction) values ('primary', 'ops/ms', 'higher')
                        on conflict do nothing;
                    insert into benchmark (project_id, name) select id, 'trigger.B.m' from project
                        where name = 'trigger-bench';
                    insert into benchmark_case (benchmark_id, mode, threads, params, key)
                    select b.id, 'thrpt', 1, jsonb_build_object('n', cast(n as text)), 'n=' || n
                    from benchmark b cross join generate_series(1, 500) n where b.name = 'trigger.B.m';
                    insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                    select p.id, br.id, c.id, m.id, e.id
                    from project p join branch br on br.project_id = p.id
                    join benchmark b on b.project_id = p.id join benchmark_case c on c.benchmark_id = b.id
                    join metric m on m.name = 'primary' and m.unit = 'ops/ms'
                    join environment e on e.host_class = 'trigger-4'
                    where p.name = 'trigger-bench';
                    """);
            double[][] millis = new double[2][RUNS / 2];
            for (int run = 0; run < RUNS; run++) {
                boolean on = run % 2 == 0;
                sql.execute("alter table result " + (on ? "enable" : "disable") + " trigger result_block_add");
                sql.execute("""
                        insert into commit (project_id, sha, parents)
                        select id, 'a' || lpad(to_hex(%1$d), 39, '0'), '{}' from project where name = 'trigger-bench';
                        insert into branch_commit (branch_id, commit_id, position)
                        select br.id, c.id, %1$d from branch br join project p on p.id = br.project_id
                        join commit c on c.project_id = p.id and c.sha = 'a' || lpad(to_hex(%1$d), 39, '0')
                        where p.name = 'trigger-bench';
                        insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256,
                                         result_count)
                        select gen_random_uuid(), (select project_id from branch where id = bc.branch_id),
                               bc.branch_id, bc.commit_id, h.id, 'trigger-4', 'trigger-%1$d', 500
                        from branch_commit bc join host h on h.name = 'trigger-host'
                        where bc.position = %1$d and bc.branch_id = (select br.id from branch br
                              join project p on p.id = br.project_id where p.name = 'trigger-bench');
                        """.formatted(run + 1));
                owner.setAutoCommit(false);
                long started = System.nanoTime();
                sql.execute("""
                        insert into result (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper,
                                            samples)
                        select r.id, s.id, r.commit_id, %1$d, v.score, 1, v.score - 1, v.score + 1,
                               array[array_fill(v.score, array[10]), array_fill(v.score, array[10]),
                                     array_fill(v.score, array[10]), array_fill(v.score, array[10]),
                                     array_fill(v.score, array[10])]
                        from run r join series s on s.branch_id = r.branch_id
                        cross join lateral (select 1000 + random() as score) v
                        where r.body_sha256 = 'trigger-%1$d'
                        """.formatted(run + 1));
                owner.commit();
                millis[on ? 0 : 1][run / 2] = (System.nanoTime() - started) / 1e6;
                owner.setAutoCommit(true);
            }
            sql.execute("alter table result enable trigger result_block_add");
            long foldStarted = System.nanoTime();
            int folded = 0;
            for (int pass = blocks.fold(100_000); pass > 0; pass = blocks.fold(100_000)) {
                folded += pass;
            }
            double foldMillis = (System.nanoTime() - foldStarted) / 1e6;
            Arrays.sort(millis[0]);
            Arrays.sort(millis[1]);
            System.out.printf("TRIGGER 500-result run inserted and committed: with result_block p50 %.2f ms, without"
                    + " %.2f ms, ratio %.2f; mean %.2f against %.2f ms; fold of %d rows %.0f ms (load %s)%n",
                    millis[0][millis[0].length / 2], millis[1][millis[1].length / 2],
                    millis[0][millis[0].length / 2] / millis[1][millis[1].length / 2],
                    Arrays.stream(millis[0]).average().orElse(0), Arrays.stream(millis[1]).average().orElse(0),
                    folded, foldMillis, ReadBenchmark.load());
        }
    }
}
