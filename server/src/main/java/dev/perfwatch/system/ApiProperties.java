package dev.perfwatch.system;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits of the HTTP API.
 *
 * @param maxBodySize the largest request body accepted ({@code PERFWATCH_MAX_BODY_SIZE}), default 32 MiB
 * @param maxConcurrentWrites writes (uploads, runner calls, webhooks) served at once
 *     ({@code PERFWATCH_MAX_CONCURRENT_WRITES}); fewer than the database pool, so that reads, the pipeline and
 *     notifications always find a connection, and so that at most this many bodies are in memory; writes whose
 *     sender proves itself only with its body (the GitHub webhook) have a third as many of their own
 * @param writeQueueTimeout how long a write waits for its turn before it is answered 503 with Retry-After
 *     ({@code PERFWATCH_WRITE_QUEUE_TIMEOUT})
 * @param bodyGrace how long a write that holds a slot may take for its body before {@code bodyMinRate} applies
 *     ({@code PERFWATCH_BODY_GRACE})
 * @param bodyMinRate the slowest a body may arrive, per second, after the grace: every this many bytes received
 *     extend its time by a second, as Apache's mod_reqtimeout does ({@code PERFWATCH_BODY_MIN_RATE}); a body
 *     behind answers 408 and its slot is free again
 */
@ConfigurationProperties("perfwatch.api")
public record ApiProperties(@DefaultValue("32MB") DataSize maxBodySize, @DefaultValue("6") int maxConcurrentWrites,
        @DefaultValue("5s") Duration writeQueueTimeout, @DefaultValue("10s") Duration bodyGrace,
        @DefaultValue("16KB") DataSize bodyMinRate) {
}
