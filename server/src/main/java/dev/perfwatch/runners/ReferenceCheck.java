package dev.perfwatch.runners;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * One timing of the runner's reference workload, as the runner sends it (inside a run's metadata as
 * {@code hostCheck.before} and {@code .after}, or alone from an idle poll): the median of its repetitions in ns,
 * their spread (median absolute deviation over the median), and the load at that moment.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReferenceCheck(@Size(max = 64) String workload, @NotNull @Min(1) Long medianNanos,
        @NotNull @DecimalMin("0.0") Double spread, @Size(max = 100) List<Long> samplesNanos,
        @DecimalMin("0.0") Double loadAverage, @DecimalMin("0.0") Double busyCpus, @Min(1) Integer cores,
        Boolean pinned, @Size(max = 1000) String error) {

    /** Checks that carry a time: a failed check (error, no median) says nothing about the host's speed. */
    boolean measured() {
        return medianNanos != null && medianNanos > 0 && spread != null && Double.isFinite(spread);
    }

    /**
     * The CPU other processes took during the check, per core; the 1-minute load average per core for runners that
     * do not report it; NaN when neither is known. The other processes' share comes first because the load average
     * counts the runner's own JMH for a minute after it ended: on a dedicated host running jobs back to back it says
     * "loaded" after every job.
     */
    double loadPerCore() {
        if (cores == null || cores < 1) {
            return Double.NaN;
        }
        if (busyCpus != null) {
            return busyCpus / cores;
        }
        return loadAverage == null ? Double.NaN : loadAverage / cores;
    }

    /** The workload's name as the runner gave it, for checks sent without one. */
    String workloadOr(String fallback) {
        return workload == null || workload.isBlank() ? fallback : workload;
    }
}
