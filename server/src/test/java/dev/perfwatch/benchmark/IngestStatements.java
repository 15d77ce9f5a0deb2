package dev.perfwatch.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.PerfwatchApplication;
import dev.perfwatch.support.Api;
import dev.perfwatch.support.Runs;

/**
 * What one run of {@link IngestBenchmark} (500 results, 5 forks x 10 iterations of samples each, two uploaders)
 * costs PostgreSQL, statement by statement, nested ones (result_block's trigger) apart: the server restarted with
 * {@code pg_stat_statements} (track = all), reset after {@code bench.warmUp} runs; then {@code bench.runs} runs,
 * and each statement's calls, planning and execution time and WAL per run are printed, with PostgreSQL's CPU per
 * result. The block fold and the pipeline are off, as in IngestBenchmark. Not a test: run on purpose.
 *
 * <pre>
 * ./mvnw -o -q -pl server -am verify -Dgroups=benchmark -DexcludedGroups=none -DskipITs -Dtest=IngestStatements \
 *     -Dsurefire.failIfNoSpecifiedTests=false [-Dbench.runs=200 -Dbench.warmUp=100]
 * </pre>
 */
@Tag("benchmark")
class IngestStatements {

    static final int RUNS = Integer.getInteger("bench.runs", 200);

    static final int WARM_UP = Integer.getInteger("bench.warmUp", 100);

    @Test
    void statementsOfOneIngestRun() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "bench-statements", UUID.randomUUID().toString()));
        try (ConfigurableApplicationContext server = start(dir)) {
            StatementStatistics.preload(server, dir, true);
        }
        try (ConfigurableApplicationContext server = start(dir);
                Connection superuser = StatementStatistics.superuser(server, dir);
                Statement sql = superuser.createStatement()) {
            sql.execute("create extension if not exists pg_stat_statements");
            Api api = Api.at(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
            JdbcClient jdbc = server.getBean(JdbcClient.class);
            upload(api, "bench-warmup", 900_000, WARM_UP, new Random(7));
            sql.execute("select pg_stat_statements_reset()");
            long commits = StatementStatistics.commits(sql);
            ServerCpu cpu = new ServerCpu(IngestBenchmark.postgresDirectory(jdbc));
            ServerCpu.Mark before = cpu.mark();
            long started = System.nanoTime();
            upload(api, "bench-ingest", 100_000, RUNS, new Random(42));
            double seconds = (System.nanoTime() - started) / 1e9;
            ServerCpu.Mark after = cpu.mark();
            long committed = StatementStatistics.commits(sql) - commits;
            int results = RUNS * IngestBenchmark.CASES * 4;
            System.out.printf("STATEMENTS %d runs of 500 after %d in %.1f s, %.0f results/s; %.2f transactions per run;"
                    + " PostgreSQL %.1f us/result, request threads %.1f us/result (load %s)%n", RUNS, WARM_UP,
                    seconds, results / seconds, committed / (double) RUNS, after.postgresMinus(before) / results / 1e3,
                    after.serverThreadsMinus(before) / results / 1e3, ServerCpu.load());
            StatementStatistics.print(sql, RUNS);
        }
    }

    private static void upload(Api api, String project, int shas, int runs, Random random) throws Exception {
        List<String> bodies = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            bodies.add(Runs.run(UUID.randomUUID(), project, Runs.sha(shas + run),
                    run == 0 ? List.of() : List.of(Runs.sha(shas + run - 1)), null, IngestBenchmark.jmhFile(random))
                .toString());
        }
        ExecutorService pool = Executors.newFixedThreadPool(IngestBenchmark.UPLOADERS);
        try {
            IngestBenchmark.post(pool, api, bodies);
        }
        finally {
            pool.shutdown();
        }
    }

    private static ConfigurableApplicationContext start(Path dir) {
        return new SpringApplicationBuilder(PerfwatchApplication.class).run("--server.port=0",
                "--perfwatch.db.data-dir=" + dir.toAbsolutePath(), "--perfwatch.security.admin-token=" + Api.ADMIN_TOKEN,
                "--perfwatch.pipeline.enabled=false", "--perfwatch.series.block-fold-interval=1h",
                "--logging.level.dev.perfwatch.ingest=warn");
    }
}
