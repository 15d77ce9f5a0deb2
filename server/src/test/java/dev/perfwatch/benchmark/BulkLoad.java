package dev.perfwatch.benchmark;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Fills the database by SQL alone, the way a long history would have left it: a project whose {@code series}
 * cases (one benchmark per 100 cases, primary score in ops/ms) were measured at each of {@code commits} commits of a
 * first-parent chain, one run per commit, every result with 5 forks × 10 iterations of samples. Commits are added
 * in slices so that a load can be measured between slices.
 */
final class BulkLoad {

    private final JdbcClient jdbc;

    private final String project;

    BulkLoad(JdbcClient jdbc, String project) {
        this.jdbc = jdbc;
        this.project = project;
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

    /** Commits {@code from}..{@code to} (1-based, inclusive), each with one run holding a result of every series. */
    long commits(int from, int to) {
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
                where p.name = :p
                """).param("p", project).param("from", from).param("to", to).update();
        // One level per series with 1% noise; the samples are the score with a per-fork offset (realistic size).
        return jdbc.sql("""
                insert into result (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper, samples)
                select r.id, s.id, r.commit_id, bc.position, v.score, v.score * 0.01, v.score * 0.99, v.score * 1.01,
                       array[array_fill(v.score * 0.998, array[10]), array_fill(v.score * 0.999, array[10]),
                             array_fill(v.score, array[10]), array_fill(v.score * 1.001, array[10]),
                             array_fill(v.score * 1.002, array[10])]
                from project p
                join run r on r.project_id = p.id
                join branch_commit bc on bc.branch_id = r.branch_id and bc.commit_id = r.commit_id
                join series s on s.project_id = p.id
                cross join lateral (select (1000 + s.id % 997) * (1 + 0.01 * (random() - 0.5)) as score) v
                where p.name = :p and bc.position between :from and :to
                """).param("p", project).param("from", from).param("to", to).update();
    }
}
