package dev.perfwatch.apidocs;

import java.util.concurrent.TimeUnit;

import org.springframework.context.ApplicationContext;

/** For benchmarks outside this package: waits until the server's OpenAPI warm-up is done. */
public final class ApiDocsWarmupAccess {

    private ApiDocsWarmupAccess() {
    }

    /**
     * Blocks until the background build of the OpenAPI document ended: on a 2-core machine it takes seconds of CPU
     * that a benchmark started right after the server would count as its own, where a server that has been up a
     * while has long finished it.
     */
    public static void awaitBuilt(ApplicationContext server) throws Exception {
        server.getBean(ApiDocsWarmup.class).built().get(5, TimeUnit.MINUTES);
    }
}
