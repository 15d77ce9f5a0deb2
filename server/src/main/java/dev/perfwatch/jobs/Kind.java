package dev.perfwatch.jobs;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Why a job exists; it also sets the default priority, so that a pull request's jobs pass the nightly ones. */
public enum Kind {
    @JsonProperty("api") API(100),
    @JsonProperty("nightly") NIGHTLY(0),
    @JsonProperty("request") REQUEST(300),
    @JsonProperty("confirmation") CONFIRMATION(200),
    @JsonProperty("bisection") BISECTION(200);

    private final int defaultPriority;

    Kind(int defaultPriority) {
        this.defaultPriority = defaultPriority;
    }

    public int defaultPriority() {
        return defaultPriority;
    }

    String sql() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static Kind fromSql(String value) {
        return valueOf(value.toUpperCase(java.util.Locale.ROOT));
    }
}
