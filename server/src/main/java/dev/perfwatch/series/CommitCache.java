package dev.perfwatch.series;

import java.sql.Timestamp;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The commits a points read shows (sha, time, author, subject), by id, kept in memory: a 10,000-point read used to
 * probe {@code commit} once per point, half of its SQL time, and decoding four strings per row was most of its JVM
 * CPU. Only complete commits are kept: ingest fills a commit's missing time, author or message later
 * ({@code coalesce} in RunStore) but never changes one it has, so a commit with all three is immutable and a copy of
 * it is right in every server instance; an incomplete one is read again each time. Bounded: when full it is
 * emptied and refills with what the reads ask for (the newest commits, mostly).
 */
@Component
class CommitCache {

    static final int CAPACITY = 200_000;

    private final Map<Long, SeriesViews.Commit> complete = new ConcurrentHashMap<>();

    private final JdbcClient jdbc;

    CommitCache(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Forgets every commit (a benchmark's cold read). */
    void clear() {
        complete.clear();
    }

    /** The commits of these ids; ids unknown to the database are absent. */
    Map<Long, SeriesViews.Commit> commits(long[] ids) {
        Map<Long, SeriesViews.Commit> found = new HashMap<>(ids.length * 2);
        Long[] missing = new Long[ids.length];
        int misses = 0;
        for (long id : ids) {
            SeriesViews.Commit commit = complete.get(id);
            if (commit != null) {
                found.put(id, commit);
            }
            else if (!found.containsKey(id)) {
                found.put(id, null);
                missing[misses++] = id;
            }
        }
        if (misses > 0) {
            read(java.util.Arrays.copyOf(missing, misses), found);
        }
        return found;
    }

    private void read(Long[] ids, Map<Long, SeriesViews.Commit> found) {
        if (complete.size() + ids.length > CAPACITY) {
            complete.clear();
        }
        jdbc.sql("""
                select id, sha, time, author, split_part(message, E'\n', 1) as message
                from commit
                where id = any(cast(:ids as bigint[]))
                """)
            .param("ids", ids)
            .query(rs -> {
                Timestamp time = rs.getTimestamp(3);
                String author = rs.getString(4);
                String message = rs.getString(5);
                SeriesViews.Commit commit = new SeriesViews.Commit(rs.getString(2),
                        time == null ? null : time.toInstant(), author, message);
                found.put(rs.getLong(1), commit);
                // split_part of a null message is null, so a cached subject always comes from a stored message
                if (time != null && author != null && message != null) {
                    complete.put(rs.getLong(1), commit);
                }
            });
    }
}
