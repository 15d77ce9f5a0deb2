package dev.perfwatch.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.perfwatch.system.Problems;
import dev.perfwatch.system.WriteLimiter;

/**
 * Authenticates API calls by bearer token (or HTTP Basic with the token as password, as Codespeed clients send it).
 * Writes always need a token; reads of data only when {@code perfwatch.security.read-requires-token} is set.
 * Endpoints that authenticate otherwise (the signed GitHub webhook, Codespeed uploads with a per-project secret in
 * the path) are let through to their controller.
 *
 * <p>The decision is taken on the path as Spring MVC matches it (percent-decoded, {@code ;parameters} removed,
 * repeated slashes collapsed), not the raw one: {@code /%61pi/v1/projects} and {@code /api;x=1/v1/projects} reach
 * the same controller as {@code /api/v1/projects} and must meet the same check (issue 14). Encoded slashes,
 * backslashes, dots and NULs are refused outright, since no legitimate client sends them and each is a way to make
 * two readers of one path disagree. A filter rather than Spring Security: one rule over a handful of prefixes, no
 * sessions, and no second filter chain with defaults of its own to keep in step.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
class TokenFilter extends OncePerRequestFilter {

    static final Set<String> SELF_AUTHENTICATED = Set.of("/api/v1/github/webhook");

    /** Codespeed uploads with the project's upload secret in the path, checked here and by the codespeed package. */
    static final Pattern CODESPEED_SECRET_UPLOAD = Pattern.compile("/codespeed/([^/]+)/result/add(/json)?/?");

    /**
     * Data: our API, the Codespeed-compatible paths (Flink's report script reads /reports and /changes/ too), the
     * actuator beside its health probes, and the OpenAPI description.
     */
    static final List<String> DATA_PREFIXES = List.of("/api/", "/result/", "/timeline/", "/reports", "/changes/",
            "/codespeed/", "/actuator", "/v3/api-docs", "/swagger-ui");

    /** Open in every mode: what a load balancer or orchestrator probes. */
    static final List<String> OPEN_PREFIXES = List.of("/actuator/health");

    /** Codespeed's page paths under those prefixes answer the UI's static shell (dev.perfwatch.web), not data. */
    static final Set<String> PAGES = Set.of("/timeline/", "/changes/");

    private static final Set<String> READ_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    private final ApiTokens tokens;

    private final SecurityProperties properties;

    private final UploadSecretCheck uploadSecrets;

    TokenFilter(ApiTokens tokens, SecurityProperties properties, UploadSecretCheck uploadSecrets) {
        this.tokens = tokens;
        this.properties = properties;
        this.uploadSecrets = uploadSecrets;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> path = RequestPaths.normalised(request);
        if (path.isEmpty()) {
            Problems.write(response, HttpServletResponse.SC_BAD_REQUEST, "Bad Request",
                    "the path has an encoded slash, backslash, dot or NUL", "path");
            return;
        }
        boolean read = READ_METHODS.contains(request.getMethod());
        if (selfAuthenticated(path.get(), request.getMethod())) {
            if (SELF_AUTHENTICATED.contains(path.get())) {
                // The webhook's signature is checked once its body is read: it must not hold an uploader's write slot
                // meanwhile.
                request.setAttribute(WriteLimiter.UNPROVEN_SENDER, Boolean.TRUE);
            }
            else if (!uploadSecretKnown(path.get(), response)) {
                // A Codespeed upload URL's secret is in its path: checked here, before the post takes a write slot.
                return;
            }
            chain.doFilter(request, response);
            return;
        }
        boolean data = DATA_PREFIXES.stream().anyMatch(path.get()::startsWith)
                && OPEN_PREFIXES.stream().noneMatch(path.get()::startsWith) && !PAGES.contains(path.get());
        Optional<String> token = token(request);
        if (read && !data && token.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        Optional<Caller> caller;
        try {
            caller = token.flatMap(tokens::verify);
        }
        catch (org.springframework.dao.DataAccessException ex) {
            unavailable(response);
            return;
        }
        if (token.isPresent() && caller.isEmpty()) {
            unauthorized(response, "the token is not valid");
            return;
        }
        if (caller.isEmpty() && (!read || properties.readRequiresToken())) {
            unauthorized(response, "an API token is required: Authorization: Bearer <token>");
            return;
        }
        caller.ifPresent(c -> request.setAttribute(Caller.ATTRIBUTE, c));
        chain.doFilter(request, response);
    }

    private static boolean selfAuthenticated(String path, String method) {
        return SELF_AUTHENTICATED.contains(path)
                || ("POST".equals(method) && CODESPEED_SECRET_UPLOAD.matcher(path).matches());
    }

    /** Answers as the Codespeed controller does (403 in words) when the upload URL's secret is unknown. */
    private boolean uploadSecretKnown(String path, HttpServletResponse response) throws IOException {
        Matcher upload = CODESPEED_SECRET_UPLOAD.matcher(path);
        boolean known;
        try {
            known = upload.matches() && uploadSecrets.project(upload.group(1)).isPresent();
        }
        catch (org.springframework.dao.DataAccessException ex) {
            unavailable(response);
            return false;
        }
        if (!known) {
            response.setStatus(HttpServletResponse.SC_FORBIDDEN);
            response.setContentType("text/plain;charset=UTF-8");
            response.getWriter().write(UploadSecretCheck.UNKNOWN);
        }
        return known;
    }

    private static Optional<String> token(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            return Optional.empty();
        }
        if (header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.of(header.substring(7).trim());
        }
        if (header.regionMatches(true, 0, "Basic ", 0, 6)) {
            try {
                String decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()),
                        StandardCharsets.UTF_8);
                int colon = decoded.indexOf(':');
                return Optional.of(colon < 0 ? decoded : decoded.substring(colon + 1));
            }
            catch (IllegalArgumentException ex) {
                return Optional.of("");
            }
        }
        return Optional.of("");
    }

    /** The database is away or saturated: say so, as the controllers do, rather than fail with a 500. */
    private static void unavailable(HttpServletResponse response) throws IOException {
        response.setHeader(HttpHeaders.RETRY_AFTER, "5");
        Problems.write(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "Service Unavailable",
                "the database is unavailable or saturated: retry after 5 s", null);
    }

    private static void unauthorized(HttpServletResponse response, String detail) throws IOException {
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"perfwatch\"");
        Problems.write(response, HttpServletResponse.SC_UNAUTHORIZED, "Unauthorized", detail, "Authorization");
    }
}
