package dev.perfwatch.jobs;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Frees the jobs of runners that stopped sending heartbeats, even when no runner asks for work. Every server
 * instance runs it; the database decides which one handles which lease (SKIP LOCKED in {@link JobQueue}).
 */
@Component
class LeaseExpiry {

    private static final Logger log = LoggerFactory.getLogger(LeaseExpiry.class);

    private final Jobs jobs;

    LeaseExpiry(Jobs jobs) {
        this.jobs = jobs;
    }

    @Scheduled(fixedDelayString = "${perfwatch.jobs.expiry-check-interval:10s}",
            initialDelayString = "${perfwatch.jobs.expiry-check-interval:10s}")
    void check() {
        try {
            jobs.expireLeases();
        }
        catch (RuntimeException ex) {
            // The database may be restarting; the next check tries again.
            log.warn("Checking for expired leases failed: {}", ex.toString());
        }
    }
}
