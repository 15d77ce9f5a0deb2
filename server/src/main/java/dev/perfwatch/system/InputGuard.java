package dev.perfwatch.system;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.UriUtils;

/**
 * Refuses, on every endpoint, what no handler can take and what used to end in a 500: a NUL character in a query
 * parameter (PostgreSQL text cannot hold it) and a multipart body (no endpoint takes one; Spring parsed them even on
 * GETs and failed). The query string is read raw, so a form body is never consumed here.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 4)
class InputGuard extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String contentType = request.getContentType();
        if (contentType != null && contentType.regionMatches(true, 0, "multipart/", 0, 10)) {
            Problems.write(response, 415, "Unsupported Media Type", "no endpoint takes a multipart body",
                    "Content-Type");
            return;
        }
        String query = request.getQueryString();
        if (query != null) {
            for (String pair : query.split("&")) {
                int equals = pair.indexOf('=');
                String name = decode(equals < 0 ? pair : pair.substring(0, equals));
                String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
                if (name == null || value == null) {
                    Problems.write(response, 400, "Bad Request", "the query string is not valid percent-encoding",
                            "query");
                    return;
                }
                if (name.indexOf('\u0000') >= 0 || value.indexOf('\u0000') >= 0) {
                    Problems.write(response, 400, "Bad Request", "query parameter " + name.replace('\u0000', '?')
                            + " contains a NUL character", name.replace('\u0000', '?'));
                    return;
                }
            }
        }
        chain.doFilter(request, response);
    }

    private static String decode(String text) {
        try {
            return UriUtils.decode(text.replace('+', ' '), StandardCharsets.UTF_8);
        }
        catch (IllegalArgumentException ex) {
            return null;
        }
    }
}
