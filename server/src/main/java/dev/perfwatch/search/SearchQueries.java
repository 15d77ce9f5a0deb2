package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The search's reads. A hit must match every word; projects and commits are matched in SQL (fuzzy, words as typed
 * first), benchmarks and cases in memory by {@link Ranking} over the {@link Catalog}.
 */
@Repository
class SearchQueries {

    static final int BENCHMARKS = 5;

    static final int COMMITS = 5;

    private final JdbcClient jdbc;

    private final Catalog catalog;

    SearchQueries(JdbcClient jdbc, Catalog catalog) {
        this.jdbc = jdbc;
        this.catalog = catalog;
    }

    Optional<Long> projectId(String name) {
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).optional();
    }

    /**
     * Projects and benchmarks first (few, and what a short query most likely means), then up to {@code limit}
     * cases (the box shows them grouped by benchmark), then commits: a sha prefix always, words of a message while
     * fewer cases than the limit matched.
     */
    List<Hit> search(Terms terms, Long project, int limit) {
        List<Hit> hits = new ArrayList<>();
        hits.addAll(projects(terms, project, BENCHMARKS));
        boolean named = terms.pieces().length > 0;
        if (named) {
            hits.addAll(benchmarks(terms, project, BENCHMARKS));
        }
        List<Hit> cases = named ? cases(terms, project, limit) : List.of();
        hits.addAll(cases);
        if (terms.shaPrefix() != null || cases.size() < limit) {
            hits.addAll(commits(terms, project, COMMITS));
        }
        return hits;
    }

    private List<Hit> projects(Terms terms, Long project, int limit) {
        return jdbc.sql("""
                select p.name
                from project p
                where (cast(:project as bigint) is null or p.id = :project)
                  and lower(p.name) like all (cast(:fuzzy as text[]))
                order by (select count(*) from unnest(cast(:exact as text[])) w where lower(p.name) like w) desc,
                         length(p.name), p.name
                limit :limit
                """)
            .param("project", project)
            .param("fuzzy", terms.fuzzy())
            .param("exact", terms.exact())
            .param("limit", limit)
            .query((rs, row) -> new Hit("project", rs.getString("name"), null, null, null, null))
            .list();
    }

    private List<Hit> benchmarks(Terms terms, Long project, int limit) {
        List<Catalog.Benchmark> all = new ArrayList<>();
        for (Catalog.Project one : catalogs(project)) {
            all.addAll(one.benchmarks());
        }
        return Ranking.top(all, Catalog.Benchmark::text, terms.pieces(), limit).stream()
            .map(benchmark -> new Hit("benchmark", benchmark.project(), benchmark.name(), null, null, null))
            .toList();
    }

    /** Ranked in memory ({@link Ranking}): a case is found by the humps of its name and its parameter values. */
    private List<Hit> cases(Terms terms, Long project, int limit) {
        List<Catalog.Project> projects = catalogs(project);
        List<Catalog.Entry> all = new ArrayList<>();
        projects.forEach(one -> all.addAll(one.cases()));
        return Ranking.top(all, Catalog.Entry::text, terms.pieces(), limit).stream()
            .map(entry -> new Hit("case", entry.project(), entry.benchmark(),
                    new Hit.Case(entry.id(), entry.mode(), entry.threads(), entry.params()), null, null))
            .toList();
    }

    private List<Catalog.Project> catalogs(Long project) {
        List<Long> ids = project == null ? catalog.projectIds() : List.of(project);
        return ids.stream().map(catalog::project).toList();
    }

    /** Commits by sha prefix or by words of their message as typed (fuzzy over messages finds everything). */
    private List<Hit> commits(Terms terms, Long project, int limit) {
        return jdbc.sql("""
                select p.name as project, c.sha, split_part(coalesce(c.message, ''), E'\\n', 1) as subject
                from commit c
                join project p on p.id = c.project_id
                where (cast(:project as bigint) is null or c.project_id = :project)
                  and (c.sha like cast(:sha as text) or lower(coalesce(c.message, '')) like all (cast(:exact as text[])))
                order by c.sha like cast(:sha as text) desc nulls last, c.time desc nulls last
                limit :limit
                """)
            .param("project", project)
            .param("sha", terms.shaPrefix())
            .param("exact", terms.exact())
            .param("limit", limit)
            .query((rs, row) -> new Hit("commit", rs.getString("project"), null, null, rs.getString("sha"),
                    rs.getString("subject")))
            .list();
    }
}
