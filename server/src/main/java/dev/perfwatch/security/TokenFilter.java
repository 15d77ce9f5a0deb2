package dev.perfwatch.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates API calls by bearer token (or HTTP Basic with the token as password, as Codespeed clients send it).
 * Writes always need a token; reads only when {@code perfwatch.security.read-requires-token} is set. Endpoints that
 * authenticate otherwise (the signed GitHub webhook) are listed in {@link #SELF_AUTHENTICATED}.
 */
@Component
class TokenFilter extends OncePerRequestFilter {

    static final Set<String> SELF_AUTHENTICATED = Set.of("/api/v1/github/webhook");

    /** Codespeed uploads under a project's upload URL: the secret in the path is checked by dev.perfwatch.codespeed. */
    static final java.util.regex.Pattern CODESPEED_UPLOAD = java.util.regex.Pattern
        .compile("/codespeed/[^/]+/result/add/(json/)?");

    /** Our API and the Codespeed-compatible paths (Flink's report script reads /reports and /changes/ too). */
    static final java.util.List<String> API_PREFIXES = java.util.List.of("/api/", "/result/", "/timeline/", "/reports",
            "/changes/");

    /** Codespeed's page paths under those prefixes answer the UI's static shell (dev.perfwatch.web), not data. */
    static final Set<String> PAGES = Set.of("/timeline/", "/changes/");

    private static final Set<String> READ_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    private final ApiTokens tokens;

    private final SecurityProperties properties;

    TokenFilter(ApiTokens tokens, SecurityProperties properties) {
        this.tokens = tokens;
        this.properties = properties;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        boolean api = API_PREFIXES.stream().anyMatch(path::startsWith);
        return !api || SELF_AUTHENTICATED.contains(path) || PAGES.contains(path)
                || CODESPEED_UPLOAD.matcher(path).matches();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> token = token(request);
        Optional<Caller> caller = token.flatMap(tokens::verify);
        if (token.isPresent() && caller.isEmpty()) {
            unauthorized(response, "the token is not valid");
            return;
        }
        boolean read = READ_METHODS.contains(request.getMethod());
        if (caller.isEmpty() && (!read || properties.readRequiresToken())) {
            unauthorized(response, "an API token is required: Authorization: Bearer <token>");
            return;
        }
        caller.ifPresent(c -> request.setAttribute(Caller.ATTRIBUTE, c));
        chain.doFilter(request, response);
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

    private static void unauthorized(HttpServletResponse response, String detail) throws IOException {
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"perfwatch\"");
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.getWriter().write("""
                {"type":"about:blank","title":"Unauthorized","status":401,"detail":"%s","field":"Authorization"}"""
            .formatted(detail));
    }
}
