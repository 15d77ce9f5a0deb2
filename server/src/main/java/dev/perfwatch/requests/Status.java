package dev.perfwatch.requests;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.perfwatch.system.InvalidInputException;

/** Where a request is: resolving a pull request's commits, waiting for runners, running, or done one of three ways. */
enum Status {
    @JsonProperty("resolving") RESOLVING,
    @JsonProperty("queued") QUEUED,
    @JsonProperty("running") RUNNING,
    @JsonProperty("succeeded") SUCCEEDED,
    @JsonProperty("failed") FAILED,
    @JsonProperty("cancelled") CANCELLED;

    boolean finished() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }

    String sql() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Status fromSql(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    static Status parse(String value) {
        for (Status status : values()) {
            if (status.sql().equals(value)) {
                return status;
            }
        }
        throw new InvalidInputException("status",
                "status must be one of resolving, queued, running, succeeded, failed, cancelled");
    }
}
