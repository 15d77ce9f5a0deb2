package dev.perfwatch.security;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.util.UriUtils;

/** The request path as the handler mapping sees it, so that authorisation and routing read one path, not two. */
final class RequestPaths {

    private RequestPaths() {
    }

    /** The decoded path without {@code ;parameters}, or empty when it carries something no client should send. */
    static Optional<String> normalised(HttpServletRequest request) {
        String raw = request.getRequestURI().substring(request.getContextPath().length());
        String lower = raw.toLowerCase(Locale.ROOT);
        if (lower.contains("%2f") || lower.contains("%5c") || lower.contains("%2e") || lower.contains("%00")
                || raw.indexOf('\\') >= 0) {
            return Optional.empty();
        }
        String decoded;
        try {
            decoded = UriUtils.decode(withoutParameters(raw), StandardCharsets.UTF_8);
        }
        catch (IllegalArgumentException ex) {
            return Optional.empty();
        }
        if (decoded.indexOf('\u0000') >= 0 || decoded.contains("/../") || decoded.endsWith("/..")
                || decoded.contains("/./") || decoded.endsWith("/.")) {
            return Optional.empty();
        }
        return Optional.of(decoded.replaceAll("/{2,}", "/"));
    }

    /** {@code /api;x=1/v1} becomes {@code /api/v1}: Spring MVC matches path segments without their parameters. */
    private static String withoutParameters(String path) {
        StringBuilder out = new StringBuilder(path.length());
        boolean inParameters = false;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == ';') {
                inParameters = true;
            }
            else if (c == '/') {
                inParameters = false;
                out.append(c);
            }
            else if (!inParameters) {
                out.append(c);
            }
        }
        return out.toString();
    }
}
