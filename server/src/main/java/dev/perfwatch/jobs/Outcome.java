package dev.perfwatch.jobs;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How a runner ends an attempt: done (the run is stored), failed (build or benchmark), or handed back unfinished. */
public enum Outcome {
    @JsonProperty("succeeded") SUCCEEDED,
    @JsonProperty("failed") FAILED,
    @JsonProperty("released") RELEASED
}
