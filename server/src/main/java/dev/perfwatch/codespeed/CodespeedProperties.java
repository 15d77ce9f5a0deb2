package dev.perfwatch.codespeed;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the Codespeed-compatible endpoints behave where Codespeed versions or our choices differ (docs/codespeed.md).
 *
 * @param timelineShape the Codespeed version whose {@code /timeline/json/} shape is answered when a request does not
 *     ask with {@code shape=}: {@code 0.11} (points {@code [date, value, std_dev, commitid, branch]}, what Flink's
 *     scripts unpack) or {@code 0.13} (with the tag, and quartiles for median benchmarks)
 *     ({@code PERFWATCH_CODESPEED_TIMELINE_SHAPE})
 * @param createEnvironments whether a result naming an unknown environment creates it (Codespeed refuses it with
 *     400 "Environment X not found") ({@code PERFWATCH_CODESPEED_CREATE_ENVIRONMENTS})
 */
@ConfigurationProperties("perfwatch.codespeed")
record CodespeedProperties(@DefaultValue("0.11") String timelineShape,
        @DefaultValue("true") boolean createEnvironments) {

    CodespeedProperties {
        TimelineShape.of(timelineShape);
    }

    TimelineShape shape() {
        return TimelineShape.of(timelineShape);
    }
}
