package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.perfwatch.e2e.ServerProcess;

import static dev.perfwatch.e2e.web.SuiteHistory.REGRESSION;
import static dev.perfwatch.e2e.web.SuiteHistory.sha;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The home page at {@code /}: what changed lately across projects and what needs someone. Seeded through the
 * public API in host classes of its own (a runner whose every job failed, a queue nobody takes, a benchmark
 * request waiting), plus the alert group of {@link PageSeeds} (alerts have no public write API).
 */
class HomeTest extends InWebSession {

    private static final Path SCREENSHOTS = Path.of(System.getProperty("perfwatch.screenshots", "target/screenshots"));

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final String READY = "window.perfwatch?.home?.state === 'ready'";

    static String request;

    static final String YOUNG = "home-young";

    private static String youngSha(int night) {
        return String.valueOf(night).repeat(40);
    }

    static String lastFailedJob;

    @BeforeAll
    static void seed() throws Exception {
        new PageSeeds(server).alerts(WebSession.current().databaseUrl());
        String runner = post("/api/v1/runners", """
                {"name": "home-flaky-01", "hostClass": "home-4c", "cores": 4, "jdks": ["17"], "version": "0.1.0"}""")
            .get("id").asString();
        for (int commit = 20; commit < 22; commit++) {
            lastFailedJob = job("home-4c", commit);
            String attempt = post("/api/v1/runners/" + runner + "/lease", "{}").get("attemptId").asString();
            post("/api/v1/attempts/" + attempt + "/finish",
                    "{\"outcome\": \"failed\", \"failure\": \"the build failed\", \"logTail\": \"BUILD FAILURE\"}");
        }
        for (int commit = 22; commit < 25; commit++) {
            job("home-8c", commit);
        }
        // A new project's second night: two runs, nothing judged yet.
        for (int night = 1; night <= 2; night++) {
            WebSession.post(server, "/api/v1/runs", """
                    {"id": "0d5e1c2a-6b7f-4a8e-9c3d-2f1a0b9c8d7%d", "project": "%s", "branch": "main",
                     "commit": {"sha": "%s", "time": "2026-11-2%dT02:00:00Z", "parents": [%s], "message": "Night %d"},
                     "host": {"name": "young-01", "hostClass": "young-4c", "cores": 4, "os": "Linux"},
                     "jmh": [{"benchmark": "org.example.Young.parse", "mode": "thrpt", "threads": 1, "forks": 1,
                              "jdkVersion": "17.0.2", "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.2+8",
                              "primaryMetric": {"score": 100, "scoreError": 1.0, "scoreConfidence": [99, 101],
                                                "scoreUnit": "ops/ms", "rawData": [[100, 100, 100]]}}]}"""
                .formatted(night, YOUNG, youngSha(night), night, night == 1 ? "" : "\"" + youngSha(night - 1) + "\"",
                        night));
        }
        request = post("/api/v1/requests", """
                {"project": "web", "base": "%s", "head": "%s", "forks": 2, "hostClasses": ["home-req"]}"""
            .formatted(sha(REGRESSION - 1), sha(REGRESSION))).get("id").asString();
    }

    @Test
    void homeWhenOpenedAtTheRootShowsWhatNeedsSomeoneWithLinksOn() throws IOException {
        browser.open(server.url() + "/");
        browser.await(READY);

        assertThat(browser.url()).endsWith("/#/home");
        assertThat(browser.element("#nav a[aria-current=page]").getAttribute("href")).endsWith("#/home");
        // What and where first, as the Alerts page's heading (and the demo's terminal summary) says it.
        assertThat(browser.element("#home-alerts a[href*='#/alerts?project=web']").getText())
            .matches("Regression at (" + sha(REGRESSION - 1).substring(0, 8) + "\\.\\.)?"
                    + sha(REGRESSION).substring(0, 8) + ": 1 case regressed 10% on 4-core only.*");
        assertThat(browser.element("#home-alerts .badge").getText()).as("the count says what it counts: the list shows"
                + " closed groups too").matches("\\d+ open");
        assertThat(browser.element("#home-runners").getText()).contains("home-flaky-01 failed its last 2 jobs");
        assertThat(browser.element("#home-runners a").getAttribute("href"))
            .endsWith("#/requests?hostClass=home-4c&job=" + lastFailedJob);
        assertThat(browser.element("#home-queues").getText()).contains("home-8c 3 queued")
            .contains("no runner online to take them");
        assertThat(browser.element("#home-queues a[href$='#/requests?hostClass=home-8c']").getText())
            .isEqualTo("home-8c");
        assertThat(browser.element("#home-requests a[href$='#/comparison?project=web&request=" + request + "']")
            .getText()).contains("web: " + sha(REGRESSION - 1).substring(0, 8));
        assertThat(errors()).isEmpty();
        Path file = SCREENSHOTS.resolve("home.png");
        browser.screenshot(file);
        assertThat(Files.size(file)).as("README images stay small").isLessThan(300_000);

        browser.element("#home-runners a").click();
        browser.await("window.perfwatch?.requests?.state === 'ready'");
        assertThat(browser.url()).contains("#/requests?hostClass=home-4c&job=" + lastFailedJob);
    }

    @Test
    @SuppressWarnings("unchecked")
    void runnerHealthWhenRunnersAreOfflineOrFailEveryJobNamesThem() {
        browser.open(server.url() + "/favicon.svg");
        Object problems = browser.executeAsync("""
                browserDone(import('/js/home/summary.js').then((home) => {
                  const runner = (name, state, health) => ({ name, hostClass: '4-core', state, health });
                  const job = (runner, status, finishedAt) => ({ runner, status, finishedAt, job: `${runner}-${finishedAt}` });
                  return home.runnerHealth(
                    [runner('a', 'idle'), runner('b', 'offline'), runner('c', 'busy'), runner('d', 'idle'),
                     runner('e', 'idle', { state: 'noisy', reason: '10 of 10 recent runs noisy' }),
                     runner('f', 'idle', { state: 'ok' }),
                     runner('g', 'idle', { state: 'unknown', recentRuns: 3, noisyRuns: 3 }),
                     runner('h', 'idle', { state: 'unknown', recentRuns: 2, noisyRuns: 0 }),
                     runner('i', 'stopped')],
                    [job('a', 'failed', '2026-01-03T00:00:00Z'), job('a', 'failed', '2026-01-02T00:00:00Z'),
                     job('a', 'succeeded', '2026-01-01T00:00:00Z'),
                     job('c', 'failed', '2026-01-03T00:00:00Z'), job('c', 'succeeded', '2026-01-02T00:00:00Z'),
                     job('c', 'failed', '2026-01-01T00:00:00Z'),
                     job('d', 'failed', '2026-01-01T00:00:00Z')])
                    .map((p) => `${p.runner.name}:${p.problem}:${p.failedInARow ?? ''}:${p.job ?? ''}`);
                }));""");

        assertThat((List<String>) problems).as("c succeeded since, d failed only once; e's runs are left out, and so"
                + " are g's first three (too few to judge the host, but not 'a quiet host'); i said it stopped (a finished"
                + " demo): nobody needs to look at it")
            .containsExactly("a:failing:2:a-2026-01-03T00:00:00Z", "b:offline::", "e:noisy::", "g:unproven::");
    }

    @Test
    @SuppressWarnings("unchecked")
    void changePointsWhenListedNameTheirMetricAndSayBytesNearZero() {
        browser.open(server.url() + "/");
        browser.await(READY + " && document.querySelector('#home-change-points li')");

        // SuiteHistory's regression moved the throughput and the allocation: each line says which.
        List<String> metrics = (List<String>) browser.script("""
                return [...document.querySelectorAll('#home-change-points > ul > li')]
                  .map((li) => li.querySelector('.metric')?.textContent ?? '');""");
        assertThat(metrics).isNotEmpty().allSatisfy(metric -> assertThat(metric).matches(" · (score|gc\\..+)"));
        assertThat(metrics).anySatisfy(metric -> assertThat(metric).isEqualTo(" · gc.alloc.rate.norm"));

        // A return from 784 B/op to JMH's residue is "-784 B/op", never "-100%" (format.change's unit rule).
        List<String> amounts = (List<String>) browser.executeAsync("""
                import('/js/change-points.js').then((points) => browserDone([
                  points.amount({ before: 784, after: 0.0003, magnitude: -0.9999996, unit: 'B/op' }),
                  points.amount({ before: 100, after: 71, magnitude: -0.29, unit: 'ops/ms' })]));""");
        assertThat(amounts).containsExactly("-784 B/op", "-29%");
        assertThat(errors()).isEmpty();
    }

    /**
     * A newcomer's first look on a phone (390 px) after an import: the newest change points' names
     * ("WrapperOverheadBenchmark.recordAllocation") were one word wider than the card, so the page scrolled sideways
     * and the name was cut at the screen's edge. They break after their dots now, as on the alerts page.
     */
    @Test
    @SuppressWarnings("unchecked")
    void homeWhenOnAPhoneBreaksTheChangePointsNamesAfterTheirDotsAndIsNoWiderThanTheScreen() {
        try {
            browser.phone(390, 844);
            browser.open(server.url() + "/");
            browser.await(READY + " && document.querySelector('#home-change-points li a')");

            List<String> names = (List<String>) browser.script("""
                    return [...document.querySelectorAll('#home-change-points li a')].map((a) => a.textContent);""");
            assertThat(names).as("a name longer than a phone's line is listed")
                .anySatisfy(name -> assertThat(name).contains("StringSerializationBenchmark.writeReusingBuffer"));
            var sideways = browser.sideways("#home-change-points li, #home-change-points a, .card");
            assertThat(sideways.scrollWidth()).as("no sideways scrolling at 390 px: %s", sideways.wider())
                .isLessThanOrEqualTo(sideways.width());
            assertThat(errors()).isEmpty();
        } finally {
            browser.desktop();
            browser.size(1280, 960);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void changePointsWhenListedNameTheirProject() {
        browser.open(server.url() + "/");
        browser.await(READY + " && document.querySelector('#home-change-points li')");

        // The list mixes every project's newest change points, and a change point does not name its project: two
        // projects fed the same history (an import checked twice) showed identical lines nobody could tell apart.
        List<String> projects = (List<String>) browser.executeAsync("""
                fetch('/api/v1/projects').then((r) => r.json()).then((all) => browserDone(all.map((p) => p.name)));""");
        List<String> named = (List<String>) browser.script("""
                return [...document.querySelectorAll('#home-change-points > ul > li')]
                  .map((li) => li.querySelector('.project')?.textContent ?? '');""");
        assertThat(named).isNotEmpty().allSatisfy(name -> assertThat(projects).contains(name));
        assertThat(errors()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void newestChangePointsWhenListedLeaveOutThoseThatDidNotHappen() {
        browser.open(server.url() + "/favicon.svg");
        Object listed = browser.executeAsync("""
                browserDone(import('/js/home/summary.js').then((home) => {
                  const point = (id, status, time) => ({ id, status, commit: { time } });
                  return home.newestChangePoints([
                    [point(1, 'dismissed', '2026-01-09T00:00:00Z'), point(2, 'transient', '2026-01-08T00:00:00Z'),
                     point(3, 'historical', '2026-01-07T00:00:00Z'), point(4, 'withdrawn', '2026-01-06T00:00:00Z')],
                    [point(5, 'unconfirmed', '2026-01-05T00:00:00Z'), point(6, 'resolved', '2026-01-04T00:00:00Z'),
                     point(7, 'alerted', '2026-01-03T00:00:00Z')]], 3).map((p) => `${p.id}:${p.status}`);
                }));""");

        assertThat((List<String>) listed).as("mode changes (dismissed), transient and withdrawn ones are not news")
            .containsExactly("3:historical", "5:unconfirmed", "6:resolved");
    }

    /**
     * partiql-lang-kotlin's imported JMH history: 149 of its 154 series improved at one commit (its CI machine changed
     * during a two-week pause). The list's ten lines were ten of them, and no other commit or project reached it. One
     * project's change points at one commit that say the same thing (status, direction, metric, host class) are one
     * entry now, "+" where the project's answer was full and more may follow.
     */
    @Test
    @SuppressWarnings("unchecked")
    void newestChangesWhenManySeriesChangedAtOneCommitListThemAsOneEntry() {
        browser.open(server.url() + "/favicon.svg");
        Object listed = browser.executeAsync("""
                browserDone(import('/js/home/summary.js').then((home) => {
                  const point = (id, project, sha, time, status = 'historical', metric = 'primary') => ({ id, project,
                    status, metric, direction: 'improvement', environment: { hostClass: 'ci' }, commit: { sha, time } });
                  const partiql = [point(9, 'partiql', 'b', '2023-11-08T00:00:00Z'),
                    point(8, 'partiql', 'b', '2023-11-08T00:00:00Z'),
                    point(7, 'partiql', 'b', '2023-11-08T00:00:00Z', 'historical', 'gc.alloc.rate.norm'),
                    point(6, 'partiql', 'b', '2023-11-08T00:00:00Z', 'transient'),
                    point(5, 'partiql', 'a', '2023-10-25T00:00:00Z')];
                  const other = [point(4, 'other', 'c', '2023-12-01T00:00:00Z')];
                  return home.newestChanges([partiql, other], 10, 5)
                    .map((change) => `${change.point.id}:${change.points.length}:${change.capped}`);
                }));""");

        assertThat((List<String>) listed).as("newest first, one entry per commit and what it says; the transient one "
                + "left out; the last commit of a full answer may have more")
            .containsExactly("4:1:false", "9:2:false", "7:1:false", "5:1:true");
    }

    /**
     * Lettuce's imported history: 21 series regressed at d3848d15 (its benchmarks moved to another Redis), from a
     * +0.8% drift to a +100% step. The entry was named by the first the API gave, the drift, as if it were the news.
     * It is named by the one that moved most now, the upper end of its amounts.
     */
    @Test
    @SuppressWarnings("unchecked")
    void newestChangesWhenSeveralSeriesAreOneEntryNameItByTheOneThatMovedMost() {
        browser.open(server.url() + "/favicon.svg");
        Object listed = browser.executeAsync("""
                browserDone(import('/js/home/summary.js').then((home) => {
                  const point = (id, before, after) => ({ id, project: 'lettuce', status: 'historical',
                    metric: 'primary', direction: 'regression', environment: { hostClass: 'ci' },
                    commit: { sha: 'd3848d15', time: '2025-02-17T00:00:00Z' }, before, after });
                  const answer = [point(1, 1000, 1008), point(2, 73222, 146580), point(3, 500, 800),
                    point(4, 60000, 61000)];
                  return home.newestChanges([answer], 10, 50)
                    .map((change) => `${change.points.length} named by ${change.lead.id}`);
                }));""");

        assertThat((List<String>) listed).as("+100% is the most of +0.8%, +100%, +60% and +1.7%")
            .containsExactly("4 named by 2");
    }

    /**
     * A new project's first nights: no change point can be found yet, and the card read "No change points yet." as it
     * does for a history where nothing moved. It now says how far detection has come with each such project.
     */
    @Test
    @SuppressWarnings("unchecked")
    void newestChangePointsWhenAProjectHasTooFewRunsSayHowManyItNeeds() {
        browser.open(server.url() + "/favicon.svg");
        // detection runs in the server's pipeline after each upload: wait until it has seen the second night
        browser.executeAsync("""
                const ask = () => fetch('/api/v1/judging?project=%s').then((r) => r.json()).then((judging) =>
                  judging.notes.some((n) => n.note.includes('2 runs')) ? browserDone(true) : setTimeout(ask, 100));
                ask();""".formatted(YOUNG));
        browser.open(server.url() + "/");
        browser.await(READY);

        List<String> lines = (List<String>) browser.script("""
                return [...document.querySelectorAll('#home-judging li')].map((li) => li.textContent);""");
        assertThat(lines).contains(YOUNG + " (1 series): 1 not judged yet: 2 runs, 3 needed");
        assertThat(errors()).isEmpty();
    }

    /**
     * A commit whose change points say many different things (every gc.* metric, both directions, several host
     * classes) filled the list's ten lines, and no other commit or project reached it. A commit lists at most three
     * entries, its score ones first and the largest first, then one "and N more" entry for the rest; the other
     * commits follow.
     */
    @Test
    @SuppressWarnings("unchecked")
    void newestChangesWhenOneCommitSaysManyThingsListThreeAndHowManyMore() {
        browser.open(server.url() + "/favicon.svg");
        Object listed = browser.executeAsync("""
                browserDone(import('/js/home/summary.js').then((home) => {
                  const point = (id, sha, metric, hostClass, direction = 'regression') => ({ id, project: 'p',
                    status: 'unconfirmed', metric, direction, environment: { hostClass },
                    commit: { sha, time: sha === 'new' ? '2026-11-02T00:00:00Z' : '2026-11-01T00:00:00Z' } });
                  const metrics = ['gc.alloc.rate', 'gc.alloc.rate.norm', 'gc.count', 'gc.time', 'gc.churn'];
                  const answer = [
                    ...metrics.map((metric, i) => point(100 + i, 'new', metric, 'a')),
                    ...metrics.map((metric, i) => point(110 + i, 'new', metric, 'b')),
                    point(120, 'new', 'primary', 'a', 'improvement'), point(121, 'new', 'primary', 'b'),
                    point(122, 'new', 'primary', 'b'), point(1, 'old', 'primary', 'a')];
                  return home.newestChanges([answer], 10, 50, 3).map((change) => change.more
                    ? `more ${change.more} entries, ${change.points.length} series at ${change.point.commit.sha}`
                    : `${change.point.id}:${change.point.metric}:${change.points.length}`);
                }));""");

        assertThat((List<String>) listed).as("the score entries first, the one of two series before the one of one; "
                + "the ten others as one entry; the older commit still listed")
            .containsExactly("121:primary:2", "120:primary:1", "114:gc.churn:1",
                    "more 9 entries, 9 series at new", "1:primary:1");
    }

    /**
     * "and N more at <sha>" linked to one environment's changes page (the first one's, by the changes page's default)
     * while the lines it stands for were on several. It now links each environment's changes page, with how many
     * series it holds there; the rest of a commit on one environment is one link to that environment's page.
     */
    @Test
    @SuppressWarnings("unchecked")
    void moreAtACommitWhenItsLinesSpanSeveralEnvironmentsLinksTheChangesPageOfEach() {
        browser.open(server.url() + "/favicon.svg");
        Object rendered = browser.executeAsync("""
                browserDone(import('/js/home/page.js').then((home) => {
                  const point = (id, env, hostClass) => ({ id, project: 'p', status: 'unconfirmed', metric: 'gc.count',
                    direction: 'regression', environment: { id: env, hostClass, jvm: '17' },
                    commit: { sha: 'abcdef1234', time: '2026-11-02T00:00:00Z' } });
                  const render = (points) => {
                    const box = document.createElement('li');
                    box.append(...home.moreAtCommit(points[0], points, 2, false).filter(Boolean));
                    return { text: box.textContent, links: [...box.querySelectorAll('a')].map((a) => a.getAttribute('href')) };
                  };
                  return [render([point(1, 11, '4-core'), point(2, 12, '8-core'), point(3, 12, '8-core')]),
                    render([point(4, 11, '4-core'), point(5, 11, '4-core')])];
                }));""");

        List<Map<String, Object>> both = (List<Map<String, Object>>) rendered;
        assertThat(both.get(0).get("text")).isEqualTo("and 2 more at abcdef12 · 3 series on 4-core (1) · 8-core (2) · p");
        assertThat((List<String>) both.get(0).get("links")).hasSize(2)
            .anySatisfy(link -> assertThat(link).contains("environment=11").contains("commit=abcdef1234"))
            .anySatisfy(link -> assertThat(link).contains("environment=12").contains("metric=all"));
        assertThat(both.get(1).get("text")).isEqualTo("and 2 more at abcdef12 · 2 series on 4-core · p");
        assertThat((List<String>) both.get(1).get("links")).singleElement()
            .satisfies(link -> assertThat(link).contains("environment=11"));
    }

    /**
     * The change that brought an alerted regression's level back read "improvement −64 B/op · resolved", as if the
     * improvement had been resolved. It says what it fixes, on the timeline, the changes page and the home page.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aFixWhenShownSaysWhichRegressionItFixes() {
        browser.open(server.url() + "/favicon.svg");
        List<String> said = (List<String>) browser.executeAsync("""
                Promise.all([import('/js/change-points.js'), import('/js/timeline/annotations.js')])
                  .then(([points, marks]) => {
                    const fix = { status: 'resolved', direction: 'improvement', metric: 'gc.alloc.rate.norm',
                      before: 64, after: 0.0003, unit: 'B/op', commit: { sha: 'f1x0000000' },
                      fixes: { sha: 'c3114ba7e2' } };
                    const regression = { ...fix, direction: 'regression', before: 0.0003, after: 64, fixes: null };
                    browserDone([points.statusText(fix), marks.markOfChangePoint(fix).label,
                      points.statusText(regression)]);
                  });""");

        assertThat(said).containsExactly("fixes the regression at c3114ba7",
                "gc.alloc.rate.norm improvement -64 B/op · fixes the regression at c3114ba7", "resolved");
    }

    @Test
    void runnerHealthWhenARunnerIsOfflineSaysSinceWhenAndItsLastJob() {
        browser.open(server.url() + "/favicon.svg");
        Object words = browser.executeAsync("""
                import('/js/home/summary.js').then((home) => {
                  const seen = new Date(2026, 10, 24, 2, 17).toISOString();
                  const done = new Date(2026, 10, 24, 2, 16).toISOString();
                  const demo = { name: 'demo-vm', lastSeenAt: seen,
                    activity: { lastOutcome: 'succeeded', lastFinishedAt: done } };
                  browserDone([home.offlineSince(demo), home.lastJob(demo), home.lastJob({ name: 'new' })]);
                });""");

        assertThat(words).isEqualTo(List.of("offline since 2026-11-24 02:17", "last job succeeded 2026-11-24 02:16",
                "no job finished"));
    }

    private static List<String> errors() {
        return browser.errors();
    }

    private static String job(String hostClass, int commit) {
        return post("/api/v1/jobs", """
                {"project": "web", "commit": "%s", "hostClass": "%s",
                 "suite": {"repository": "https://github.com/example/serialization.git"}}"""
            .formatted(sha(commit), hostClass)).get("id").asString();
    }

    private static JsonNode post(String path, String body) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(server.url() + path))
                        .header("Content-Type", "application/json")
                        .header("Authorization", "Bearer " + ServerProcess.ADMIN_TOKEN)
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(path + ": " + response.body()).isBetween(200, 299);
            return response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
        }
        catch (IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    /**
     * With no alert anywhere and an imported history's change points beside it, "No alerts yet." read as if nothing
     * had been found: the card says the change points are historical and notify nobody (the shared session has
     * alerts, so the card's words are asked of the page's own module).
     */
    @Test
    @SuppressWarnings("unchecked")
    void noAlertsWhenTheNewestChangePointsAreHistoricalSaysTheyNotifyNobody() {
        browser.open(server.url() + "/favicon.svg");
        List<String> words = (List<String>) browser.executeAsync("""
                import('/js/home/summary.js').then((summary) => browserDone([
                  summary.noAlerts([{ status: 'historical' }, { status: 'historical' }, { status: 'unconfirmed' }]),
                  summary.noAlerts([{ status: 'unconfirmed' }]), summary.noAlerts(null)]));""");

        assertThat(words).containsExactly("No alerts yet. 2 of the newest change points are historical: from an "
                + "imported or older history, older than the alert window, so they notify nobody.", "No alerts yet.",
                "No alerts yet.");
    }
}
