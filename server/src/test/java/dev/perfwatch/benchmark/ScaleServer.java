package dev.perfwatch.benchmark;

import java.nio.file.Path;
import java.time.Duration;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.PerfwatchApplication;
import dev.perfwatch.support.Api;

import static org.awaitility.Awaitility.await;

/**
 * One server of the scale benchmark, with its own embedded durable PostgreSQL on {@code dir}: the same application
 * as production, started in this JVM so that both servers of a comparison share the machine's load.
 */
record ScaleServer(String name, Path dir, ConfigurableApplicationContext context, Api api, JdbcClient jdbc,
        DataSource superuser) implements AutoCloseable {

    static ScaleServer start(String name, Path dir) {
        // Command-line arguments, since they win over application.yml; each context gets its own.
        ConfigurableApplicationContext context = new SpringApplicationBuilder(PerfwatchApplication.class).run(
                "--server.port=0", "--perfwatch.db.data-dir=" + dir.toAbsolutePath(),
                "--perfwatch.security.admin-token=" + Api.ADMIN_TOKEN, "--perfwatch.pipeline.poll-interval=50ms",
                "--logging.level.dev.perfwatch.ingest=warn", "--spring.application.name=perfwatch-" + name);
        int port = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
        String url = context.getBean(HikariDataSource.class).getJdbcUrl();
        return new ScaleServer(name, dir, context, Api.at(port), context.getBean(JdbcClient.class),
                BulkLoad.superuser(dir, url));
    }

    /** The series of the 100,000-commit single-series history (bulk-loaded once): the 10k read and the overview. */
    long history(int commits) throws Exception {
        BulkLoad history = new BulkLoad(superuser, "history");
        JdbcClient owner = JdbcClient.create(superuser);
        boolean loaded = owner.sql("select count(*) from project where name = 'history'").query(Long.class).single() > 0;
        if (!loaded) {
            history.vocabulary(1);
            history.commits(1, commits, 1);
        }
        return owner.sql("select s.id from series s join project p on p.id = s.project_id where p.name = 'history'")
            .query(Long.class)
            .single();
    }

    long results() {
        return JdbcClient.create(superuser).sql("select count(*) from result").query(Long.class).single();
    }

    void drain() {
        await().atMost(Duration.ofHours(1)).pollInterval(Duration.ofMillis(20))
            .until(() -> jdbc.sql("select count(*) from detection_task").query(Long.class).single() == 0);
    }

    @Override
    public void close() {
        context.close();
    }
}
