package dev.perfwatch.database;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Generic plans for the rest of the current transaction, where every statement has a fixed shape: the ingest of a
 * run and a run's detection. The server's connections plan every statement anew ({@code plan_cache_mode =
 * force_custom_plan}, {@link DatabaseConfiguration}) for the few statements with optional filters, whose generic
 * plan cannot know which filters are absent; a Codespeed post's two dozen keyed statements were each planned at
 * every post, about a fifth of PostgreSQL's CPU for it (docs/performance.md, "Codespeed posts: PostgreSQL's CPU").
 * A statement of these transactions is planned once per connection (after pgjdbc prepares it on the server, at its
 * fifth run) and its plan kept. Only for transactions whose statements all have a fixed shape.
 */
@Component
public class GenericPlans {

    private final JdbcClient jdbc;

    GenericPlans(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Until the current transaction ends; must be called inside one. */
    public void forThisTransaction() {
        jdbc.sql("set local plan_cache_mode = force_generic_plan").update();
    }
}
