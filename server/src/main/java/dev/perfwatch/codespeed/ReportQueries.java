package dev.perfwatch.codespeed;

import java.time.Instant;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;

/**
 * Read-side SQL of Codespeed's reports and changes pages, which Flink's regression scripts scrape to learn the
 * latest revision of each executable and the benchmarks measured at it. Runs stored through the Codespeed write
 * API carry the executable and environment names in their metadata.
 */
@Repository
class ReportQueries {

    private final JdbcClient jdbc;

    ReportQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The newest revision of an executable in an environment on its project's default branch. */
    record Latest(long executable, String executableName, String environment, String commitid, Instant date) {
    }

    /** A benchmark's result at a revision. */
    record Row(String benchmark, String description, String unitsTitle, String units, boolean lessisbetter,
            long group, double value, Double stdDev) {
    }

    List<Latest> latest() {
        return jdbc.sql("""
                select *
                from (select distinct on (x.id, ce.id) x.id as executable, x.name as executable_name,
                             ce.name as environment, coalesce(cr.commitid, c.sha) as commitid,
                             coalesce(c.time, run.created_at) as date
                      from run
                      join project p on p.id = run.project_id
                      join branch b on b.id = run.branch_id and b.name = p.default_branch
                      join codespeed_executable x on x.project_id = run.project_id
                                                 and x.name = run.metadata -> 'codespeed' ->> 'executable'
                      join codespeed_environment ce on ce.name = run.metadata -> 'codespeed' ->> 'environment'
                      join commit c on c.id = run.commit_id
                      left join codespeed_revision cr on cr.commit_id = c.id and cr.branch_id = b.id
                      order by x.id, ce.id, coalesce(c.time, run.created_at) desc) newest
                order by date desc, executable
                """)
            .query((rs, row) -> new Latest(rs.getLong("executable"), rs.getString("executable_name"),
                    rs.getString("environment"), rs.getString("commitid"), rs.getTimestamp("date").toInstant()))
            .list();
    }

    /** The benchmarks measured at the revision (its commit id as the client sent it), by name. */
    List<Row> rows(Executable executable, Environment environment, String commitid) {
        // 'primary' is the primary metric; a Codespeed benchmark has one case: one thread, no params.
        return jdbc.sql("""
                select distinct on (b.name) b.name, coalesce(cb.description, '') as description,
                       coalesce(cb.units_title, 'Time') as units_title, coalesce(cb.units, m.unit) as units,
                       coalesce(cb.lessisbetter, true) as lessisbetter, r.score, r.error,
                       run.metadata -> 'codespeed' -> 'results' -> b.name ->> 'std_dev' as std_dev,
                       -- Codespeed lists units titles as SELECT DISTINCT finds them: by their first benchmark.
                       (select min(g.id) from codespeed_benchmark g
                        where g.units_title = coalesce(cb.units_title, 'Time')) as unit_group
                from codespeed_revision cr
                join branch br on br.id = cr.branch_id
                join project p on p.id = br.project_id
                join series s on s.branch_id = br.id
                join benchmark_case bc on bc.id = s.case_id
                join benchmark b on b.id = bc.benchmark_id
                join metric m on m.id = s.metric_id
                join environment e on e.id = s.environment_id
                join result r on r.series_id = s.id and r.commit_id = cr.commit_id
                join run on run.id = r.run_id
                left join codespeed_benchmark cb on cb.name = b.name
                where br.project_id = :project and cr.commitid = :commitid and m.name = 'primary'
                  and bc.threads = 1 and bc.params = cast('{}' as jsonb)
                  and e.host_class = :hostClass and e.jdk_version = :jdk and e.vm_name = :vm
                  and e.vm_version = :vmVersion and cardinality(e.jvm_args) = 0
                order by b.name, (br.name = p.default_branch) desc, run.created_at desc, run.id desc
                """)
            .param("project", executable.projectId())
            .param("commitid", commitid)
            .param("hostClass", environment.hostClass())
            .param("jdk", executable.jdkVersion())
            .param("vm", executable.vmName())
            .param("vmVersion", executable.vmVersion())
            .query((rs, row) -> {
                double error = rs.getDouble("error");
                Double stdDev = rs.wasNull() ? null : error;
                if (stdDev == null && rs.getString("std_dev") != null) {
                    stdDev = Double.valueOf(rs.getString("std_dev"));
                }
                return new Row(rs.getString("name"), rs.getString("description"), rs.getString("units_title"),
                        rs.getString("units"), rs.getBoolean("lessisbetter"), rs.getLong("unit_group"),
                        rs.getDouble("score"), stdDev);
            })
            .list();
    }

    boolean revisionExists(long project, String commitid) {
        return jdbc.sql("""
                select count(*) from codespeed_revision cr join branch b on b.id = cr.branch_id
                where b.project_id = :project and cr.commitid = :commitid
                """).param("project", project).param("commitid", commitid).query(Long.class).single() > 0;
    }
}
