package dev.perfwatch.ingest;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The SQL of ingestion for a run's project, branch, commit, host, placement and run row; the series and what names
 * them are {@link SeriesVocabulary}'s.
 */
@Repository
class RunStore {

    private final JdbcClient jdbc;

    RunStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long project(String name, String repository) {
        jdbc.sql("""
                insert into project (name, repository) values (:name, :repository)
                on conflict (name) do nothing
                """)
            .param("name", name)
            .param("repository", repository)
            .update();
        if (repository != null) {
            jdbc.sql("update project set repository = :repository where name = :name and repository is null")
                .param("name", name)
                .param("repository", repository)
                .update();
        }
        return jdbc.sql("select id from project where name = :name").param("name", name).query(Long.class).single();
    }

    long branch(long project, String name) {
        jdbc.sql("insert into branch (project_id, name) values (:project, :name) on conflict do nothing")
            .param("project", project)
            .param("name", name)
            .update();
        return jdbc.sql("select id from branch where project_id = :project and name = :name")
            .param("project", project)
            .param("name", name)
            .query(Long.class)
            .single();
    }

    /**
     * Stores the commit, filling in what an earlier upload did not know (time, author, message, parents). A commit
     * that has nothing to fill is only read: the upsert would lock its row until the run commits, and every other
     * run of that commit (a CI matrix uploads several at once) would wait for it.
     */
    StoredCommit commit(long project, RunUpload.Commit commit) {
        return commit(project, null, commit).commit();
    }

    /**
     * The commit as {@link #commit(long, RunUpload.Commit)} stores it, with its position on the branch when it has
     * one. A commit that is complete already, or new, takes one statement: the read of a complete commit and the
     * insert of a new one are one round trip, and the position is read with them (an import's runs are each of a
     * new commit, and paid three round trips here before).
     */
    BranchCommit commit(long project, Long branch, RunUpload.Commit commit) {
        String sha = commit.sha().toLowerCase(java.util.Locale.ROOT);
        String[] parents = commit.parents() == null ? new String[0]
                : commit.parents().stream().map(s -> s.toLowerCase(java.util.Locale.ROOT)).toArray(String[]::new);
        Timestamp time = commit.time() == null ? null : Timestamp.from(commit.time().toInstant());
        // A commit that exists but lacks a fact this upload brings is neither complete nor inserted (nor one that
        // another upload inserts at this moment: the insert then does nothing): the upsert below fills it in.
        Optional<BranchCommit> found = jdbc.sql("""
                with complete as (
                    select id, sha, time, parents from commit
                    where project_id = :project and sha = :sha
                      and (time is not null or cast(:time as timestamptz) is null)
                      and (author is not null or cast(:author as text) is null)
                      and (message is not null or cast(:message as text) is null)
                      and (cardinality(parents) > 0 or :parentCount = 0)
                ), inserted as (
                    insert into commit (project_id, sha, time, author, message, parents)
                    select :project, :sha, cast(:time as timestamptz), cast(:author as text),
                           cast(:message as text), cast(:parents as text[])
                    where not exists (select 1 from commit where project_id = :project and sha = :sha)
                    on conflict (project_id, sha) do nothing
                    returning id, sha, time, parents
                ), stored as (
                    select * from complete
                    union all
                    select * from inserted
                )
                select s.id, s.sha, s.time, s.parents,
                       (select position from branch_commit where branch_id = :branch and commit_id = s.id) as position
                from stored s
                """)
            .param("project", project)
            .param("branch", branch)
            .param("sha", sha)
            .param("time", time)
            .param("author", commit.author())
            .param("message", commit.message())
            .param("parents", parents)
            .param("parentCount", parents.length)
            .query((rs, row) -> new BranchCommit(storedCommit(rs, row), rs.getBigDecimal("position")))
            .optional();
        if (found.isPresent()) {
            return found.get();
        }
        StoredCommit stored = jdbc.sql("""
                insert into commit (project_id, sha, time, author, message, parents)
                values (:project, :sha, :time, :author, :message, :parents)
                on conflict (project_id, sha) do update set
                    time    = coalesce(commit.time, excluded.time),
                    author  = coalesce(commit.author, excluded.author),
                    message = coalesce(commit.message, excluded.message),
                    parents = case when cardinality(commit.parents) = 0 then excluded.parents else commit.parents end
                returning id, sha, time, parents
                """)
            .param("project", project)
            .param("sha", sha)
            .param("time", time)
            .param("author", commit.author())
            .param("message", commit.message())
            .param("parents", parents)
            .query(RunStore::storedCommit)
            .single();
        return new BranchCommit(stored, branch == null ? null : position(branch, stored.id()).orElse(null));
    }

    /** A commit and its position on a branch, null when it has none there (yet). */
    record BranchCommit(StoredCommit commit, BigDecimal position) {
    }

    private static StoredCommit storedCommit(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new StoredCommit(rs.getLong("id"), rs.getString("sha"), rs.getTimestamp("time"),
                List.of((String[]) rs.getArray("parents").getArray()));
    }

    record StoredCommit(long id, String sha, Timestamp time, List<String> parents) {
    }

    /**
     * The host's id, its facts updated. A host whose facts are unchanged and were confirmed within the hour is only
     * read: the upsert locks the host's row until the run commits, so every upload from one host (two uploaders,
     * a runner's retries) waited for the one before it to commit; {@code updated_at} is then at most an hour old.
     * Also says for how long the facts stay confirmed ({@link HostIds} keeps the id that long).
     */
    ConfirmedHost host(RunUpload.Host host) {
        Optional<ConfirmedHost> unchanged = jdbc.sql("""
                select id, extract(epoch from updated_at + interval '1 hour' - now()) as seconds from host
                where name = :name and host_class = :hostClass
                  and cpu_model is not distinct from coalesce(:cpuModel, cpu_model)
                  and cores is not distinct from coalesce(:cores, cores)
                  and memory_mb is not distinct from coalesce(:memoryMb, memory_mb)
                  and os is not distinct from coalesce(:os, os)
                  and kernel is not distinct from coalesce(:kernel, kernel)
                  and updated_at > now() - interval '1 hour'
                """)
            // the host's record components by name: name, hostClass, cpuModel, cores, memoryMb, os, kernel
            .paramSource(host)
            .query(RunStore::confirmedHost)
            .optional();
        if (unchanged.isPresent()) {
            return unchanged.get();
        }
        return jdbc.sql("""
                insert into host (name, host_class, cpu_model, cores, memory_mb, os, kernel)
                values (:name, :hostClass, :cpuModel, :cores, :memoryMb, :os, :kernel)
                on conflict (name) do update set
                    host_class = excluded.host_class,
                    cpu_model  = coalesce(excluded.cpu_model, host.cpu_model),
                    cores      = coalesce(excluded.cores, host.cores),
                    memory_mb  = coalesce(excluded.memory_mb, host.memory_mb),
                    os         = coalesce(excluded.os, host.os),
                    kernel     = coalesce(excluded.kernel, host.kernel),
                    updated_at = now()
                returning id, extract(epoch from updated_at + interval '1 hour' - now()) as seconds
                """)
            .paramSource(host)
            .query(RunStore::confirmedHost)
            .single();
    }

    private static ConfirmedHost confirmedHost(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        return new ConfirmedHost(rs.getLong("id"), rs.getDouble("seconds"));
    }

    /** A host's id, and the seconds for which its stored facts count as confirmed. */
    record ConfirmedHost(long id, double seconds) {
    }

    /** Inserts the run row, or returns the run already stored under this id (which this insert waited for). */
    Optional<ExistingRun> insertRun(UUID id, long project, long branch, long commit, long host, String hostClass,
            String bodySha256, int resultCount, String metadata) {
        int inserted = jdbc.sql("""
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256,
                                 result_count, metadata)
                values (:id, :project, :branch, :commit, :host, :hostClass, :sha, :count, cast(:metadata as jsonb))
                on conflict (id) do nothing
                """)
            .param("id", id)
            .param("project", project)
            .param("branch", branch)
            .param("commit", commit)
            .param("host", host)
            .param("hostClass", hostClass)
            .param("sha", bodySha256)
            .param("count", resultCount)
            .param("metadata", metadata)
            .update();
        if (inserted == 1) {
            return Optional.empty();
        }
        return Optional.of(existingRun(id).orElseThrow());
    }

    Optional<ExistingRun> existingRun(UUID id) {
        return jdbc.sql("select body_sha256, result_count from run where id = :id")
            .param("id", id)
            .query((rs, row) -> new ExistingRun(rs.getString("body_sha256"), rs.getInt("result_count")))
            .optional();
    }

    record ExistingRun(String bodySha256, int resultCount) {
    }

    Optional<RunSummary> summary(UUID id) {
        return jdbc.sql("""
                select r.id, p.name as project, b.name as branch, c.sha, h.name as host, r.host_class,
                       r.result_count, r.metadata, r.created_at, cast(n.host_check as text) as host_check
                from run r
                left join run_noise n on n.run_id = r.id
                join project p on p.id = r.project_id
                join branch b on b.id = r.branch_id
                join commit c on c.id = r.commit_id
                join host h on h.id = r.host_id
                where r.id = :id
                """)
            .param("id", id)
            .query((rs, row) -> new RunSummary(rs.getObject("id", UUID.class), rs.getString("project"),
                    rs.getString("branch"), rs.getString("sha"), rs.getString("host"), rs.getString("host_class"),
                    rs.getInt("result_count"), rs.getString("metadata"), rs.getTimestamp("created_at").toInstant(),
                    rs.getString("host_check")))
            .optional();
    }

    /** Serialises placing new commits on one branch, until the transaction ends. */
    void lockBranch(long branch) {
        jdbc.sql("select pg_advisory_xact_lock(7012, cast(:branch as integer))")
            .param("branch", branch)
            .query((rs, row) -> 1)
            .list();
    }

    Optional<BigDecimal> position(long branch, long commit) {
        return jdbc.sql("select position from branch_commit where branch_id = :branch and commit_id = :commit")
            .param("branch", branch)
            .param("commit", commit)
            .query(BigDecimal.class)
            .optional();
    }

    /**
     * What placing a commit after its first parent needs, read in one statement once the branch is locked: the
     * commit's position if another upload placed it meanwhile, its first parent's, and the next one after the
     * parent's (three round trips before, each a wait on a loaded machine). The parent is null for a root commit.
     */
    PlacementFacts placementFacts(long branch, long commit, String firstParent) {
        return jdbc.sql("""
                select (select position from branch_commit where branch_id = :branch and commit_id = :commit) as known,
                       parent.position as parent,
                       (select min(position) from branch_commit
                        where branch_id = :branch and position > parent.position) as next
                from (select 1) as one
                left join (
                    -- the parent by its project and sha (the commit's unique key), then its place on the branch: by the
                    -- branch alone, a generic plan (GenericPlans) reads every commit of the branch to find it
                    select bc.position
                    from commit c join branch_commit bc on bc.commit_id = c.id and bc.branch_id = :branch
                    where c.project_id = (select b.project_id from branch b where b.id = :branch)
                      and c.sha = cast(:sha as text)
                ) as parent on true
                """)
            .param("branch", branch)
            .param("commit", commit)
            .param("sha", firstParent)
            .query((rs, row) -> new PlacementFacts(rs.getBigDecimal("known"), rs.getBigDecimal("parent"),
                    rs.getBigDecimal("next")))
            .single();
    }

    /** Positions on a branch, each null when there is none: the commit's own, its first parent's, the next one's. */
    record PlacementFacts(BigDecimal known, BigDecimal parent, BigDecimal next) {
    }

    /** The earliest commit on the branch whose first parent is this sha: this commit goes right before it. */
    Optional<BigDecimal> positionOfChild(long branch, String sha) {
        return jdbc.sql("""
                select min(bc.position)
                from branch_commit bc join commit c on c.id = bc.commit_id
                where bc.branch_id = :branch and c.parents[1] = :sha
                """)
            .param("branch", branch)
            .param("sha", sha)
            .query(BigDecimal.class)
            .optional();
    }

    /** The last position held by a commit made at or before the time. */
    Optional<BigDecimal> lastPositionAtOrBefore(long branch, Timestamp time) {
        return jdbc.sql("""
                select max(bc.position)
                from branch_commit bc join commit c on c.id = bc.commit_id
                where bc.branch_id = :branch and c.time <= :time
                """)
            .param("branch", branch)
            .param("time", time)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> nextPosition(long branch, BigDecimal after) {
        return jdbc.sql("select min(position) from branch_commit where branch_id = :branch and position > :after")
            .param("branch", branch)
            .param("after", after)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> previousPosition(long branch, BigDecimal before) {
        return jdbc.sql("select max(position) from branch_commit where branch_id = :branch and position < :before")
            .param("branch", branch)
            .param("before", before)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> firstPosition(long branch) {
        return jdbc.sql("select min(position) from branch_commit where branch_id = :branch")
            .param("branch", branch)
            .query(BigDecimal.class)
            .optional();
    }

    Optional<BigDecimal> lastPosition(long branch) {
        return jdbc.sql("select max(position) from branch_commit where branch_id = :branch")
            .param("branch", branch)
            .query(BigDecimal.class)
            .optional();
    }

    void place(long branch, long commit, BigDecimal position) {
        jdbc.sql("insert into branch_commit (branch_id, commit_id, position) values (:branch, :commit, :position)")
            .param("branch", branch)
            .param("commit", commit)
            .param("position", position)
            .update();
    }
}
