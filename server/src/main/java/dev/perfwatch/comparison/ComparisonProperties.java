package dev.perfwatch.comparison;

import jakarta.validation.constraints.DecimalMin;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * @param equivalenceMargin the practical equivalence margin in percent ({@code PERFWATCH_COMPARISON_EQUIVALENCE_MARGIN}):
 *     a change whose whole 99% interval lies within ±margin is "same"
 */
@Validated
@ConfigurationProperties("perfwatch.comparison")
public record ComparisonProperties(@DefaultValue("2.0") @DecimalMin("0.0") double equivalenceMargin) {
}
