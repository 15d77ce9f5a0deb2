package dev.perfwatch.comparison;

import jakarta.validation.constraints.DecimalMin;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * @param equivalenceMargin the practical equivalence margin in percent ({@code PERFWATCH_COMPARISON_EQUIVALENCE_MARGIN}):
 *     a change whose whole 99% interval lies within ±margin is "same"
 * @param allocationPolicy what a deterministic allocation change counts for ({@code PERFWATCH_COMPARISON_ALLOCATION_POLICY}):
 *     fail (default: it fails a request like a slower case), neutral, ignore; a request's project may override it
 * @param allocationThreshold the smallest allocation change that counts, in B/op
 *     ({@code PERFWATCH_COMPARISON_ALLOCATION_THRESHOLD}); the smallest object on a 64-bit JVM is 16 bytes
 */
@Validated
@ConfigurationProperties("perfwatch.comparison")
public record ComparisonProperties(@DefaultValue("2.0") @DecimalMin("0.0") double equivalenceMargin,
        @DefaultValue("fail") AllocationPolicy allocationPolicy,
        @DefaultValue("8.0") @DecimalMin("0.5") double allocationThreshold) {
}
