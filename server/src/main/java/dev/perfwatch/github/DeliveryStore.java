package dev.perfwatch.github;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Webhook deliveries already handled, by X-GitHub-Delivery. */
@Repository
class DeliveryStore {

    private final JdbcClient jdbc;

    DeliveryStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** True when the delivery is new; a concurrent duplicate waits on the unique key and then finds it taken. */
    boolean record(String delivery, String event) {
        return jdbc.sql("insert into github_delivery (id, event) values (:id, :event) on conflict (id) do nothing")
            .param("id", delivery)
            .param("event", event)
            .update() == 1;
    }
}
