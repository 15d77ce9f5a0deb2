package dev.perfwatch.github;

import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The SQL of the GitHub outbox (V5__requests.sql, github_action). */
@Repository
class ActionStore {

    private final JdbcClient jdbc;

    ActionStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(String key, String repository, String kind, String target, String body) {
        jdbc.sql("""
                insert into github_action (key, repository, kind, target, body)
                values (:key, :repository, :kind, :target, cast(:body as jsonb))
                """)
            .param("key", key)
            .param("repository", repository)
            .param("kind", kind)
            .param("target", target)
            .param("body", body)
            .update();
    }

    /** Writes the kept row; a new body raises the version (the sender then sends it), the same body changes nothing. */
    void upsert(String key, String repository, String kind, String target, String body) {
        jdbc.sql("""
                insert into github_action (key, repository, kind, target, body)
                values (:key, :repository, :kind, :target, cast(:body as jsonb))
                on conflict (key) do update
                    set body = excluded.body, target = excluded.target, version = github_action.version + 1,
                        updated_at = now()
                    where github_action.body is distinct from excluded.body
                       or github_action.target is distinct from excluded.target
                """)
            .param("key", key)
            .param("repository", repository)
            .param("kind", kind)
            .param("target", target)
            .param("body", body)
            .update();
    }

    /** The oldest due row, locked for this transaction; rows other instances are sending are skipped. */
    Optional<Row> claimDue(List<Long> tried) {
        return jdbc.sql("""
                select id, repository, kind, target, cast(body as text) as body, version, github_id, attempts
                from github_action
                where sent_version < version and next_attempt_at <= clock_timestamp()
                  and id <> all(cast(:tried as bigint[]))
                order by next_attempt_at, id
                limit 1
                for update skip locked
                """)
            .param("tried", tried.stream().mapToLong(Long::longValue).toArray())
            .query((rs, row) -> new Row(rs.getLong("id"), rs.getString("repository"), rs.getString("kind"),
                    rs.getString("target"), rs.getString("body"), rs.getInt("version"),
                    (Long) rs.getObject("github_id"), rs.getInt("attempts")))
            .optional();
    }

    void sent(long id, int version, Long githubId) {
        jdbc.sql("""
                update github_action
                set sent_version = :version, github_id = coalesce(:githubId, github_id), attempts = 0,
                    last_error = null, next_attempt_at = now(), updated_at = now()
                where id = :id
                """)
            .param("id", id)
            .param("version", version)
            .param("githubId", githubId)
            .update();
    }

    void failed(long id, String error, long retryMillis) {
        jdbc.sql("""
                update github_action
                set attempts = attempts + 1, last_error = :error,
                    next_attempt_at = now() + make_interval(secs => :millis / 1000.0), updated_at = now()
                where id = :id
                """)
            .param("id", id)
            .param("error", error)
            .param("millis", retryMillis)
            .update();
    }

    /** GitHub refused the call itself: retrying would not help, so this version counts as done. */
    void refused(long id, int version, String error) {
        jdbc.sql("""
                update github_action
                set sent_version = :version, attempts = attempts + 1, last_error = :error, updated_at = now()
                where id = :id
                """)
            .param("id", id)
            .param("version", version)
            .param("error", error)
            .update();
    }

    void forget(long id, String error) {
        jdbc.sql("update github_action set github_id = null, last_error = :error, updated_at = now() where id = :id")
            .param("id", id)
            .param("error", error)
            .update();
    }

    long pending() {
        return jdbc.sql("select count(*) from github_action where sent_version < version").query(Long.class).single();
    }

    record Row(long id, String repository, String kind, String target, String body, int version, Long githubId,
            int attempts) {
    }
}
