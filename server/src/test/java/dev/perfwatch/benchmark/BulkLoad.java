package dev.perfwatch.benchmark;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * Fills the database by SQL alone, the way a long history would have left it: a project whose {@code series}
 * cases (one benchmark per 100 cases, primary score in ops/ms) were measured at each of {@code commits} commits of a
 * first-parent chain, one run per commit, every result with 5 forks × 10 iterations of samples.
 *
 * <p>Fast because PostgreSQL generates the rows itself ({@code generate_series}, no client round trip per row), the
 * result table's indexes are dropped during a load and built once after it (one sort instead of 50 million random
 * B-tree inserts, which is what held the old load to 13,000 results/s), and the connection runs as the superuser
 * with {@code session_replication_role = replica}, which skips the foreign-key triggers: every generated row points
 * at a run, series and commit made a moment before by the same code, so checking each is wasted work. Two
 * connections load disjoint commit ranges at once.
 */
final class BulkLoad {

    /** Rows per statement: large enough that planning is nothing, small enough to show progress. */
    private static final int RESULTS_PER_STATEMENT = 500_000;

    private final JdbcClient jdbc;

    private final String project;

    BulkLoad(DataSource superuser, String project) {
        this.jdbc = JdbcClient.create(superuser);
        this.project = project;
    }

    /**
     * The embedded PostgreSQL's superuser, read from the credentials file the server keeps beside its data; the
     * port is the one the server's own pool connects to.
     */
    static DataSource superuser(Path dataDir, String serverJdbcUrl) {
        Properties credentials = new Properties();
        try (Reader reader = Files.newBufferedReader(dataDir.resolve("postgres-credentials"))) {
            credentials.load(reader);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        SimpleDriverDataSource dataSource = new SimpleDriverDataSource(new org.postgresql.Driver(), serverJdbcUrl,
                "postgres", credentials.getProperty("postgres"));
        Properties properties = new Properties();
        properties.setProperty("options",
                "-c session_replication_role=replica -c maintenance_work_mem=1GB -c statement_timeout=0");
        dataSource.setConnectionProperties(properties);
        return dataSource;
    }

    /** The project, its branch, host, environment, metric, cases and series; idempotent. */
    void vocabulary(int series) {
        jdbc.sql("insert into project (name) values (:p) on conflict do nothing").param("p", project).update();
        jdbc.sql("""
                insert into branch (project_id, name) select id, 'main' from project where name = :p
                on conflict do nothing
                """).param("p", project).update();
        jdbc.sql("""
                insert into host (name, host_class) values ('bulk-host', 'bulk-4-core') on conflict do nothing
                """).update();
        jdbc.sql("""
                insert into environment (host_class, jdk_version, vm_name, vm_version)
                values ('bulk-4-core', '17.0.15', 'OpenJDK 64-Bit Server VM', '17.0.15+6') on conflict do nothing
                """).update();
        jdbc.sql("""
                insert into metric (name, unit, direction) values ('primary', 'ops/ms', 'higher') on conflict do nothing
                """).update();
        jdbc.sql("""
                insert into benchmark (project_id, name)
                select p.id, 'bulk.Suite.method' || b from project p, generate_series(0, (:series - 1) / 100) b
                where p.name = :p
                on conflict do nothing
                """).param("p", project).param("series", series).update();
        jdbc.sql("""
                insert into benchmark_case (benchmark_id, mode, threads, params, key)
                select b.id, 'thrpt', 1, jsonb_build_object('n', cast(n as text)), 'thrpt;threads=1;n=' || n
                from project p
                join benchmark b on b.project_id = p.id
                cross join generate_series(0, 99) n
                where p.name = :p and cast(substring(b.name from 'method(\\d+)$') as integer) * 100 + n < :series
                on conflict do nothing
                """).param("p", project).param("series", series).update();
        jdbc.sql("""
                insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                select p.id, br.id, c.id, m.id, e.id
                from project p
                join branch br on br.project_id = p.id and br.name = 'main'
                join benchmark b on b.project_id = p.id
                join benchmark_case c on c.benchmark_id = b.id
                join metric m on m.name = 'primary' and m.unit = 'ops/ms'
                join environment e on e.host_class = 'bulk-4-core'
                where p.name = :p
                order by c.id
                on conflict do nothing
                """).param("p", project).update();
    }

    /**
     * Commits {@code from}..{@code to} (1-based, inclusive), each with one run holding a result of every series,
     * with the result table's indexes dropped meanwhile and built again after; {@code vacuum analyze} once.
     * Returns the results loaded.
     */
    long commits(int from, int to, int workers) throws Exception {
        chain(from, to);
        int series = jdbc.sql("select count(*) from series s join project p on p.id = s.project_id where p.name = :p")
            .param("p", project)
            .query(Integer.class)
            .single();
        int step = Math.max(1, RESULTS_PER_STATEMENT / Math.max(1, series));
        List<String> indexes = dropIndexes();
        AtomicInteger next = new AtomicInteger(from);
        AtomicLong loaded = new AtomicLong();
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<?>> loaders = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                loaders.add(pool.submit(() -> {
                    for (int first = next.getAndAdd(step); first <= to; first = next.getAndAdd(step)) {
                        long rows = results(first, Math.min(to, first + step - 1));
                        long total = loaded.addAndGet(rows);
                        double seconds = (System.nanoTime() - started) / 1e9;
                        System.out.printf(Locale.ROOT, "LOAD %s commit %d: %,d results, %.0f results/s%n", project,
                                first, total, total / seconds);
                    }
                    return null;
                }));
            }
            for (Future<?> loader : loaders) {
                loader.get();
            }
        }
        finally {
            pool.shutdown();
        }
        changes(from, to);
        long indexing = System.nanoTime();
        for (String index : indexes) {
            jdbc.sql(index).update();
        }
        System.out.printf(Locale.ROOT, "INDEX %s: %d indexes built in %.0f s%n", project, indexes.size(),
                (System.nanoTime() - indexing) / 1e9);
        long vacuum = System.nanoTime();
        jdbc.sql("vacuum analyze").update();
        System.out.printf(Locale.ROOT, "VACUUM analyze in %.0f s%n", (System.nanoTime() - vacuum) / 1e9);
        return loaded.get();
    }

    /** The commits, their places on the branch and one run each: small, one statement each. */
    private void chain(int from, int to) {
        jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                select p.id, lpad(to_hex(g), 40, '0'), timestamptz '2020-01-01' + g * interval '10 minutes',
                       'Bulk <bulk@example.org>', 'Bulk commit ' || g,
                       case when g = 1 then '{}' else array[lpad(to_hex(g - 1), 40, '0')] end
                from project p, generate_series(:from, :to) g
                where p.name = :p
                on conflict do nothing
                """).param("p", project).param("from", from).param("to", to).update();
        jdbc.sql("""
                insert into branch_commit (branch_id, commit_id, position)
                select br.id, c.id, g
                from project p
                join branch br on br.project_id = p.id and br.name = 'main'
                cross join generate_series(:from, :to) g
                join commit c on c.project_id = p.id and c.sha = lpad(to_hex(g), 40, '0')
                where p.name = :p
                on conflict do nothing
                """).param("p", project).param("from", from).param("to", to).update();
        jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count)
                select gen_random_uuid(), p.id, br.id, c.id, h.id, 'bulk-4-core', 'bulk',
                       (select count(*) from series s where s.project_id = p.id)
                from project p
                join branch br on br.project_id = p.id and br.name = 'main'
                join branch_commit bc on bc.branch_id = br.id and bc.position between :from and :to
                join commit c on c.id = bc.commit_id
                join host h on h.name = 'bulk-host'
                where p.name = :p and not exists (select 1 from run r where r.commit_id = c.id)
                """).param("p", project).param("from", from).param("to", to).update();
    }

    /** One level per series with 1% noise; the samples are the score with a per-fork offset (realistic size). */
    private long results(int from, int to) {
        return jdbc.sql("""
                insert into result (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper, samples)
                select r.id, s.id, r.commit_id, bc.position, v.score, v.score * 0.01, v.score * 0.99, v.score * 1.01,
                       array[array_fill(v.score * 0.998, array[10]), array_fill(v.score * 0.999, array[10]),
                             array_fill(v.score, array[10]), array_fill(v.score * 1.001, array[10]),
                             array_fill(v.score * 1.002, array[10])]
                from project p
                join branch br on br.project_id = p.id and br.name = 'main'
                join branch_commit bc on bc.branch_id = br.id and bc.position between :from and :to
                join run r on r.commit_id = bc.commit_id
                join series s on s.project_id = p.id
                cross join lateral (select (1000 + s.id % 997) * (1 + 0.01 * (random() - 0.5)) as score) v
                where p.name = :p
                """).param("p", project).param("from", from).param("to", to).update();
    }

    /**
     * A change point of every series at one commit of the slice (historical, as an import leaves them), and an
     * alert with its group for one series in ten, so that the change-point and alert lists read from tables of
     * the size such a history has.
     */
    private void changes(int from, int to) {
        jdbc.sql("""
                insert into suspect (series_id, first_bad_commit_id, last_good_commit_id, direction, magnitude,
                                     confidence, before_value, before_lower, before_upper, before_points,
                                     after_value, after_lower, after_upper, after_points, status, created_at)
                select s.id, bad.commit_id, good.commit_id, 'regression', -0.05, 0.99, 1000, 990, 1010, 20,
                       950, 940, 960, 20, 'historical', c.time
                from project p
                join branch br on br.project_id = p.id and br.name = 'main'
                join series s on s.project_id = p.id
                join branch_commit bad on bad.branch_id = br.id
                     and bad.position = greatest(2, :from) + s.id % (:to - greatest(2, :from) + 1)
                join branch_commit good on good.branch_id = br.id and good.position = bad.position - 1
                join commit c on c.id = bad.commit_id
                where p.name = :p
                on conflict do nothing
                """).param("p", project).param("from", from).param("to", to).update();
        jdbc.sql("""
                insert into alert_group (project_id, first_bad_commit_id, last_good_commit_id, created_at, updated_at)
                select distinct p.id, su.first_bad_commit_id, su.last_good_commit_id, c.time, c.time
                from project p
                join series s on s.project_id = p.id and s.id % 10 = 0
                join suspect su on su.series_id = s.id
                join branch_commit bc on bc.commit_id = su.first_bad_commit_id and bc.position between :from and :to
                join commit c on c.id = su.first_bad_commit_id
                where p.name = :p
                on conflict do nothing
                """).param("p", project).param("from", from).param("to", to).update();
        jdbc.sql("""
                insert into alert (group_id, series_id, first_bad_commit_id, last_good_commit_id, kind,
                                   before_value, before_lower, before_upper, before_points,
                                   after_value, after_lower, after_upper, after_points, magnitude, confidence,
                                   created_at, updated_at)
                select g.id, s.id, su.first_bad_commit_id, su.last_good_commit_id, 'regression',
                       1000, 990, 1010, 20, 950, 940, 960, 20, -0.05, 0.99, g.created_at, g.created_at
                from project p
                join series s on s.project_id = p.id and s.id % 10 = 0
                join suspect su on su.series_id = s.id
                join branch_commit bc on bc.commit_id = su.first_bad_commit_id and bc.position between :from and :to
                join alert_group g on g.project_id = p.id and g.first_bad_commit_id = su.first_bad_commit_id
                     and g.last_good_commit_id = su.last_good_commit_id
                where p.name = :p
                on conflict do nothing
                """).param("p", project).param("from", from).param("to", to).update();
    }

    /**
     * Drops the result table's indexes and primary key and returns the statements that build them again, read
     * from the catalog so that a later migration's indexes are rebuilt as that migration made them.
     */
    private List<String> dropIndexes() {
        List<String> constraints = jdbc.sql("""
                select conname, pg_get_constraintdef(oid) from pg_constraint
                where conrelid = 'result'::regclass and contype in ('p', 'u')
                """).query((rs, row) -> new String[] { rs.getString(1), rs.getString(2) }).list().stream()
            .map(c -> {
                jdbc.sql("alter table result drop constraint " + c[0]).update();
                return "alter table result add constraint " + c[0] + " " + c[1];
            })
            .toList();
        List<String> indexes = jdbc.sql("select indexname, indexdef from pg_indexes where tablename = 'result'")
            .query((rs, row) -> new String[] { rs.getString(1), rs.getString(2) })
            .list()
            .stream()
            .map(i -> {
                jdbc.sql("drop index " + i[0]).update();
                return i[1];
            })
            .toList();
        List<String> all = new ArrayList<>(constraints);
        all.addAll(indexes);
        return all;
    }
}
