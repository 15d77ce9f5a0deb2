package dev.perfwatch.system;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses bodies over {@code perfwatch.api.max-body-size} with 413 before they are buffered: a declared length is
 * checked at once, a chunked body when the limit is crossed while reading.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class BodySizeFilter extends OncePerRequestFilter {

    private final long limit;

    BodySizeFilter(ApiProperties properties) {
        this.limit = properties.maxBodySize().toBytes();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > limit) {
            response.setStatus(HttpStatus.CONTENT_TOO_LARGE.value());
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.getWriter().write("""
                    {"type":"about:blank","title":"Content Too Large","status":413,\
                    "detail":"the body is larger than the limit of %d bytes","field":"body"}"""
                .formatted(limit));
            return;
        }
        chain.doFilter(new LimitedRequest(request, limit), response);
    }

    private static final class LimitedRequest extends HttpServletRequestWrapper {

        private final long limit;

        private ServletInputStream stream;

        LimitedRequest(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedStream(super.getInputStream(), limit);
            }
            return stream;
        }
    }

    private static final class LimitedStream extends CountedInputStream {

        private final long limit;

        private long read;

        LimitedStream(ServletInputStream delegate, long limit) {
            super(delegate);
            this.limit = limit;
        }

        @Override
        void received(int n) throws PayloadTooLargeException {
            read += n;
            if (read > limit) {
                throw new PayloadTooLargeException(limit);
            }
        }
    }
}
