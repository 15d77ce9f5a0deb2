package dev.perfwatch.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The search's SQL. A hit must match every word fuzzily; hits matching more words as typed come first, then the
 * shorter names (the closer match). Cases are searched in the text people read: benchmark name, mode, threads and
 * each parameter as name=value.
 */
@Repository
class SearchQueries {

    private final JdbcClient jdbc;

    SearchQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Long> projectId(String name) {
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).optional();
    }

    /** Projects and benchmarks first (few, and what a short query most likely means), then cases, then commits. */
    List<Hit> search(Terms terms, Long project, int limit) {
        List<Hit> hits = new ArrayList<>();
        hits.addAll(projects(terms, project, limit));
        hits.addAll(benchmarks(terms, project, limit - hits.size()));
        if (hits.size() < limit) {
            hits.addAll(cases(terms, project, limit - hits.size()));
        }
        if (hits.size() < limit) {
            hits.addAll(commits(terms, project, limit - hits.size()));
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
            .param("limit", Math.min(limit, 5))
            .query((rs, row) -> new Hit("project", rs.getString("name"), null, null, null, null))
            .list();
    }

    private List<Hit> benchmarks(Terms terms, Long project, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        return jdbc.sql("""
                select p.name as project, b.name
                from benchmark b
                join project p on p.id = b.project_id
                where (cast(:project as bigint) is null or b.project_id = :project)
                  and lower(b.name) like all (cast(:fuzzy as text[]))
                order by (select count(*) from unnest(cast(:exact as text[])) w where lower(b.name) like w) desc,
                         length(b.name), b.name
                limit :limit
                """)
            .param("project", project)
            .param("fuzzy", terms.fuzzy())
            .param("exact", terms.exact())
            .param("limit", Math.min(limit, 5))
            .query((rs, row) -> new Hit("benchmark", rs.getString("project"), rs.getString("name"), null, null, null))
            .list();
    }

    /**
     * Every case of the project can match a short query ("agg" in every benchmark name), so the rank is a plain sum
     * of one comparison per word rather than a subquery per row: half the time over 10,000 cases.
     */
    private List<Hit> cases(Terms terms, Long project, int limit) {
        String[] exact = terms.exact();
        StringBuilder rank = new StringBuilder();
        for (int i = 0; i < exact.length; i++) {
            rank.append(i == 0 ? "" : " + ").append("(text like :e").append(i).append(")::int");
        }
        JdbcClient.StatementSpec statement = jdbc.sql("""
                select project, benchmark, id, mode, threads, params
                from (select p.name as project, b.name as benchmark, c.id, c.mode, c.threads, c.params,
                             lower(b.name || ' ' || replace(c.key, ';', ' ')) as text
                      from benchmark_case c
                      join benchmark b on b.id = c.benchmark_id
                      join project p on p.id = b.project_id
                      where cast(:project as bigint) is null or b.project_id = :project) cases
                where text like all (cast(:fuzzy as text[]))
                order by %s desc, length(text), benchmark, id
                limit :limit
                """.formatted(rank))
            .param("project", project)
            .param("fuzzy", terms.fuzzy())
            .param("limit", limit);
        for (int i = 0; i < exact.length; i++) {
            statement = statement.param("e" + i, exact[i]);
        }
        return statement
            .query((rs, row) -> new Hit("case", rs.getString("project"), rs.getString("benchmark"),
                    new Hit.Case(rs.getLong("id"), rs.getString("mode"), rs.getInt("threads"), rs.getString("params")),
                    null, null))
            .list();
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
