package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfwatch.e2e.ServerProcess;

import static dev.perfwatch.e2e.web.SuiteHistory.BENCHMARK;
import static dev.perfwatch.e2e.web.SuiteHistory.REGRESSION;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;

/**
 * What the pages beyond the timeline show, put in place the way it arrives: jobs, runners, heartbeats and failures
 * through the runner protocol; one alert group through SQL, because alerts have no public write API (the detector
 * raises them inside the server). The group is what the detector would raise for SuiteHistory's regression.
 */
final class PageSeeds {

    static final String LOG_TAIL = "# Run progress: 40.00% complete\njava.lang.OutOfMemoryError: Java heap space";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final ServerProcess server;

    private final HttpClient client = HttpClient.newHttpClient();

    /** The ids of the seeded jobs: other jobs (a detector's confirmation runs) may share the queue. */
    String runningJob;

    String failedJob;

    String queuedJob;

    String request;

    PageSeeds(ServerProcess server) {
        this.server = server;
    }

    /** The series of a case (stringLength, alphabet) in one environment, for a metric. */
    long series(String metric, String hostClass, String jdk, String length, String alphabet) {
        JsonNode all = get("/api/v1/series?project=web&metric=" + metric + "&hostClass=" + hostClass + "&benchmark="
                + URLEncoder.encode(BENCHMARK, StandardCharsets.UTF_8));
        for (JsonNode one : all) {
            JsonNode params = one.get("case").get("params");
            if (one.get("environment").get("jdkVersion").asString().equals(jdk)
                    && params.get("stringLength").asString().equals(length)
                    && params.get("alphabet").asString().equals(alphabet)) {
                return one.get("id").asLong();
            }
        }
        throw new AssertionError("no series " + metric + " " + hostClass + " " + jdk + " " + length + " " + alphabet);
    }

    /**
     * A group at the regression's commit: the 4-core throughput of one case 10% worse and the 8-core allocation of
     * the same case 30% higher, each with its creation in the history. A detector that raised them already (the
     * same series and commit) wins: nothing is stored twice.
     */
    void alerts(String databaseUrl) throws SQLException {
        long time = series("primary", "4-core", "17.0.2", "128", "ASCII");
        long alloc = series("gc.alloc.rate.norm", "8-core", "17.0.2", "128", "ASCII");
        try (Connection db = DriverManager.getConnection(databaseUrl)) {
            db.setAutoCommit(false);
            long bad = commitId(db, sha(REGRESSION));
            long good = commitId(db, sha(REGRESSION - 1));
            long group;
            try (PreparedStatement insert = db.prepareStatement("""
                    insert into alert_group (project_id, first_bad_commit_id, last_good_commit_id, summary)
                    select c.project_id, c.id, ?, '1 case regressed 10% on 4-core only; gc.alloc.rate.norm +50 B/op'
                    from commit c where c.id = ?
                    on conflict (project_id, first_bad_commit_id, last_good_commit_id)
                        do update set updated_at = alert_group.updated_at
                    returning id""")) {
                insert.setLong(1, good);
                insert.setLong(2, bad);
                try (ResultSet rs = insert.executeQuery()) {
                    rs.next();
                    group = rs.getLong(1);
                }
            }
            alert(db, group, time, bad, good, 53.8, 59.2, 0.10);
            alert(db, group, alloc, bad, good, 152, 197.6, 0.30);
            db.commit();
        }
    }

    private static void alert(Connection db, long group, long series, long bad, long good, double before, double after,
            double magnitude) throws SQLException {
        try (PreparedStatement insert = db.prepareStatement("""
                with raised as (
                    insert into alert (group_id, series_id, first_bad_commit_id, last_good_commit_id, kind,
                                       before_value, before_lower, before_upper, before_points,
                                       after_value, after_lower, after_upper, after_points, magnitude, confidence)
                    values (?, ?, ?, ?, 'regression', ?, ?, ?, 20, ?, ?, ?, 10, ?, 0.99)
                    on conflict (series_id, first_bad_commit_id) do nothing
                    returning id)
                insert into alert_history (alert_id, actor, from_status, to_status)
                select id, 'perfwatch', null, 'new' from raised""")) {
            insert.setLong(1, group);
            insert.setLong(2, series);
            insert.setLong(3, bad);
            insert.setLong(4, good);
            insert.setDouble(5, before);
            insert.setDouble(6, before * 0.99);
            insert.setDouble(7, before * 1.01);
            insert.setDouble(8, after);
            insert.setDouble(9, after * 0.99);
            insert.setDouble(10, after * 1.01);
            insert.setDouble(11, magnitude);
            insert.executeUpdate();
        }
    }

    private static long commitId(Connection db, String sha) throws SQLException {
        try (PreparedStatement select = db.prepareStatement("select id from commit where sha = ?")) {
            select.setString(1, sha);
            try (ResultSet rs = select.executeQuery()) {
                if (!rs.next()) {
                    throw new AssertionError("no commit " + sha);
                }
                return rs.getLong(1);
            }
        }
    }

    /**
     * Three runners (the two 4-core hosts differ in CPU model), a job running at 42% on the first, a job failed on
     * the second with its log, an 8-core job waiting in the queue, and a benchmark request.
     */
    void jobs() {
        String first = register("bench-4c-01", "4-core", "Intel Xeon E-2224");
        String second = register("bench-4c-02", "4-core", "Intel Xeon E-2234");
        register("bench-8c-01", "8-core", "AMD EPYC 7302P");
        runningJob = job("4-core", sha(29), 500);
        String running = post("/api/v1/runners/" + first + "/lease", "{}").get("attemptId").asString();
        post("/api/v1/attempts/" + running + "/heartbeat", """
                {"progress": {"phase": "run", "benchmark": "StringSerializationBenchmark.writeReusingBuffer",
                              "iteration": "measurement 3/5", "percent": 42.0, "etaSeconds": 600},
                 "logTail": "# Run progress: 42.00% complete"}""");
        failedJob = job("4-core", sha(28), 400);
        String failing = post("/api/v1/runners/" + second + "/lease", "{}").get("attemptId").asString();
        post("/api/v1/attempts/" + failing + "/finish", JSON.createObjectNode().put("outcome", "failed")
            .put("failure", "JMH exited with 1").put("logTail", LOG_TAIL).toString());
        queuedJob = job("8-core", sha(29), 0);
        // A benchmark request of the culprit against its parent on the 8-core hosts: its jobs use the suite of the
        // project's newest job and wait in the queue.
        request = post("/api/v1/requests", JSON.createObjectNode().put("project", "web").put("base", sha(REGRESSION - 1))
            .put("head", sha(REGRESSION)).put("forks", 2).set("hostClasses", JSON.createArrayNode().add("8-core"))
            .toString()).get("id").asString();
    }

    /**
     * A Codespeed client's result tagged {@code nightly-10} at commit 10 (executable 3, environment 2 of WebSession):
     * a tagged revision to take as a baseline.
     */
    void tag() {
        String form = "commitid=" + sha(10) + "&branch=main&project=web&executable=Web%20Java21"
                + "&benchmark=taggedBaseline&environment=Hetzner&result_value=1.5&tag=nightly-10";
        send(HttpRequest.newBuilder(URI.create(server.url() + "/result/add/"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(form)));
    }

    private String register(String name, String hostClass, String cpu) {
        return post("/api/v1/runners", JSON.createObjectNode().put("name", name).put("hostClass", hostClass)
            .put("cores", hostClass.equals("4-core") ? 4 : 8).put("cpuModel", cpu).put("memoryMb", 32768)
            .put("os", "Linux").put("kernel", "6.1.0").put("version", "0.1.0")
            .set("jdks", JSON.createArrayNode().add("17")).toString()).get("id").asString();
    }

    private String job(String hostClass, String commit, int priority) {
        return post("/api/v1/jobs", """
                {"project": "web", "commit": "%s", "hostClass": "%s", "priority": %d,
                 "suite": {"repository": "https://github.com/example/serialization.git"}}"""
            .formatted(commit, hostClass, priority)).get("id").asString();
    }

    JsonNode get(String path) {
        return send(HttpRequest.newBuilder(URI.create(server.url() + path)).GET());
    }

    private JsonNode post(String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(server.url() + path))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private JsonNode send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 300) {
                throw new AssertionError(response.request().uri() + " answered " + response.statusCode() + ": "
                        + response.body());
            }
            return response.body().startsWith("{") || response.body().startsWith("[")
                    ? JSON.readTree(response.body()) : JSON.createObjectNode().put("text", response.body());
        }
        catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }
}
