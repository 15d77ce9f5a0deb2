package dev.perfwatch.runners;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Host checks and runner health (docs/runner.md, "Host checks").
 *
 * @param noise when a run counts as noisy
 * @param quarantine when a runner stops taking jobs
 */
@Validated
@ConfigurationProperties("perfwatch.runners")
public record RunnersProperties(@DefaultValue @Valid Noise noise, @DefaultValue @Valid Quarantine quarantine) {

    /**
     * @param baselineChange a reference check slower or faster than the runner's baseline (the median of its last
     *     {@code baselineChecks} checks) by more than this fraction makes the run noisy
     * @param beforeAfterChange the check after the job differing from the one before by more than this fraction
     *     makes the run noisy
     * @param loadPerCore other processes taking more than this share of the cores during the check before or after
     *     (runners that do not report it: a 1-minute load average above this many per core) makes the run noisy
     * @param baselineChecks how many recent checks make the baseline
     * @param minBaselineChecks below this many earlier checks there is no baseline yet (only before/after and load)
     * @param maxReruns re-runs one noisy nightly run may queue for its commit; 0 turns re-runs off
     */
    public record Noise(@DefaultValue("0.15") @DecimalMin("0.0") double baselineChange,
            @DefaultValue("0.10") @DecimalMin("0.0") double beforeAfterChange,
            @DefaultValue("0.5") @DecimalMin("0.0") double loadPerCore, @DefaultValue("20") @Min(1) int baselineChecks,
            @DefaultValue("3") @Min(1) int minBaselineChecks, @DefaultValue("1") @Min(0) int maxReruns) {
    }

    /**
     * @param enabled quarantine runners whose noise is far above their host class's
     *     ({@code PERFWATCH_RUNNERS_QUARANTINE_ENABLED}); off: they are only flagged
     * @param recentRuns how many of a runner's newest runs its noise is judged on
     * @param noisyShare a runner is flagged when more than this share of its recent runs (at least
     *     {@code minRuns}) was noisy and the share is {@code factor} times its host class's
     * @param factor how far above its class's noise a runner has to be
     * @param minRuns runs a runner must have before it can be flagged
     * @param recoveryChecks consecutive in-line checks that end a quarantine
     */
    public record Quarantine(@DefaultValue("false") boolean enabled, @DefaultValue("10") @Min(1) int recentRuns,
            @DefaultValue("0.5") @DecimalMin("0.0") double noisyShare,
            @DefaultValue("2.0") @DecimalMin("1.0") double factor,
            @DefaultValue("4") @Min(1) int minRuns, @DefaultValue("3") @Min(1) int recoveryChecks) {
    }
}
