package dev.perfwatch.deployment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import dev.perfwatch.PerfwatchApplication;
import dev.perfwatch.alerts.Seeds;
import dev.perfwatch.notifications.Outbox;
import dev.perfwatch.notifications.Receiver;
import dev.perfwatch.support.Api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two server instances on one PostgreSQL, as behind a load balancer (docs/deployment.md, "Several instances"): both
 * poll for detection work and notifications every 100 ms, and runners and uploads reach either. Whatever one does,
 * the other must not do again: a job is leased once, a run detected once, an alert raised and announced once.
 * And a third instance on a read-only connection (a read replica) serves the read API.
 */
class TwoInstancesTest {

    private static final String RUNNER_TOKEN = "two-instances-runner-token";

    private static final Receiver receiver = Receiver.start();

    private static EmbeddedPostgres postgres;

    private static ConfigurableApplicationContext first;

    private static ConfigurableApplicationContext second;

    @BeforeAll
    static void start(@TempDir Path dir) throws IOException {
        postgres = EmbeddedPostgres.builder().setDataDirectory(Files.createDirectories(dir.resolve("postgres")))
            .setCleanDataDirectory(true)
            .start();
        first = instance("first", dir);
        second = instance("second", dir);
    }

    @AfterAll
    static void stop() throws IOException {
        second.close();
        first.close();
        postgres.close();
    }

    private static ConfigurableApplicationContext instance(String name, Path dir) {
        return new SpringApplicationBuilder(PerfwatchApplication.class).run("--server.port=0",
                "--spring.application.name=" + name,
                "--perfwatch.db.url=" + postgres.getJdbcUrl("postgres", "postgres"), "--perfwatch.db.user=postgres",
                "--perfwatch.db.password=postgres", "--perfwatch.db.data-dir=" + dir.resolve(name),
                "--perfwatch.security.admin-token=" + Api.ADMIN_TOKEN,
                "--perfwatch.security.runner-tokens=" + RUNNER_TOKEN, "--perfwatch.pipeline.poll-interval=100ms",
                "--perfwatch.notifications.poll-interval=100ms",
                "--perfwatch.notifications.projects.two-alerts.slack-webhook-url=" + receiver.url("/slack/two"));
    }

    private static Api api(ConfigurableApplicationContext instance) {
        return Api.at(Integer.parseInt(instance.getEnvironment().getProperty("local.server.port")));
    }

    private static JdbcClient jdbc() {
        return first.getBean(JdbcClient.class);
    }

    @Test
    void leaseWhenRunnersAskBothInstancesAtOnceGivesEveryJobOnce() throws Exception {
        for (int n = 0; n < 20; n++) {
            Api.Response created = api(n % 2 == 0 ? first : second).postJson("/api/v1/jobs", """
                    {"project": "two-lease", "commit": "%07x", "suite": {"repository": "/r"}, "hostClass": "two-lease",
                     "maxAttempts": 1}""".formatted(n + 1));
            assertThat(created.status()).as(created.body()).isEqualTo(201);
        }
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<List<String>> viaFirst = pool.submit(runner(api(first), "two-lease-a", go));
            Future<List<String>> viaSecond = pool.submit(runner(api(second), "two-lease-b", go));
            go.countDown();
            List<String> leased = new ArrayList<>(viaFirst.get());
            leased.addAll(viaSecond.get());

            assertThat(leased).as("every job leased, none twice").hasSize(20).doesNotHaveDuplicates();
        }
        finally {
            pool.shutdown();
        }
        assertThat(jdbc().sql("""
                select count(*) from job_attempt a join job j on j.id = a.job_id where j.project = 'two-lease'
                """).query(Long.class).single()).isEqualTo(20);
    }

    /** A runner leasing through one instance until the queue is empty; each job ends failed (one attempt). */
    private static Callable<List<String>> runner(Api api, String name, CountDownLatch go) {
        return () -> {
            String authorization = "Bearer " + RUNNER_TOKEN;
            Api.Response registered = api.postJson("/api/v1/runners", """
                    {"name": "%s", "hostClass": "two-lease", "cores": 4, "jdks": ["17"], "version": "test"}"""
                .formatted(name), authorization);
            assertThat(registered.status()).as(registered.body()).isEqualTo(200);
            String runner = registered.json().get("id").asString();
            go.await();
            List<String> jobs = new ArrayList<>();
            while (true) {
                Api.Response lease = api.postJson("/api/v1/runners/" + runner + "/lease", "", authorization);
                if (lease.status() == 204) {
                    return jobs;
                }
                assertThat(lease.status()).as(lease.body()).isEqualTo(200);
                JsonNode body = lease.json();
                jobs.add(body.get("job").get("id").asString());
                Api.Response finished = api.postJson("/api/v1/attempts/" + body.get("attemptId").asString()
                        + "/finish", "{\"outcome\": \"failed\", \"failure\": \"two-instances test\"}", authorization);
                assertThat(finished.status()).as(finished.body()).isEqualTo(200);
            }
        };
    }

    @Test
    void runsWhenUploadedToBothInstancesAreDetectedAlertedAndAnnouncedOnce() {
        Logger analysis = (Logger) LoggerFactory.getLogger("dev.perfwatch.pipeline.RunAnalysis");
        ListAppender<ILoggingEvent> detections = new ListAppender<>();
        detections.start();
        analysis.addAppender(detections);
        try {
            Seeds[] seeds = { new Seeds(api(first), jdbc(), "two-alerts"), new Seeds(api(second), jdbc(), "two-alerts") };
            Instant now = Instant.now();
            for (int n = 1; n <= 22; n++) {
                double level = n <= 20 ? 1000 : 900;
                seeds[n % 2].run(n, "two-4-core", Map.of("16", level * (1 + 0.004 * Math.sin(n * 1.7))), 96.0,
                        now.minus(Duration.ofHours(23 - n)).toString());
            }
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                assertThat(count("select count(*) from detection_task")).isZero();
                assertThat(count("""
                        select count(*) from notification n
                        where n.project = 'two-alerts' and n.channel = 'slack' and n.status = 'delivered'
                        """)).isEqualTo(1);
            });
        }
        finally {
            analysis.detachAppender(detections);
        }

        List<String> runs = jdbc().sql("""
                select cast(r.id as text) from run r join project p on p.id = r.project_id where p.name = 'two-alerts'
                """).query(String.class).list();
        assertThat(runs).hasSize(22);
        for (String run : runs) {
            assertThat(detections.list.stream().filter(e -> e.getFormattedMessage().contains(run)))
                .as("detections of run %s on either instance", run)
                .hasSize(1);
        }
        assertThat(count("""
                select count(*) from suspect s join series se on se.id = s.series_id
                join project p on p.id = se.project_id where p.name = 'two-alerts'
                """)).isEqualTo(1);
        assertThat(count("""
                select count(*) from alert a join series se on se.id = a.series_id
                join project p on p.id = se.project_id where p.name = 'two-alerts'
                """)).isEqualTo(1);
        assertThat(first.getBean(Outbox.class).deliverDue() + second.getBean(Outbox.class).deliverDue()).isZero();
        assertThat(receiver.requests("/slack/two")).as("announced once, by one of the instances").hasSize(1);
    }

    /**
     * An instance on a read replica: a hot standby refuses every write as a role with
     * {@code default_transaction_read_only} does, so such a role stands in for one. It must start (nothing stored at
     * start, no migration) and answer the read API.
     */
    /**
     * An instance holds the timeline's read and the overview of a series in memory (ReadCache); a run stored through
     * the other instance is in its very next read, and the tag it handed out no longer answers 304.
     */
    @Test
    void readWhenTheOtherInstanceStoredARunIsInTheNextRead() throws Exception {
        for (int commit = 1; commit <= 2; commit++) {
            upload(api(first), "two-held", commit, commit);
        }
        long series = api(second).get("/api/v1/series?project=two-held&metric=primary").json().get(0).get("id")
            .asLong();
        String timeline = "/api/v1/series/" + series + "/points?form=columns&fields=score,recordedAt,noisy";
        String overview = "/api/v1/series/" + series + "/points?buckets=1";
        var client = java.net.http.HttpClient.newHttpClient();
        String tag = null;
        for (int read = 0; read < 2; read++) {
            assertThat(api(second).get(timeline).json().get("score")).hasSize(2);
            assertThat(api(second).get(overview).json().get("buckets").get(0).get("count").asLong()).isEqualTo(2);
            tag = client.send(java.net.http.HttpRequest.newBuilder(api(second).uri(timeline)).build(),
                    java.net.http.HttpResponse.BodyHandlers.discarding()).headers().firstValue("ETag").orElseThrow();
        }
        assertThat(client.send(java.net.http.HttpRequest.newBuilder(api(second).uri(timeline))
            .header("If-None-Match", tag).build(), java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode())
            .isEqualTo(304);

        upload(api(first), "two-held", 3, 3);

        assertThat(api(second).get(timeline).json().get("score").get(2).asDouble()).isEqualTo(3.0);
        JsonNode bucket = api(second).get(overview).json().get("buckets").get(0);
        assertThat(bucket.get("count").asLong()).isEqualTo(3);
        assertThat(bucket.get("max").asDouble()).isEqualTo(3.0);
        assertThat(client.send(java.net.http.HttpRequest.newBuilder(api(second).uri(timeline))
            .header("If-None-Match", tag).build(), java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode())
            .isEqualTo(200);
    }

    private static void upload(Api api, String project, int commit, double score) {
        Api.Response response = api.postJson("/api/v1/runs", dev.perfwatch.support.Runs.run(java.util.UUID.randomUUID(),
                project, dev.perfwatch.support.Runs.sha(commit),
                commit == 1 ? List.of() : List.of(dev.perfwatch.support.Runs.sha(commit - 1)),
                "2026-04-0" + commit + "T00:00:00Z", dev.perfwatch.support.Runs.thrpt("demo.Two.held", score)).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(201);
    }

    @Test
    void readWhenAnInstanceHasOnlyAReadOnlyConnectionServesTheReadApi(@TempDir Path dir) throws Exception {
        new Seeds(api(first), jdbc(), "two-read").run(1, "two-4-core", Map.of("16", 1000.0), 96.0);
        try (var connection = postgres.getPostgresDatabase().getConnection()) {
            connection.createStatement().execute("""
                    create role reader login password 'reader';
                    grant select on all tables in schema public to reader;
                    alter role reader set default_transaction_read_only = on;
                    """);
        }
        try (ConfigurableApplicationContext reader = new SpringApplicationBuilder(PerfwatchApplication.class).run(
                "--server.port=0", "--perfwatch.db.url=" + postgres.getJdbcUrl("reader", "postgres"),
                "--perfwatch.db.user=reader", "--perfwatch.db.password=reader",
                "--perfwatch.db.data-dir=" + dir.resolve("reader"), "--spring.flyway.enabled=false",
                "--perfwatch.pipeline.enabled=false")) {
            Api api = api(reader);
            Api.Response series = api.get("/api/v1/series?project=two-read");
            assertThat(series.status()).as(series.body()).isEqualTo(200);
            long id = series.json().get(0).get("id").asLong();
            assertThat(api.get("/api/v1/series/" + id + "/points").status()).isEqualTo(200);
            assertThat(api.get("/api/v1/alerts?project=two-read").status()).isEqualTo(200);
            assertThat(api.get("/api/v1/change-points?project=two-read").status()).isEqualTo(200);
            assertThat(api.get("/api/v1/changes?project=two-read").status()).isEqualTo(200);
        }
    }

    private static long count(String sql) {
        return jdbc().sql(sql).query(Long.class).single();
    }
}
