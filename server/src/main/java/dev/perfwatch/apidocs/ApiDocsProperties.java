package dev.perfwatch.apidocs;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The OpenAPI document ({@code /v3/api-docs}).
 *
 * @param warmUp build it in the background once the server is ready ({@code PERFWATCH_API_DOCS_WARM_UP}); off only
 *     where nobody reads it and the CPU is short (the end-to-end tests start a dozen servers)
 */
@ConfigurationProperties("perfwatch.api-docs")
record ApiDocsProperties(@DefaultValue("true") boolean warmUp) {
}
