package dev.perfwatch.pipeline;

import java.time.Duration;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The detection pipeline: which branches are watched, how often each instance looks for work, and how much a
 * confirmation may cost. See docs/pipeline.md.
 *
 * @param enabled whether this instance works on the queue ({@code PERFWATCH_PIPELINE_ENABLED}); runs are queued
 *     for detection either way, so another instance can do the work
 * @param pollInterval how often this instance looks for runs to detect on and confirmations to decide
 * @param trackedBranches branches detected on besides each project's default branch
 * @param confirmation how suspected changes are re-run
 * @param quietMetrics secondary metrics not detected on: rates that follow the throughput (gc.alloc.rate in MB/s)
 *     or the iteration time (gc.count, gc.time) move with every throughput change and say nothing of their own;
 *     the allocation per operation (gc.alloc.rate.norm) is what is tracked. Their points are still stored and drawn.
 * @param resolutions metrics whose level may be zero, with the smallest amount in their unit that means something:
 *     values below it are zero and their noise, changes and minimal detectable change are in the unit
 *     (docs/detection.md, "Metrics near zero")
 * @param alertWindow how many of a series' newest commits a change point may lie in and still notify anyone;
 *     older ones (an imported or backfilled history) are kept and shown as historical
 * @param alertAge a change at a commit made longer ago than this notifies nobody either: an imported history's
 *     steps are years old, and they are the same steps whether the import took a minute or a month
 * @param detectionThreads threads that analyse the series of one run at once (the detector's part of a run's
 *     detection: its series are independent); default the available processors, 1 analyses them one by one in the
 *     pipeline's thread
 */
@Validated
@ConfigurationProperties("perfwatch.pipeline")
public record PipelineProperties(@DefaultValue("true") boolean enabled, @DefaultValue("5s") Duration pollInterval,
        @DefaultValue({ "main", "master" }) List<String> trackedBranches,
        @DefaultValue @Valid Confirmation confirmation,
        @DefaultValue({ "gc.alloc.rate", "gc.count", "gc.time" }) List<String> quietMetrics,
        java.util.Map<String, Double> resolutions, @DefaultValue("5") @Min(1) @Max(1000) int alertWindow,
        @DefaultValue("14d") Duration alertAge, @Min(1) @Max(256) Integer detectionThreads) {

    public PipelineProperties {
        detectionThreads = detectionThreads == null ? Runtime.getRuntime().availableProcessors() : detectionThreads;
        resolutions = resolutions == null || resolutions.isEmpty()
                ? java.util.Map.of("gc.alloc.rate.norm", 1.0, "gc.count", 1.0, "gc.time", 1.0)
                : java.util.Map.copyOf(resolutions);
    }

    /** The metric's resolution in its unit (see {@code resolutions}); 0 for ordinary metrics. */
    public double resolution(String metric) {
        return resolutions.getOrDefault(metric, 0.0);
    }

    /**
     * @param enabled false alerts on the detector's word alone (for trackers without runners)
     * @param branch the branch confirmation runs are stored on, apart from the timeline
     * @param forks JMH forks of each confirmation job
     * @param pairs good-bad pairs of jobs per round, queued in the order good, bad, good, bad
     * @param maxRounds rounds before deciding with what there is: the compute budget of one confirmation is
     *     {@code maxRounds × pairs × 2} jobs of {@code forks} forks
     * @param alpha the total alpha of "changed" over all rounds, spent round by round (Pocock, see Verdict)
     * @param budgetAlpha 0 (default): off; else after the last round a difference with a smaller p-value is still
     *     taken as a change, which gives up the error-rate control of the rounds
     */
    public record Confirmation(@DefaultValue("true") boolean enabled,
            @DefaultValue("perfwatch/confirmation") @NotBlank String branch, @DefaultValue("2") @Min(1) @Max(50) int forks,
            @DefaultValue("2") @Min(1) @Max(20) int pairs, @DefaultValue("3") @Min(1) @Max(20) int maxRounds,
            @DefaultValue("0.01") @DecimalMin("0.000001") @DecimalMax("0.2") double alpha,
            @DefaultValue("0") @DecimalMin("0") @DecimalMax("0.2") double budgetAlpha) {
    }
}
