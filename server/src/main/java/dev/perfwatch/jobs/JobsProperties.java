package dev.perfwatch.jobs;

import java.time.Duration;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The job queue and the runner protocol.
 *
 * @param leaseDuration how long a lease lasts without a heartbeat ({@code PERFWATCH_JOBS_LEASE_DURATION}); runners
 *     send a heartbeat every third of it
 * @param maxAttempts leases that may expire before a job fails ({@code PERFWATCH_JOBS_MAX_ATTEMPTS})
 * @param timeout default time one attempt may take ({@code PERFWATCH_JOBS_TIMEOUT})
 * @param expiryCheckInterval how often each server instance looks for expired leases
 * @param nightlyCheckInterval how often each server instance looks whether a nightly schedule is due
 * @param nightly the nightly schedules, one per project and branch
 */
@Validated
@ConfigurationProperties("perfwatch.jobs")
public record JobsProperties(@DefaultValue("60s") Duration leaseDuration, @DefaultValue("3") int maxAttempts,
        @DefaultValue("4h") Duration timeout, @DefaultValue("10s") Duration expiryCheckInterval,
        @DefaultValue("60s") Duration nightlyCheckInterval, @DefaultValue List<@Valid Nightly> nightly) {

    /**
     * Benchmark the head of a branch on a cron schedule, on every host class, unless it was benchmarked already.
     *
     * @param cron when, as a cron expression with or without the seconds field ("0 2 * * *": at 02:00)
     * @param hostClasses where; empty means every host class a runner registered with
     */
    public record Nightly(@NotBlank String project, @DefaultValue("main") String branch, @NotBlank String cron,
            @DefaultValue List<String> hostClasses, @DefaultValue("17") String jvm,
            @DefaultValue("full") Profile profile, @NotNull @Valid JobSpec.Suite suite) {
    }
}
