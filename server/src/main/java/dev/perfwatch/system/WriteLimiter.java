package dev.perfwatch.system;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Serves at most {@code perfwatch.api.max-concurrent-writes} writes at once; the others wait their turn briefly and
 * are then answered 503 with Retry-After, which the runner and the importers honour. Without it fifty uploaders
 * held every database connection and the pipeline and reads starved (issue 14); it also bounds the bodies in memory,
 * since a waiting request has not read its body yet.
 *
 * <p>A write whose sender proves who it is only with its body (the GitHub webhook: its signature covers the body)
 * waits for slots of its own, a third of the writes'. A slot is held while the body arrives, so eight connections
 * sending a byte every few seconds to the webhook, with no credential at all, held every upload slot and every
 * runner's upload was answered 503 for as long as they stayed open.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 3)
public class WriteLimiter extends OncePerRequestFilter {

    /**
     * Set to {@code Boolean.TRUE} by the token filter on a write it let through without a credential (the endpoint
     * checks its own after reading the body): such a write takes one of the unproven slots.
     */
    public static final String UNPROVEN_SENDER = WriteLimiter.class.getName() + ".unproven";

    static final int RETRY_AFTER_SECONDS = 2;

    private static final Set<String> READ_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    private final Semaphore permits;

    private final Semaphore unproven;

    private final long waitNanos;

    WriteLimiter(ApiProperties properties) {
        this.permits = new Semaphore(Math.max(1, properties.maxConcurrentWrites()), true);
        this.unproven = new Semaphore(Math.max(1, properties.maxConcurrentWrites() / 3), true);
        this.waitNanos = properties.writeQueueTimeout().toNanos();
    }

    /**
     * The runner protocol's small calls (register, lease, heartbeat, finish) do not queue behind uploads: a runner
     * whose heartbeats were refused for a lease's length would lose its job. Their number is the number of runners.
     */
    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return READ_METHODS.contains(request.getMethod()) || path.startsWith("/api/v1/attempts/")
                || path.startsWith("/api/v1/runners");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Semaphore slots = Boolean.TRUE.equals(request.getAttribute(UNPROVEN_SENDER)) ? unproven : permits;
        boolean acquired;
        try {
            acquired = slots.tryAcquire(waitNanos, TimeUnit.NANOSECONDS);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            acquired = false;
        }
        if (!acquired) {
            Problems.write(response, 503, "Service Unavailable",
                    "the server is busy with other uploads: retry after " + RETRY_AFTER_SECONDS + " s", null);
            response.setHeader("Retry-After", String.valueOf(RETRY_AFTER_SECONDS));
            return;
        }
        try {
            chain.doFilter(request, response);
        }
        finally {
            slots.release();
        }
    }
}
