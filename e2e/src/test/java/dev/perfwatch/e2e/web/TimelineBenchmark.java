package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * How long the timeline takes in Chromium to draw a 10,000-result series and a 100,000-result history (the issue's
 * targets: ≤ 1 s and ≤ 2 s), measured by the page itself with the Performance API: from the page's update (the URL
 * read) to the animation frame after the charts were drawn ({@code paintMs}), and for a zoom from its request to
 * the frame after the detail was drawn ({@code detailMs}). Not a test: excluded from the build (tag benchmark), run
 * on purpose, figures written into docs/ui.md by hand:
 * {@code ./mvnw -q -o -pl e2e -am package -Dgroups=benchmark -DexcludedGroups=none -Dtest=TimelineBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}; the table goes to stdout and target/timeline-benchmark.txt.
 * The histories are put in by SQL (the ingest API would take minutes for 110,000 runs), one series each.
 */
@Tag("benchmark")
class TimelineBenchmark extends InWebSession {

    private static final int REPEATS = Integer.getInteger("bench.repeats", 5);

    @BeforeAll
    static void seed() throws SQLException {
        try (Connection db = DriverManager.getConnection(WebSession.current().databaseUrl())) {
            history(db, "history-10k", 10_000);
            history(db, "history-100k", 100_000);
        }
    }

    @Test
    void timelineOfLongHistories() throws IOException {
        browser.size(1280, 960);
        List<String> rows = new ArrayList<>();
        rows.add(String.format("machine: %d cores, load average %.2f before the run; Chromium headless 1280x960",
                Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
        rows.add("case | median ms | max ms | runs");
        rows.add(measure("10,000 results, each drawn (revs=10000)", "history-10k", "&revs=10000", null));
        rows.add(measure("10,000 results, overview (revs=all)", "history-10k", "&revs=all", null));
        rows.add(measure("100,000 results, overview first paint (revs=all)", "history-100k", "&revs=all", null));
        // 100,000 commits ten minutes apart from 2020-01-01: a day holds 144 results, ten days 1,440 (< 2,000 buckets:
        // the results themselves), a hundred days 14,400 (finer ranges).
        rows.add(measure("100,000 results, zoom to 10 days (1,440 results drawn)", "history-100k", "&revs=all",
                "2021-03-01T00:00:00Z/2021-03-11T00:00:00Z"));
        rows.add(measure("100,000 results, zoom to 100 days (finer ranges)", "history-100k", "&revs=all",
                "2021-03-01T00:00:00Z/2021-06-09T00:00:00Z"));
        rows.add(measure("100,000 results, each drawn (revs=100000), for the ratio", "history-100k", "&revs=100000",
                null));
        // The overview of 100,000 results for docs/ui.md (-Dperfwatch.screenshots=../docs/screenshots).
        browser.open("about:blank");
        browser.open(server.url() + "/#/timeline?project=history-100k&revs=all");
        browser.await("window.perfwatch?.timeline?.state === 'ready' && window.perfwatch.timeline.paintMs >= 0");
        browser.screenshot(Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"))
            .resolve("timeline-overview.png"));
        rows.add(String.format("load average after the run %.2f",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
        String table = String.join("\n", rows);
        System.out.println(table);
        Files.writeString(Path.of("target", "timeline-benchmark.txt"), table + "\n");
    }

    /** Median and maximum over REPEATS fresh page loads; with a zoom, the time of the detail after the overview. */
    private static String measure(String name, String project, String params, String zoom) {
        List<Long> times = new ArrayList<>();
        List<Long> reads = new ArrayList<>();
        for (int i = 0; i < REPEATS; i++) {
            browser.open("about:blank");
            browser.open(server.url() + "/#/timeline?project=" + project + params);
            browser.await("window.perfwatch?.timeline?.state === 'ready' && window.perfwatch.timeline.paintMs >= 0");
            if (zoom == null) {
                times.add(((Number) browser.script("return window.perfwatch.timeline.paintMs")).longValue());
                // Of which reading the series (the API's answers, parsed): the rest is the page's own work.
                reads.add(((Number) browser.script("return window.perfwatch.timeline.loadMs")).longValue());
                continue;
            }
            String[] range = zoom.split("/");
            browser.script("""
                    const chart = window.perfwatch.timeline.charts.primary;
                    chart.zoomScale('x', { min: Date.parse(arguments[0]), max: Date.parse(arguments[1]) }, 'none');
                    window.perfwatch.timeline.detailMs = undefined;
                    chart.options.plugins.zoom.zoom.onZoomComplete({ chart });""", range[0], range[1]);
            browser.await("window.perfwatch.timeline.detailMs >= 0");
            times.add(((Number) browser.script("return window.perfwatch.timeline.detailMs")).longValue());
        }
        List<Long> sorted = times.stream().sorted().toList();
        String read = reads.isEmpty() ? "" : " | reading " + reads.stream().sorted().toList().get(reads.size() / 2);
        return String.format(Locale.ROOT, "%s | %d | %d | %s%s", name, sorted.get(sorted.size() / 2),
                sorted.get(sorted.size() - 1), times, read);
    }

    /** One project with one series of {@code commits} results, commits ten minutes apart, about 100 ops/ms. */
    private static void history(Connection db, String project, int commits) throws SQLException {
        String[] statements = { """
                insert into project (name) values (:p) on conflict do nothing""", """
                insert into branch (project_id, name) select id, 'main' from project where name = :p
                on conflict do nothing""", """
                insert into host (name, host_class) values ('timeline-bench', 'bench-4-core') on conflict do nothing""",
            """
                insert into environment (host_class, jdk_version, vm_name, vm_version)
                values ('bench-4-core', '21.0.5', 'OpenJDK 64-Bit Server VM', '21.0.5+11') on conflict do nothing""",
            """
                insert into metric (name, unit, direction) values ('primary', 'ops/ms', 'higher')
                on conflict do nothing""", """
                insert into benchmark (project_id, name) select id, 'bench.Timeline.history' from project
                where name = :p on conflict do nothing""", """
                insert into benchmark_case (benchmark_id, mode, threads, params, key)
                select b.id, 'thrpt', 1, '{}', 'thrpt;threads=1' from benchmark b join project p on p.id = b.project_id
                where p.name = :p on conflict do nothing""", """
                insert into series (project_id, branch_id, case_id, metric_id, environment_id)
                select p.id, br.id, c.id, m.id, e.id
                from project p join branch br on br.project_id = p.id and br.name = 'main'
                join benchmark b on b.project_id = p.id join benchmark_case c on c.benchmark_id = b.id
                join metric m on m.name = 'primary' and m.unit = 'ops/ms'
                join environment e on e.host_class = 'bench-4-core'
                where p.name = :p on conflict do nothing""", """
                insert into commit (project_id, sha, time, author, message, parents)
                select p.id, lpad(to_hex(g), 40, '0'), timestamptz '2020-01-01' + g * interval '10 minutes',
                       'Bench <bench@example.org>', 'Commit ' || g,
                       case when g = 1 then '{}' else array[lpad(to_hex(g - 1), 40, '0')] end
                from project p, generate_series(1, :n) g where p.name = :p on conflict do nothing""", """
                insert into branch_commit (branch_id, commit_id, position)
                select br.id, c.id, g
                from project p join branch br on br.project_id = p.id and br.name = 'main'
                cross join generate_series(1, :n) g
                join commit c on c.project_id = p.id and c.sha = lpad(to_hex(g), 40, '0')
                where p.name = :p on conflict do nothing""", """
                insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count)
                select gen_random_uuid(), p.id, br.id, bc.commit_id, h.id, 'bench-4-core', 'bench', 1
                from project p join branch br on br.project_id = p.id and br.name = 'main'
                join branch_commit bc on bc.branch_id = br.id join host h on h.name = 'timeline-bench'
                where p.name = :p and not exists (select 1 from run r where r.commit_id = bc.commit_id)""",
            // A level that steps every 20,000 commits, with 1% noise: something to see at every zoom.
            """
                insert into result (run_id, series_id, commit_id, position, score, error, ci_lower, ci_upper, samples)
                select r.id, s.id, r.commit_id, bc.position, v.score, v.score * 0.01, v.score * 0.99, v.score * 1.01,
                       array[array[v.score, v.score, v.score]]
                from project p join run r on r.project_id = p.id
                join branch_commit bc on bc.branch_id = r.branch_id and bc.commit_id = r.commit_id
                join series s on s.project_id = p.id
                cross join lateral (select (100 + 5 * floor(bc.position / 20000)) * (1 + 0.01 * (random() - 0.5))
                                    as score) v
                where p.name = :p on conflict do nothing""" };
        for (String sql : statements) {
            try (PreparedStatement statement = db.prepareStatement(sql.replace(":p", "?").replace(":n", "?"))) {
                int index = 1;
                for (int at = sql.indexOf(':'); at >= 0; at = sql.indexOf(':', at + 1)) {
                    char name = sql.charAt(at + 1);
                    if (name == 'p') {
                        statement.setString(index++, project);
                    }
                    else if (name == 'n') {
                        statement.setInt(index++, commits);
                    }
                }
                statement.executeUpdate();
            }
        }
    }
}
