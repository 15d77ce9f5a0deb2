package dev.perfwatch.security;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a token may do: admin everything, write uploads and triage, runner the runner protocol and uploads. */
public enum Role {
    @JsonProperty("admin") ADMIN,
    @JsonProperty("write") WRITE,
    @JsonProperty("runner") RUNNER;

    String sql() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static Role fromSql(String value) {
        return valueOf(value.toUpperCase(java.util.Locale.ROOT));
    }
}
