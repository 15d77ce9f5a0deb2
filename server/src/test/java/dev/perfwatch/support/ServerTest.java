package dev.perfwatch.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * A whole server on a random port over a real embedded PostgreSQL in a fresh directory. Every test class with
 * this annotation shares one server (Spring caches the context), so tests isolate themselves by project name.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "perfwatch.db.data-dir=target/test-data/${random.uuid}",
                "perfwatch.security.admin-token=" + Api.ADMIN_TOKEN,
                // Tests drive the detection pipeline themselves (PipelineWorker.work), one project at a time.
                "perfwatch.pipeline.enabled=false",
                // Tests fold result blocks themselves (ResultBlocks.fold), to read blocks of several rows too.
                "perfwatch.series.block-fold-interval=1h" })
public @interface ServerTest {
}
