package dev.perfwatch.ingest;

import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The series of a run whose whole vocabulary exists already, found by one statement: the common case (a suite run
 * again at the next commit), which otherwise costs an insert and a lookup per vocabulary table, ten round trips
 * that wrote nothing. When anything is new the caller takes the long way and creates it.
 */
@Repository
class KnownSeries {

    private final JdbcClient jdbc;

    KnownSeries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * One entry per result of the run, in its order.
     *
     * @param jvmArgs each result's JVM arguments as a JSON array
     * @return the series ids in the same order, or empty when any of them does not exist yet
     */
    record Keys(String[] benchmarks, String[] caseKeys, String[] metrics, String[] units, String[] directions,
            String[] jdkVersions, String[] vmNames, String[] vmVersions, String[] jvmArgs) {
    }

    Optional<long[]> find(long project, long branch, String hostClass, Keys keys) {
        List<Long> ids = jdbc.sql("""
                select s.id
                from unnest(cast(:benchmarks as text[]), cast(:keys as text[]), cast(:metrics as text[]),
                            cast(:units as text[]), cast(:directions as text[]), cast(:jdks as text[]),
                            cast(:vms as text[]), cast(:versions as text[]), cast(:args as text[]))
                     with ordinality as k(benchmark, key, metric, unit, direction, jdk, vm, version, args, n)
                join benchmark b on b.project_id = :project and b.name = k.benchmark
                join benchmark_case c on c.benchmark_id = b.id and c.key = k.key
                join metric m on m.name = k.metric and m.unit = k.unit and m.direction = k.direction
                join environment e on e.host_class = :hostClass and e.jdk_version = k.jdk and e.vm_name = k.vm
                                  and e.vm_version = k.version
                                  and e.jvm_args = array(select jsonb_array_elements_text(cast(k.args as jsonb)))
                join series s on s.branch_id = :branch and s.case_id = c.id and s.metric_id = m.id
                             and s.environment_id = e.id
                order by k.n
                """)
            .param("project", project)
            .param("branch", branch)
            .param("hostClass", hostClass)
            .param("benchmarks", keys.benchmarks())
            .param("keys", keys.caseKeys())
            .param("metrics", keys.metrics())
            .param("units", keys.units())
            .param("directions", keys.directions())
            .param("jdks", keys.jdkVersions())
            .param("vms", keys.vmNames())
            .param("versions", keys.vmVersions())
            .param("args", keys.jvmArgs())
            .query(Long.class)
            .list();
        if (ids.size() != keys.benchmarks().length) {
            return Optional.empty();
        }
        return Optional.of(ids.stream().mapToLong(Long::longValue).toArray());
    }
}
