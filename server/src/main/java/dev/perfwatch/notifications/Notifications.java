package dev.perfwatch.notifications;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The entry point alerts call to announce a group: writes one outbox row per routed channel in the caller's
 * transaction, so that the announcement exists exactly when the group does. {@link Outbox} delivers them.
 */
@Service
public class Notifications {

    static final String FEED = "feed";

    private final OutboxStore store;

    private final List<Channel> channels;

    private final NotificationsProperties properties;

    private final JsonMapper json;

    Notifications(OutboxStore store, List<Channel> channels, NotificationsProperties properties, JsonMapper json) {
        this.store = store;
        this.channels = channels;
        this.properties = properties;
        this.json = json;
    }

    /**
     * Queues the group's announcement on the Atom feed and on the project's channels (improvement-only groups only
     * when the route asks for them). A group announced before is not announced again. Must run inside the
     * transaction that stores the group.
     *
     * @return the channels a message was queued on by this call
     */
    public List<String> announce(GroupMessage message) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("announce must run in the transaction that stores the group");
        }
        String body = json.writeValueAsString(message);
        List<String> queued = new ArrayList<>();
        if (store.insert(message.group(), message.project(), FEED, body, true)) {
            queued.add(FEED);
        }
        NotificationsProperties.Route route = properties.route(message.project());
        if (!message.regression() && !route.improvements()) {
            return queued;
        }
        for (Channel channel : channels) {
            if (channel.routes(message, route)
                    && store.insert(message.group(), message.project(), channel.name(), body, false)) {
                queued.add(channel.name());
            }
        }
        return queued;
    }

    /**
     * Queues a follow-up of an announced group on the channels its announcement was queued on before (not the feed,
     * whose entry shows the group as it is now). Once per follow-up key: a raise repeated after a crash queues nothing
     * more. Must run inside the transaction that stores the alerts.
     *
     * @param message the group's message made a follow-up ({@link GroupMessage#followUp})
     * @param announcedBefore the channels whose announcement existed before this raise
     * @return the channels a follow-up was queued on
     */
    public List<String> followUp(GroupMessage message, List<String> announcedBefore) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("followUp must run in the transaction that stores the alerts");
        }
        if (!message.followsUp()) {
            throw new IllegalArgumentException("not a follow-up: " + message.title());
        }
        String body = json.writeValueAsString(message);
        NotificationsProperties.Route route = properties.route(message.project());
        List<String> queued = new ArrayList<>();
        for (Channel channel : channels) {
            if (announcedBefore.contains(channel.name()) && channel.routes(message, route)
                    && store.insert(message.group(), message.project(), channel.name(), "grown", message.followUp(),
                            body, false)) {
                queued.add(channel.name());
            }
        }
        return queued;
    }

    /** The channels other than the feed on which the group's announcement is queued or sent. */
    public List<String> announcedOn(long group) {
        return store.announcedOn(group);
    }

    /** The link to a series' timeline in the UI, as every message carries it. */
    public String timeline(long series) {
        return properties.timeline(series);
    }
}
