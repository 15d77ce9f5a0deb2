package dev.perfwatch.jobs;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a job is: waiting for a runner, leased, or done one of three ways. */
public enum JobStatus {
    @JsonProperty("queued") QUEUED,
    @JsonProperty("running") RUNNING,
    @JsonProperty("succeeded") SUCCEEDED,
    @JsonProperty("failed") FAILED,
    @JsonProperty("cancelled") CANCELLED;

    public boolean finished() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }

    String sql() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static JobStatus fromSql(String value) {
        return valueOf(value.toUpperCase(java.util.Locale.ROOT));
    }

    /** The status named in a query parameter, or a 400 naming the parameter. */
    static JobStatus parse(String value) {
        for (JobStatus status : values()) {
            if (status.sql().equals(value)) {
                return status;
            }
        }
        throw new dev.perfwatch.system.InvalidInputException("status",
                "status must be one of queued, running, succeeded, failed, cancelled");
    }
}
