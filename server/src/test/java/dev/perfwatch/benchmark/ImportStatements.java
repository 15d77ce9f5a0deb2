package dev.perfwatch.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Random;
import java.util.UUID;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.PerfwatchApplication;
import dev.perfwatch.support.Api;

import static org.awaitility.Awaitility.await;

/**
 * What one run of an import costs PostgreSQL, statement by statement: the import of {@link PipelineBenchmark} (runs
 * of ten results, one uploader, the pipeline on) with {@code pg_stat_statements} loaded, reset after a warm-up of
 * {@code bench.warmRuns} runs; then {@code bench.runs} runs are imported and detected, and each statement's calls,
 * planning and execution time per run are printed, with the transactions committed per run. Not a test: run on
 * purpose, figures in docs/performance.md ("Import and per-run cost").
 *
 * <pre>
 * ./mvnw -o -q -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none -DskipITs -Dtest=ImportStatements \
 *     -Dsurefire.failIfNoSpecifiedTests=false [-Dbench.runs=500 -Dbench.warmRuns=300]
 * </pre>
 */
@Tag("benchmark")
class ImportStatements {

    static final int RUNS = Integer.getInteger("bench.runs", 500);

    static final int WARM_RUNS = Integer.getInteger("bench.warmRuns", 300);

    @Test
    void statementsOfOneImportRun() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "bench-statements", UUID.randomUUID().toString()));
        // pg_stat_statements is loaded at PostgreSQL's start only: the first start makes the database and asks for it.
        try (ConfigurableApplicationContext server = start(dir)) {
            StatementStatistics.preload(server, dir, false);
        }
        try (ConfigurableApplicationContext server = start(dir);
                Connection superuser = StatementStatistics.superuser(server, dir);
                Statement sql = superuser.createStatement()) {
            sql.execute("create extension if not exists pg_stat_statements");
            Api api = Api.at(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
            JdbcClient jdbc = server.getBean(JdbcClient.class);
            dev.perfwatch.apidocs.ApiDocsWarmupAccess.awaitBuilt(server);
            Random random = new Random(7);
            LocalDateTime first = LocalDateTime.of(2019, 1, 1, 12, 0);
            PipelineBenchmark.Uploads warm = PipelineBenchmark.Uploads.of(1, WARM_RUNS,
                    n -> PipelineBenchmark.run("import", n, PipelineBenchmark.smallRun(random, n), first.plusDays(n) + "Z"));
            warm.run(api, "/api/v1/runs");
            drain(jdbc);
            sql.execute("select pg_stat_statements_reset()");
            long commits = StatementStatistics.commits(sql);
            PipelineBenchmark.Uploads measured = PipelineBenchmark.Uploads.of(1, RUNS,
                    n -> PipelineBenchmark.run("import", WARM_RUNS + n,
                            PipelineBenchmark.smallRun(random, WARM_RUNS + n), first.plusDays(WARM_RUNS + n) + "Z"));
            long started = System.nanoTime();
            measured.run(api, "/api/v1/runs");
            drain(jdbc);
            double seconds = (System.nanoTime() - started) / 1e9;
            long committed = StatementStatistics.commits(sql) - commits;
            System.out.printf("STATEMENTS %d runs after %d in %.1f s; %.2f transactions committed per run (load %s)%n",
                    RUNS, WARM_RUNS, seconds, committed / (double) RUNS, ServerCpu.load());
            StatementStatistics.print(sql, RUNS);
        }
    }

    private static ConfigurableApplicationContext start(Path dir) {
        return new SpringApplicationBuilder(PerfwatchApplication.class).run("--server.port=0",
                "--perfwatch.db.data-dir=" + dir.toAbsolutePath(), "--perfwatch.security.admin-token=" + Api.ADMIN_TOKEN,
                "--logging.level.dev.perfwatch.ingest=warn", "--logging.level.dev.perfwatch.pipeline.RunAnalysis=warn");
    }

    private static void drain(JdbcClient jdbc) {
        await().atMost(Duration.ofHours(1)).pollInterval(Duration.ofMillis(10))
            .until(() -> jdbc.sql("select count(*) from detection_task").query(Long.class).single() == 0);
    }
}
