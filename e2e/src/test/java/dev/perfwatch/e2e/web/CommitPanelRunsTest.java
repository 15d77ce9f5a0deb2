package dev.perfwatch.e2e.web;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The commit panel's Runs section (a newcomer's trial): the runner's metadata of a run, its job, host facts, timings
 * and host check, were shown as the JSON the runner sent. Two runs with a runner's whole metadata (docs/runner.md,
 * "Metadata"): the first on a quiet host, the second with the reference workload 45% slower after the job than before,
 * which the server judges noisy.
 */
class CommitPanelRunsTest extends InWebSession {

    private static final String PROJECT = "run-facts";

    @BeforeAll
    static void seed() throws IOException, InterruptedException {
        WebSession.post(server, "/api/v1/runs", run(0, 40_000_000));
        WebSession.post(server, "/api/v1/runs", run(1, 58_000_000));
    }

    @Test
    @SuppressWarnings("unchecked")
    void commitPanelWhenARunHasTheRunnersMetadataShowsItAsShortText() {
        browser.open(server.url() + "/#/timeline?project=" + PROJECT + "&commit=" + sha(1));
        browser.await("document.querySelector('#commit-panel .runs .run dl')");

        Map<String, String> facts = facts();
        assertThat(facts.get("job")).isEqualTo("3f2a1b9c (confirmation, quick profile, JDK 17) · attempt 2");
        assertThat(facts.get("hostCheck")).isEqualTo("noisy: the reference workload took 45% longer after the job"
                + " than before (58.0 ms vs 40.0 ms), more than 10% · reference-2: 40 ms before, 58 ms after");
        assertThat(facts.get("timings")).isEqualTo("fetch 1.2 s · build 35 s · JMH 5 min 12 s");
        assertThat(facts.get("quietWait")).isEqualTo("quiet after 3.2 s · 0.02 CPUs busy");
        assertThat(facts.get("host")).isEqualTo("Intel Xeon @ 2.10GHz · 2 CPUs · governor performance · boost off"
                + " · SMT on · load 0.41, 0.5, 0.62 · busy: postgres: checkpointer (6.1%)");
        assertThat(facts.get("runner")).isEqualTo("facts-vm · agent 0.4.0");
        assertThat(facts.get("jmhCommand")).isEqualTo("taskset -c 1 java -jar target/benchmarks.jar -f 2");
        assertThat(facts.values()).as("no JSON left").noneMatch(text -> text.contains("{") || text.contains("\""));
        assertThat(browser.element("#commit-panel .run p").getText()).contains("· 1 result ·");

        browser.open("about:blank");
        browser.open(server.url() + "/#/timeline?project=" + PROJECT + "&commit=" + sha(0));
        browser.await("document.querySelector('#commit-panel .runs .run dl')");
        assertThat(facts().get("hostCheck")).isEqualTo("quiet · reference-2: 40 ms before, 40 ms after");
        assertThat(browser.errors()).isEmpty();
    }

    /**
     * A Flink night posted by {@code save_jmh_result.py} (a newcomer's trial): the panel's "codespeed" entry was every
     * benchmark's result date in a row ("results arrayKeyBy result_date 2026-11-25T02:00:00Z · tumblingWindow
     * result_date …", a hundred of them on a real night), with the revision the client sent, the only name a Flink
     * user knows the night by, at the end. It leads now, and the results are counted.
     */
    @Test
    @SuppressWarnings("unchecked")
    void commitPanelWhenARunCameFromCodespeedNamesItsRevisionAndCountsItsResults() {
        // An HTML page: the panel's elements need one (in the favicon's SVG document they have no dataset).
        browser.open(server.url() + "/");
        browser.await("window.perfwatch?.home?.state === 'ready'");
        List<String> texts = (List<String>) browser.executeAsync("""
                import('/js/timeline/run-facts.js').then((facts) => {
                  const results = {};
                  ['arrayKeyBy', 'tumblingWindow', 'serializerHeavyString'].forEach((name) => {
                    results[name] = { result_date: '2026-11-25T02:00:00Z' };
                  });
                  const run = { metadata: { codespeed: { results, commitid: '00f11c0006-abc1234-1764118400',
                    executable: 'Flink', environment: 'Hetzner' } } };
                  const list = facts.runFacts(run);
                  browserDone([list.querySelector('dt').textContent, list.querySelector('dd').textContent]);
                }).catch((error) => browserDone([String(error)]));""");

        assertThat(texts).hasSize(2);
        assertThat(texts.get(0)).isEqualTo("Codespeed");
        assertThat(texts.get(1)).matches("revision 00f11c0006-abc1234-1764118400 · executable Flink"
                + " · environment Hetzner · 3 results of \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d");
    }

    /** The Runs section's entries of the first run: each value's text by its metadata key. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> facts() {
        return (Map<String, String>) browser.script("""
                return Object.fromEntries([...document.querySelectorAll('#commit-panel .run dd')]
                  .map((dd) => [dd.dataset.key, dd.textContent]));""");
    }

    private static String sha(int commit) {
        return "%040x".formatted(0x7e570000L + commit);
    }

    private static String run(int commit, long after) {
        return """
                {"id": "%s", "project": "%s", "branch": "main",
                 "commit": {"sha": "%s", "time": "2026-03-%02dT02:00:00Z", "message": "Commit %d", "parents": [%s]},
                 "host": {"name": "facts-vm", "hostClass": "facts-2c"},
                 "metadata": {"runner": {"name": "facts-vm", "version": "0.4.0"},
                   "job": {"id": "3f2a1b9c-0d4e-4f00-8a11-22b3c4d5e6f7", "attempt": "9b1c2d3e-aaaa-4bbb-8ccc-111122223333",
                           "attemptNumber": 2, "kind": "confirmation", "profile": "quick", "jvm": "17"},
                   "jdk": "/usr/lib/jvm/java-17", "cpus": "1", "pinned": true, "heap": "1g",
                   "jmhCommand": ["taskset", "-c", "1", "java", "-jar", "target/benchmarks.jar", "-f", "2"],
                   "host": {"cpuModel": "Intel Xeon @ 2.10GHz", "cpus": 2, "governor": "performance", "boost": false,
                            "smt": true, "loadAverage": [0.41, 0.5, 0.62], "loaded": false,
                            "busyProcesses": [{"pid": 5188, "command": "postgres: checkpointer", "cpuPercent": 6.1}]},
                   "loaded": false,
                   "timings": {"fetchSeconds": 1.234, "buildSeconds": 34.5, "buildCached": false,
                               "quietWaitSeconds": 0.0, "jmhSeconds": 312.0},
                   "quietWait": {"quiet": true, "seconds": 3.2, "limitSeconds": 300.0, "busyCpus": 0.02},
                   "hostCheck": {"workload": "reference-2",
                     "before": {"medianNanos": 40000000, "spread": 0.01, "loadAverage": 0.5, "cores": 2},
                     "after": {"medianNanos": %d, "spread": 0.01, "loadAverage": 0.5, "cores": 2}}},
                 "jmh": [{"jmhVersion": "1.37", "benchmark": "facts.Bench.m", "mode": "thrpt", "threads": 1,
                          "forks": 1, "jdkVersion": "17.0.15", "vmName": "OpenJDK 64-Bit Server VM",
                          "vmVersion": "17.0.15+6", "jvmArgs": [],
                          "primaryMetric": {"score": %s, "scoreError": 0.1, "scoreUnit": "ops/s",
                                            "rawData": [[10.0, 10.0]]}}]}"""
            .formatted(UUID.nameUUIDFromBytes((PROJECT + commit).getBytes()), PROJECT, sha(commit), commit + 1,
                    commit, commit == 0 ? "" : "\"" + sha(commit - 1) + "\"", after, 10.0 + commit);
    }
}
