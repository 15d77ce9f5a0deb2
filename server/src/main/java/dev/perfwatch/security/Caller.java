package dev.perfwatch.security;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import dev.perfwatch.system.ForbiddenException;

/** The authenticated token behind a request: its name is what audit trails record as "who". */
public record Caller(String name, Role role) {

    static final String ATTRIBUTE = Caller.class.getName();

    public static Optional<Caller> of(HttpServletRequest request) {
        return Optional.ofNullable((Caller) request.getAttribute(ATTRIBUTE));
    }

    /** The caller, who must hold one of the roles; admin holds them all. */
    public static Caller require(HttpServletRequest request, Role... roles) {
        Caller caller = of(request).orElseThrow(() -> new ForbiddenException("a token is required"));
        if (caller.role() == Role.ADMIN) {
            return caller;
        }
        for (Role role : roles) {
            if (caller.role() == role) {
                return caller;
            }
        }
        throw new ForbiddenException("token " + caller.name() + " may not do this");
    }
}
