package dev.perfwatch.jobs;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How long JMH measures: quick (one fork, short iterations, for demos and pull requests) or full (nightly runs on
 * dedicated hosts). The runner maps it to JMH options, read from the suite jar when it declares its own.
 */
public enum Profile {
    @JsonProperty("quick") QUICK,
    @JsonProperty("full") FULL;

    String sql() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static Profile fromSql(String value) {
        return valueOf(value.toUpperCase(java.util.Locale.ROOT));
    }
}
