package dev.perfwatch.notifications;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Delivers queued messages. Each message is claimed, sent and marked in one transaction that holds its row lock, so
 * that workers of several server instances never send one message twice; a failed delivery is tried again after an
 * exponentially growing wait, for as long as it takes. The only window for a second copy is a crash after the
 * channel answered and before the commit.
 */
@Service
public class Outbox {

    private static final Logger log = LoggerFactory.getLogger(Outbox.class);

    /** Bounds one poll, so a long backlog is shared with the next poll and other instances. */
    private static final int BATCH = 100;

    private final OutboxStore store;

    private final Map<String, Channel> channels;

    private final NotificationsProperties properties;

    private final TransactionTemplate transaction;

    private final JsonMapper json;

    private final Counter delivered;

    private final Counter failed;

    Outbox(OutboxStore store, List<Channel> channels, NotificationsProperties properties,
            TransactionTemplate transaction, JsonMapper json, MeterRegistry meters) {
        this.store = store;
        this.channels = channels.stream().collect(Collectors.toMap(Channel::name, Function.identity()));
        this.properties = properties;
        this.transaction = transaction;
        this.json = json;
        this.delivered = Counter.builder("perfwatch.notifications.delivered")
            .description("Messages delivered by this instance")
            .register(meters);
        this.failed = Counter.builder("perfwatch.notifications.failed")
            .description("Failed delivery attempts of this instance, each retried later")
            .register(meters);
        // A number that only grows while a channel is down: what an operator's alert rule watches.
        Gauge.builder("perfwatch.notifications.pending", store, OutboxStore::pending)
            .description("Messages waiting for delivery, on all instances")
            .register(meters);
    }

    @Scheduled(fixedDelayString = "${perfwatch.notifications.poll-interval:10s}",
            initialDelayString = "${perfwatch.notifications.poll-interval:10s}")
    void poll() {
        try {
            deliverDue();
        }
        catch (RuntimeException ex) {
            // The database may be restarting; the next poll tries again.
            log.warn("Delivering notifications failed: {}", ex.toString());
        }
    }

    /**
     * Delivers the messages that are due now, one transaction each, and returns how many were delivered. Safe to
     * call from several threads and instances at once. A message is tried once a pass: a channel that fails is
     * not tried again within the same pass because its short first retry came due while others were sent.
     */
    public int deliverDue() {
        int delivered = 0;
        List<Long> tried = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            Optional<Boolean> outcome = transaction.execute(status -> store.claimDue(tried).map(row -> {
                tried.add(row.id());
                return deliver(row);
            }));
            if (outcome.isEmpty()) {
                break;
            }
            if (outcome.get()) {
                delivered++;
            }
        }
        return delivered;
    }

    private boolean deliver(OutboxStore.Row row) {
        Channel channel = channels.get(row.channel());
        NotificationsProperties.Route route = properties.route(row.project());
        try {
            GroupMessage message = json.readValue(row.message(), GroupMessage.class);
            if (channel == null || !channel.routes(message, route)) {
                // The configuration changed since the message was queued: nobody is listening there any more.
                store.dropped(row.id(), row.channel() + " is no longer configured for project " + row.project());
                log.info("Dropped the {} message of alert group {}: the channel is no longer configured",
                        row.channel(), row.group());
                return false;
            }
            channel.deliver(message, route);
        }
        catch (RuntimeException ex) {
            // Whatever went wrong (a channel down, a malformed webhook URL), the row must not block the ones after it.
            long retry = retryMillis(row.attempts());
            String error = ex instanceof DeliveryException ? ex.getMessage() : ex.toString();
            store.failed(row.id(), error, retry);
            failed.increment();
            log.warn("Delivering the {} message of alert group {} failed (attempt {}), retrying in {} ms: {}",
                    row.channel(), row.group(), row.attempts() + 1, retry, error);
            return false;
        }
        store.delivered(row.id());
        delivered.increment();
        log.info("Delivered the {} message of alert group {}", row.channel(), row.group());
        return true;
    }

    /** retryInitial, doubling with every failed attempt, at most retryMax. */
    long retryMillis(int failedBefore) {
        long initial = properties.retryInitial().toMillis();
        long max = properties.retryMax().toMillis();
        if (failedBefore >= 62 || initial << failedBefore >= max || initial << failedBefore <= 0) {
            return max;
        }
        return initial << failedBefore;
    }
}
