package dev.perfwatch.ingest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * A run's series: the environments, benchmarks, cases and metrics that name them, found or created with one
 * set-based statement per table over {@code unnest} of arrays (a run carries hundreds of results, and round trips
 * dominate otherwise), or found in {@link SeriesIds} when every one is known. Inserts are sorted by key so that
 * concurrent runs of one suite take row locks in the same order and cannot deadlock.
 */
@Repository
class SeriesVocabulary {

    private final JdbcClient jdbc;

    private final JsonMapper json;

    private final SeriesIds seriesIds;

    SeriesVocabulary(JdbcClient jdbc, JsonMapper json, SeriesIds seriesIds) {
        this.jdbc = jdbc;
        this.json = json;
        this.seriesIds = seriesIds;
    }

    /**
     * Series ids in the order of the benchmarks' metrics, from {@link SeriesIds} when it knows them all.
     */
    long[] series(long project, long branch, String hostClass, List<JmhBenchmark> benchmarks, int count) {
        List<SeriesIds.Key> keys = SeriesIds.keys(branch, hostClass, benchmarks, count);
        long[] known = seriesIds.find(keys);
        if (known != null) {
            return known;
        }
        long[] ids = storeSeries(project, branch, hostClass, benchmarks, count);
        seriesIds.keepAfterCommit(keys, ids);
        return ids;
    }

    /**
     * What is missing of the vocabulary is created, one set-based statement per table. (One statement joining all
     * of them, to skip the inserts when everything exists, was measured slower: 160 against 33 ms per 500-result
     * transaction, docs/performance.md.)
     */
    private long[] storeSeries(long project, long branch, String hostClass, List<JmhBenchmark> benchmarks,
            int count) {
        Map<JmhBenchmark.Jvm, Integer> jvmIndex = new LinkedHashMap<>();
        Map<String, Integer> nameIndex = new LinkedHashMap<>();
        Map<String, Integer> metricIndex = new LinkedHashMap<>();
        Map<String, String[]> metricRows = new LinkedHashMap<>();
        for (JmhBenchmark benchmark : benchmarks) {
            jvmIndex.putIfAbsent(benchmark.jvm(), jvmIndex.size());
            nameIndex.putIfAbsent(benchmark.benchmark(), nameIndex.size());
            for (JmhBenchmark.Metric metric : benchmark.metrics()) {
                String key = IngestService.metricKey(metric);
                if (metricIndex.putIfAbsent(key, metricIndex.size()) == null) {
                    metricRows.put(key, new String[] { metric.name(), metric.unit(), metric.direction() });
                }
            }
        }
        List<JmhBenchmark.Jvm> jvms = new ArrayList<>(jvmIndex.keySet());
        long[] environmentIds = environments(hostClass,
                jvms.stream().map(JmhBenchmark.Jvm::jdkVersion).toArray(String[]::new),
                jvms.stream().map(JmhBenchmark.Jvm::vmName).toArray(String[]::new),
                jvms.stream().map(JmhBenchmark.Jvm::vmVersion).toArray(String[]::new),
                jvms.stream().map(jvm -> json.writeValueAsString(jvm.args())).toArray(String[]::new));
        long[] benchmarkIds = benchmarks(project, nameIndex.keySet().toArray(String[]::new));
        List<String[]> metricList = new ArrayList<>(metricRows.values());
        long[] metricIds = metrics(metricList.stream().map(m -> m[0]).toArray(String[]::new),
                metricList.stream().map(m -> m[1]).toArray(String[]::new),
                metricList.stream().map(m -> m[2]).toArray(String[]::new));

        Map<String, Integer> caseIndex = new LinkedHashMap<>();
        List<Object[]> caseRows = new ArrayList<>();
        int[] caseOfBenchmark = new int[benchmarks.size()];
        for (int b = 0; b < benchmarks.size(); b++) {
            JmhBenchmark benchmark = benchmarks.get(b);
            long benchmarkId = benchmarkIds[nameIndex.get(benchmark.benchmark())];
            String key = IngestService.caseKey(benchmark);
            String uniqueKey = benchmarkId + "\u0000" + key;
            Integer index = caseIndex.get(uniqueKey);
            if (index == null) {
                index = caseIndex.size();
                caseIndex.put(uniqueKey, index);
                caseRows.add(new Object[] { benchmarkId, benchmark.mode(), benchmark.threads(),
                        json.writeValueAsString(benchmark.params()), key });
            }
            caseOfBenchmark[b] = index;
        }
        long[] caseIds = cases(caseRows.stream().mapToLong(r -> (Long) r[0]).toArray(),
                caseRows.stream().map(r -> (String) r[1]).toArray(String[]::new),
                caseRows.stream().mapToInt(r -> (Integer) r[2]).toArray(),
                caseRows.stream().map(r -> (String) r[3]).toArray(String[]::new),
                caseRows.stream().map(r -> (String) r[4]).toArray(String[]::new));

        long[] cases = new long[count];
        long[] metrics = new long[count];
        long[] environments = new long[count];
        int i = 0;
        for (int b = 0; b < benchmarks.size(); b++) {
            JmhBenchmark benchmark = benchmarks.get(b);
            for (JmhBenchmark.Metric metric : benchmark.metrics()) {
                cases[i] = caseIds[caseOfBenchmark[b]];
                metrics[i] = metricIds[metricIndex.get(IngestService.metricKey(metric))];
                environments[i] = environmentIds[jvmIndex.get(benchmark.jvm())];
                i++;
            }
        }
        return series(project, branch, cases, metrics, environments);
    }

    /** @param jvmArgs each environment's JVM arguments as a JSON array, since SQL arrays cannot nest unevenly */
    private long[] environments(String hostClass, String[] jdkVersions, String[] vmNames, String[] vmVersions,
            String[] jvmArgs) {
        jdbc.sql("""
                insert into environment (host_class, jdk_version, vm_name, vm_version, jvm_args)
                select :hostClass, jdk, vm, version, array(select jsonb_array_elements_text(cast(args as jsonb)))
                from unnest(cast(:jdks as text[]), cast(:vms as text[]), cast(:versions as text[]),
                            cast(:args as text[])) as e(jdk, vm, version, args)
                order by jdk, vm, version, args
                on conflict do nothing
                """)
            .param("hostClass", hostClass)
            .param("jdks", jdkVersions)
            .param("vms", vmNames)
            .param("versions", vmVersions)
            .param("args", jvmArgs)
            .update();
        return ids("""
                select e.id
                from unnest(cast(:jdks as text[]), cast(:vms as text[]), cast(:versions as text[]),
                            cast(:args as text[])) with ordinality as k(jdk, vm, version, args, n)
                join environment e on e.host_class = :hostClass and e.jdk_version = k.jdk and e.vm_name = k.vm
                                  and e.vm_version = k.version
                                  and e.jvm_args = array(select jsonb_array_elements_text(cast(k.args as jsonb)))
                order by k.n
                """, new Object[][] { { "hostClass", hostClass }, { "jdks", jdkVersions }, { "vms", vmNames },
                        { "versions", vmVersions }, { "args", jvmArgs } }, jdkVersions.length);
    }

    private long[] benchmarks(long project, String[] names) {
        jdbc.sql("""
                insert into benchmark (project_id, name)
                select :project, name from unnest(cast(:names as text[])) as b(name)
                order by name
                on conflict do nothing
                """)
            .param("project", project)
            .param("names", names)
            .update();
        return ids("""
                select b.id
                from unnest(cast(:names as text[])) with ordinality as k(name, n)
                join benchmark b on b.project_id = :project and b.name = k.name
                order by k.n
                """, new Object[][] { { "project", project }, { "names", names } }, names.length);
    }

    private long[] cases(long[] benchmarks, String[] modes, int[] threads, String[] params, String[] keys) {
        jdbc.sql("""
                insert into benchmark_case (benchmark_id, mode, threads, params, key)
                select benchmark, mode, threads, cast(params as jsonb), key
                from unnest(cast(:benchmarks as bigint[]), cast(:modes as text[]), cast(:threads as integer[]),
                            cast(:params as text[]), cast(:keys as text[])) as c(benchmark, mode, threads, params, key)
                order by benchmark, key
                on conflict do nothing
                """)
            .param("benchmarks", benchmarks)
            .param("modes", modes)
            .param("threads", threads)
            .param("params", params)
            .param("keys", keys)
            .update();
        return ids("""
                select c.id
                from unnest(cast(:benchmarks as bigint[]), cast(:keys as text[])) with ordinality as k(benchmark, key, n)
                join benchmark_case c on c.benchmark_id = k.benchmark and c.key = k.key
                order by k.n
                """, new Object[][] { { "benchmarks", benchmarks }, { "keys", keys } }, keys.length);
    }

    private long[] metrics(String[] names, String[] units, String[] directions) {
        jdbc.sql("""
                insert into metric (name, unit, direction)
                select name, unit, direction
                from unnest(cast(:names as text[]), cast(:units as text[]), cast(:directions as text[]))
                     as m(name, unit, direction)
                order by name, unit, direction
                on conflict do nothing
                """)
            .param("names", names)
            .param("units", units)
            .param("directions", directions)
            .update();
        return ids("""
                select m.id
                from unnest(cast(:names as text[]), cast(:units as text[]), cast(:directions as text[]))
                     with ordinality as k(name, unit, direction, n)
                join metric m on m.name = k.name and m.unit = k.unit and m.direction = k.direction
                order by k.n
                """, new Object[][] { { "names", names }, { "units", units }, { "directions", directions } },
                names.length);
    }

    private long[] series(long project, long branch, long[] cases, long[] metrics, long[] environments) {
        jdbc.sql("""
                insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                select :project, :branch, c, m, e
                from unnest(cast(:cases as bigint[]), cast(:metrics as bigint[]), cast(:environments as bigint[]))
                     as s(c, m, e)
                order by c, m, e
                on conflict do nothing
                """)
            .param("project", project)
            .param("branch", branch)
            .param("cases", cases)
            .param("metrics", metrics)
            .param("environments", environments)
            .update();
        return ids("""
                select s.id
                from unnest(cast(:cases as bigint[]), cast(:metrics as bigint[]), cast(:environments as bigint[]))
                     with ordinality as k(c, m, e, n)
                join series s on s.branch_id = :branch and s.case_id = k.c and s.metric_id = k.m
                             and s.environment_id = k.e
                order by k.n
                """, new Object[][] { { "branch", branch }, { "cases", cases }, { "metrics", metrics },
                        { "environments", environments } }, cases.length);
    }

    private long[] ids(String sql, Object[][] params, int expected) {
        JdbcClient.StatementSpec statement = jdbc.sql(sql);
        for (Object[] param : params) {
            statement = statement.param((String) param[0], param[1]);
        }
        List<Long> ids = statement.query(Long.class).list();
        if (ids.size() != expected) {
            throw new IllegalStateException("expected " + expected + " ids but found " + ids.size());
        }
        return ids.stream().mapToLong(Long::longValue).toArray();
    }
}
