package dev.perfwatch.notifications;

import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The SQL of the notification outbox. */
@Repository
class OutboxStore {

    private final JdbcClient jdbc;

    OutboxStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Writes a message unless the group already has one of this kind on this channel; true when written. */
    boolean insert(long group, String project, String channel, String message, boolean delivered) {
        return insert(group, project, channel, "raised", 0, message, delivered);
    }

    /** As above, for a message of the kind ("raised", "grown") and follow-up key (0 for the announcement). */
    boolean insert(long group, String project, String channel, String kind, long followUp, String message,
            boolean delivered) {
        return jdbc.sql("""
                insert into notification (group_id, project, channel, kind, follow_up, message, status, delivered_at)
                values (:group, :project, :channel, :kind, :followUp, cast(:message as jsonb), :status,
                        case when :delivered then now() end)
                on conflict (group_id, channel, kind, follow_up) do nothing
                """)
            .param("group", group)
            .param("kind", kind)
            .param("followUp", followUp)
            .param("project", project)
            .param("channel", channel)
            .param("message", message)
            .param("status", delivered ? "delivered" : "pending")
            .param("delivered", delivered)
            .update() == 1;
    }

    /** The channels (not the feed) with the group's announcement, sent or not, dropped ones aside. */
    List<String> announcedOn(long group) {
        return jdbc.sql("""
                select channel from notification
                where group_id = :group and kind = 'raised' and channel <> 'feed' and status <> 'dropped'
                order by channel
                """)
            .param("group", group)
            .query(String.class)
            .list();
    }

    /**
     * Locks the next due message, other than those {@code tried} already, until the caller's transaction ends. SKIP LOCKED lets another server instance's
     * worker pass over it to the next one instead of waiting and then sending it a second time.
     */
    Optional<Row> claimDue(List<Long> tried) {
        return jdbc.sql("""
                select id, group_id, project, channel, cast(message as text) as message, attempts
                from notification
                where status = 'pending' and next_attempt_at <= clock_timestamp()
                  and id <> all(cast(:tried as bigint[]))
                order by next_attempt_at, id
                limit 1
                for update skip locked
                """)
            .param("tried", tried.stream().mapToLong(Long::longValue).toArray())
            .query((rs, n) -> new Row(rs.getLong("id"), rs.getLong("group_id"), rs.getString("project"),
                    rs.getString("channel"), rs.getString("message"), rs.getInt("attempts")))
            .optional();
    }

    void delivered(long id) {
        jdbc.sql("""
                update notification
                set status = 'delivered', attempts = attempts + 1, delivered_at = now(), last_error = null
                where id = :id
                """)
            .param("id", id)
            .update();
    }

    void failed(long id, String error, long retryMillis) {
        jdbc.sql("""
                update notification
                set attempts = attempts + 1, last_error = :error,
                    next_attempt_at = clock_timestamp() + make_interval(secs => :retry / 1000.0)
                where id = :id
                """)
            .param("id", id)
            .param("error", error)
            .param("retry", retryMillis)
            .update();
    }

    void dropped(long id, String reason) {
        jdbc.sql("update notification set status = 'dropped', last_error = :reason where id = :id")
            .param("id", id)
            .param("reason", reason)
            .update();
    }

    /** Messages waiting for delivery; NaN when the database cannot say (a gauge must not throw). */
    double pending() {
        try {
            return jdbc.sql("select count(*) from notification where status = 'pending'")
                .query(Long.class)
                .single();
        }
        catch (RuntimeException ex) {
            return Double.NaN;
        }
    }

    /**
     * The feed's messages, newest first, each with its group as it is now; all projects when project is null.
     * The message is what was announced; the group's summary and its alerts' states change after (a fix, a
     * transient level, triage), and a feed reader learns of it only through the entry's update.
     */
    /** Whether a project of that name exists: a feed of a misspelt one is an error, not an empty feed. */
    boolean projectExists(String project) {
        return jdbc.sql("select exists (select 1 from project where name = :name)")
            .param("name", project)
            .query(Boolean.class)
            .single();
    }

    List<FeedEntry.Stored> feed(String project, int limit) {
        return jdbc.sql("""
                select cast(n.message as text) as message, g.summary,
                       state.open, state.changed_at, state.statuses, state.restored_at
                from notification n
                join alert_group g on g.id = n.group_id
                cross join lateral (
                    select count(*) filter (where a.status in ('new', 'investigating', 'acknowledged')) as open,
                           max(a.updated_at) as changed_at,
                           string_agg(distinct a.status, ', ') as statuses,
                           string_agg(distinct left(c.sha, 7), ', ') as restored_at
                    from alert a
                    left join commit c on c.id = a.restored_commit_id
                    where a.group_id = n.group_id
                ) state
                where n.channel = 'feed' and n.kind = 'raised'
                  and (cast(:project as text) is null or n.project = :project)
                order by n.created_at desc, n.id desc
                limit :limit
                """)
            .param("project", project)
            .param("limit", limit)
            .query((rs, row) -> new FeedEntry.Stored(rs.getString("message"), rs.getString("summary"),
                    rs.getLong("open"), rs.getTimestamp("changed_at") == null ? null
                            : rs.getTimestamp("changed_at").toInstant(),
                    rs.getString("statuses"), rs.getString("restored_at")))
            .list();
    }

    /**
     * A message waiting for delivery.
     *
     * @param attempts failed attempts so far
     */
    record Row(long id, long group, String project, String channel, String message, int attempts) {
    }
}
