package dev.perfwatch.series;

import jakarta.validation.constraints.PositiveOrZero;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * @param readCacheBytes how many bytes of read answers {@link ReadCache} holds ({@code PERFWATCH_SERIES_READ_CACHE_BYTES};
 *     64 MB, about forty 10,000-point timelines; 0 holds none)
 */
@Validated
@ConfigurationProperties("perfwatch.series")
record SeriesProperties(@DefaultValue("67108864") @PositiveOrZero long readCacheBytes) {
}
