package dev.perfwatch.system;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
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
 *
 * <p>A slot's body must keep coming: after {@code perfwatch.api.body-grace} it must have arrived at
 * {@code body-min-rate} bytes a second on average (each such amount received extends its time by a second, as
 * Apache's mod_reqtimeout does), or it is answered 408 and its slot is free again. Six clients holding a valid token
 * and sending a byte every few seconds held every upload slot (and six request threads) for as long as they liked.
 * A body that stops altogether is ended by the server's read timeout (Tomcat's connection timeout).
 *
 * <p>A form body (Codespeed's posts) is read through the same paced stream when its first field is asked for
 * ({@link FormBody}): the container read it by itself, unpaced, so a Codespeed client, or anyone posting a form to
 * the webhook, held a slot as long as it liked.
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

    private final long graceNanos;

    private final long minBytesPerSecond;

    WriteLimiter(ApiProperties properties) {
        this.permits = new Semaphore(Math.max(1, properties.maxConcurrentWrites()), true);
        this.unproven = new Semaphore(Math.max(1, properties.maxConcurrentWrites() / 3), true);
        this.waitNanos = properties.writeQueueTimeout().toNanos();
        this.graceNanos = properties.bodyGrace().toNanos();
        this.minBytesPerSecond = Math.max(1, properties.bodyMinRate().toBytes());
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
            chain.doFilter(new PacedRequest(request, System.nanoTime() + graceNanos, minBytesPerSecond), response);
        }
        finally {
            slots.release();
        }
    }

    /** The request whose body must keep its pace while it holds a slot. */
    private static final class PacedRequest extends HttpServletRequestWrapper {

        private final long deadline;

        private final long minBytesPerSecond;

        private ServletInputStream stream;

        private Map<String, String[]> form;

        private RuntimeException formRefused;

        PacedRequest(HttpServletRequest request, long deadline, long minBytesPerSecond) {
            super(request);
            this.deadline = deadline;
            this.minBytesPerSecond = minBytesPerSecond;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new PacedStream(super.getInputStream(), getContentLengthLong(), deadline, minBytesPerSecond);
            }
            return stream;
        }

        /** A form's fields, read through the paced stream rather than by the container behind it (FormBody). */
        @Override
        public Map<String, String[]> getParameterMap() {
            if (!FormBody.isForm(this)) {
                return super.getParameterMap();
            }
            if (formRefused != null) {
                throw formRefused;
            }
            if (form == null) {
                try {
                    form = FormBody.fields(this, super::getParameterMap);
                }
                catch (RuntimeException ex) {
                    formRefused = ex;
                    throw ex;
                }
            }
            return form;
        }

        @Override
        public String getParameter(String name) {
            String[] values = getParameterMap().get(name);
            return values == null || values.length == 0 ? null : values[0];
        }

        @Override
        public String[] getParameterValues(String name) {
            String[] values = getParameterMap().get(name);
            return values == null ? null : values.clone();
        }

        @Override
        public Enumeration<String> getParameterNames() {
            return Collections.enumeration(getParameterMap().keySet());
        }
    }

    /**
     * Checked after each read that leaves the body unfinished with nothing more received yet: a body that arrives whole
     * is never refused, however slowly its last bytes came, and a read that returns nothing for long is ended by the
     * server's read timeout.
     */
    private static final class PacedStream extends CountedInputStream {

        private final long length;

        private final long start;

        private final long deadline;

        private final long minBytesPerSecond;

        private long read;

        PacedStream(ServletInputStream delegate, long length, long deadline, long minBytesPerSecond) {
            super(delegate);
            this.length = length;
            this.start = System.nanoTime();
            this.deadline = deadline;
            this.minBytesPerSecond = minBytesPerSecond;
        }

        @Override
        void received(int n) throws IOException {
            read += n;
            // Whole, or the next bytes already here (a one-byte read that looks for an empty body): not behind.
            if (length >= 0 && read >= length || delegate.isFinished() || delegate.available() > 0) {
                return;
            }
            long now = System.nanoTime();
            // Each minBytesPerSecond received buys a second beyond the grace (in nanoseconds, without overflow).
            long earned = read >= Long.MAX_VALUE / 1_000_000_000L ? Long.MAX_VALUE / 2
                    : read * 1_000_000_000L / minBytesPerSecond;
            if (now - deadline > earned) {
                throw new BodyTooSlowException(read, (now - start) / 1_000_000_000L);
            }
        }
    }
}
