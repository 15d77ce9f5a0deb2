package dev.perfwatch.comparison;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a change means for the reader, from its 99% interval and the direction of the metric (docs/api.md). */
public enum Verdict {
    @JsonProperty("faster") FASTER,
    @JsonProperty("slower") SLOWER,
    @JsonProperty("same") SAME,
    @JsonProperty("unclear") UNCLEAR;

    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public boolean significant() {
        return this == FASTER || this == SLOWER;
    }
}
