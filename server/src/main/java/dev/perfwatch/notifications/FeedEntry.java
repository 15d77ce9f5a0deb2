package dev.perfwatch.notifications;

import java.time.Instant;

/**
 * A feed entry: the group's announcement, and, once every alert of the group is closed, how it ended. Atom readers
 * show an entry again when its {@code updated} moves, so a fix, a level that did not hold or a triage verdict
 * reaches whoever follows the feed, not only whoever opens the alerts page.
 *
 * @param message the announcement as it was sent
 * @param summary the group's summary now (it gains notes such as "transient: …" after the announcement)
 * @param updated when the entry last changed: the announcement, or the newest change of one of its alerts
 * @param closing "fixed at 437f3b3" and the like when every alert is closed; null while one is open
 */
record FeedEntry(GroupMessage message, String summary, Instant updated, String closing) {

    static FeedEntry announced(GroupMessage message) {
        return new FeedEntry(message, message.summary(), message.raisedAt(), null);
    }

    boolean closed() {
        return closing != null;
    }

    /** A row of the outbox with its group's state as the feed's statement reads it. */
    record Stored(String message, String summary, long open, Instant changedAt, String statuses, String restoredAt) {

        FeedEntry entry(GroupMessage announced) {
            Instant updated = changedAt == null || changedAt.isBefore(announced.raisedAt()) ? announced.raisedAt()
                    : changedAt;
            String closing = open > 0 || statuses == null ? null
                    : statuses + (restoredAt == null ? "" : " at " + restoredAt);
            return new FeedEntry(announced, summary == null ? announced.summary() : summary, updated, closing);
        }
    }
}
