package dev.perfwatch.system;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits of the HTTP API.
 *
 * @param maxBodySize the largest request body accepted ({@code PERFWATCH_MAX_BODY_SIZE}), default 32 MiB
 */
@ConfigurationProperties("perfwatch.api")
public record ApiProperties(@DefaultValue("32MB") DataSize maxBodySize) {
}
