package dev.perfwatch.changes;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The changes page's previous and next links: the nearest commits on the branch measured in the environment. */
@Repository
class NeighbourCommits {

    private final JdbcClient jdbc;

    NeighbourCommits(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The nearest commit before (or after) a position on the branch with a result in the environment; with no
     * position, the newest one. Mostly it is the branch's very next commit (a nightly measures every one): that
     * commit is checked first, by a run of the environment's host class there and then a result of one of its
     * series (a semi-join: it stops at the first), instead of probing every series of the environment (1,000 index
     * probes for 1,000 cases, a third of a view at trend 10: docs/performance.md). When that commit has no result
     * there, {@link #neighbourByProbes} answers.
     */
    Optional<ChangeQueries.Placed> neighbour(long branch, long environment, BigDecimal position, boolean before) {
        String sql = """
                select c.id, bc.position, c.sha, c.time, c.author, c.message,
                       exists (select 1 from run
                               where run.commit_id = bc.commit_id and run.branch_id = :branch
                                 and run.host_class = (select host_class from environment where id = :environment))
                       and exists (select 1 from series s
                                   join result r on r.series_id = s.id and r.position = bc.position
                                   where s.branch_id = :branch and s.environment_id = :environment) as measured
                from (select b.position, b.commit_id from branch_commit b
                      where b.branch_id = :branch and %s
                      order by b.position %s
                      limit 1) bc
                join commit c on c.id = bc.commit_id
                """.formatted(position == null ? "true" : before ? "b.position < :position" : "b.position > :position",
                        before ? "desc" : "asc");
        List<Optional<ChangeQueries.Placed>> found = jdbc.sql(sql)
            .param("branch", branch)
            .param("environment", environment)
            .param("position", position)
            .query((rs, row) -> rs.getBoolean("measured") ? Optional.of(ChangeQueries.placed(rs, row)) : Optional.<ChangeQueries.Placed>empty())
            .list();
        if (found.isEmpty()) {
            return Optional.empty(); // no commit on that side at all (the newest commit's next)
        }
        return found.get(0).isPresent() ? found.get(0) : neighbourByProbes(branch, environment, position, before);
    }

    /** {@link #neighbour} by one index probe of result (series_id, position) per series of the environment. */
    Optional<ChangeQueries.Placed> neighbourByProbes(long branch, long environment, BigDecimal position, boolean before) {
        String sql = """
                select c.id, bc.position, c.sha, c.time, c.author, c.message
                from branch_commit bc
                join commit c on c.id = bc.commit_id
                where bc.branch_id = :branch
                  and bc.position = (select %s(r.position)
                                     from series s
                                     join lateral (select r.position from result r
                                                   where r.series_id = s.id and %s
                                                   order by r.position %s
                                                   limit 1) r on true
                                     where s.branch_id = :branch and s.environment_id = :environment)
                """.formatted(before ? "max" : "min",
                        position == null ? "true" : before ? "r.position < :position" : "r.position > :position",
                        before ? "desc" : "asc");
        return jdbc.sql(sql)
            .param("branch", branch)
            .param("environment", environment)
            .param("position", position)
            .query(ChangeQueries::placed)
            .optional();
    }
}
