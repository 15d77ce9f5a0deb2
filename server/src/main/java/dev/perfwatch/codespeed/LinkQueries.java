package dev.perfwatch.codespeed;

import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;

/** What Codespeed's permalinks name, found in our vocabulary: revisions by the id a client sent, environments. */
@Repository
class LinkQueries {

    private final JdbcClient jdbc;

    LinkQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A revision as a client sent it, stored on a branch of a project as a commit. */
    record StoredRevision(long projectId, String project, String branch, String commitid, String sha) {
    }

    /** The project's revision of this commit id, on its default branch first, as Codespeed's changes view finds it. */
    Optional<StoredRevision> revision(long projectId, String commitid) {
        return revisions(commitid).stream().filter(revision -> revision.projectId() == projectId).findFirst();
    }

    /**
     * A commit of the project named by its sha or a prefix of it (7 hex digits or more), for links to results that
     * came through our own API and have no Codespeed revision; the branch is the project's default one.
     */
    Optional<StoredRevision> commit(long projectId, String sha) {
        if (!sha.matches("[0-9a-fA-F]{7,64}")) {
            return Optional.empty();
        }
        List<StoredRevision> found = jdbc.sql("""
                select p.id as project_id, p.name as project, p.default_branch as branch, c.sha
                from commit c join project p on p.id = c.project_id
                where c.project_id = :project and c.sha like :prefix
                order by c.sha
                limit 2
                """)
            .param("project", projectId)
            .param("prefix", sha.toLowerCase(java.util.Locale.ROOT) + "%")
            .query((rs, row) -> new StoredRevision(rs.getLong("project_id"), rs.getString("project"),
                    rs.getString("branch"), sha, rs.getString("sha")))
            .list();
        // A prefix that two commits share names neither.
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** Every project's revision of this commit id, default branches first. */
    List<StoredRevision> revisions(String commitid) {
        return jdbc.sql("""
                select p.id as project_id, p.name as project, b.name as branch, cr.commitid, c.sha
                from codespeed_revision cr
                join branch b on b.id = cr.branch_id
                join project p on p.id = b.project_id
                join commit c on c.id = cr.commit_id
                where cr.commitid = :commitid
                order by p.id, (b.name = p.default_branch) desc, b.name
                """)
            .param("commitid", commitid)
            .query((rs, row) -> new StoredRevision(rs.getLong("project_id"), rs.getString("project"),
                    rs.getString("branch"), rs.getString("commitid"), rs.getString("sha")))
            .list();
    }

    /** Our environment that a Codespeed environment and executable stand for: the host class and the JVM. */
    Optional<Long> environment(Environment environment, Executable executable) {
        return jdbc.sql("""
                select id from environment
                where host_class = :hostClass and jdk_version = :jdk and vm_name = :vm and vm_version = :vmVersion
                  and cardinality(jvm_args) = 0
                """)
            .param("hostClass", environment.hostClass())
            .param("jdk", executable.jdkVersion())
            .param("vm", executable.vmName())
            .param("vmVersion", executable.vmVersion())
            .query(Long.class)
            .optional();
    }

    /** The executables of the projects that stored this commit id: who a link without {@code exe} may mean. */
    List<Long> executablesOf(List<StoredRevision> revisions) {
        return jdbc.sql("select id from codespeed_executable where project_id = any(:projects) order by id")
            .param("projects", revisions.stream().map(StoredRevision::projectId).distinct().toArray(Long[]::new))
            .query(Long.class)
            .list();
    }
}
