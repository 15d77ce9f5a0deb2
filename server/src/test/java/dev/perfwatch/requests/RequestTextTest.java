package dev.perfwatch.requests;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.perfwatch.comparison.Comparison;
import dev.perfwatch.comparison.SequentialRule;
import dev.perfwatch.comparison.Verdict;
import dev.perfwatch.jobs.Profile;
import dev.perfwatch.notifications.GoldenFiles;

import static org.assertj.core.api.Assertions.assertThat;

/** What the bot writes, sealed by golden files in src/test/resources/dev/perfwatch/requests. */
class RequestTextTest {

    static final StoredRequest REQUEST = new StoredRequest(UUID.fromString("0d5f5e3c-7a51-4f0b-9c36-9b1f2a0c4e11"),
            "flink", "ba5e0000000000000000000000000000000000aa", "c0ffee00000000000000000000000000000000bb",
            List.of("4-core", "8-core"), List.of("17"), "StringSerializer", Profile.QUICK, 3, Status.RUNNING, null,
            null, "apache/flink", 14346, 555L, "@ada", null, 0, Instant.parse("2026-11-23T10:00:00Z"),
            Instant.parse("2026-11-23T10:00:00Z"), null);

    static final RequestsProperties PROPERTIES = new RequestsProperties("perfwatch", List.of("OWNER"), List.of(), 10,
            5.0, java.time.Duration.ofSeconds(5), "https://perfwatch.example.org/", "perfwatch", Map.of(), 2, 5,
            java.time.Duration.ofHours(2), 0.01, dev.perfwatch.statistics.AlphaSpending.POCOCK);

    @Test
    void progressWhenQueuedShowsCasesPositionAndEta() {
        Progress progress = new Progress(12, List.of(
                new Progress.HostClass("4-core", 6, 0, 0, 0, null, 6, 2, 14L, 1),
                new Progress.HostClass("8-core", 6, 0, 0, 0, null, 6, 0, null, 0)));

        GoldenFiles.assertMatches("requests", "progress-queued.md", RequestText.progress(REQUEST, progress, "perfwatch"));
    }

    @Test
    void progressWhenRunningShowsJobsDoneAndTheRunningJob() {
        Progress progress = new Progress(null, List.of(
                new Progress.HostClass("4-core", 6, 3, 1, 1, 45.0, 1, 0, 3L, 2),
                new Progress.HostClass("8-core", 6, 6, 0, 0, null, 0, null, null, 1)));

        GoldenFiles.assertMatches("requests", "progress-running.md",
                RequestText.progress(REQUEST, progress, "perfwatch"));
    }

    /** A second round: the comment says how many forks so far, the budget, and which cases are not decided. */
    @Test
    void progressWhenAnotherRoundRunsSaysWhy() {
        List<Comparison.Row> undecided = List.of(
                row("org.apache.flink.benchmark.StringSerializer.writeAscii", params("length", "16"), 1840.2, 610.3,
                        1655.7, 540.9, -10.0, -41.3, 21.3, Verdict.UNCLEAR, 48, 48));
        String note = RoundText.roundNote(1, 0.9958, undecided);
        StoredRequest second = new StoredRequest(REQUEST.id(), REQUEST.project(), REQUEST.base(), REQUEST.head(),
                REQUEST.hostClasses(), REQUEST.jvms(), REQUEST.benchmarks(), REQUEST.profile(), 5, Status.RUNNING,
                null, null, REQUEST.repository(), REQUEST.pullRequest(), REQUEST.commentId(), REQUEST.requestedBy(),
                null, 0, null, null, null, 10, 2, note, null, 3);
        Progress progress = new Progress(12, List.of(
                new Progress.HostClass("4-core", 10, 6, 1, 0, 20.0, 3, 0, 9L, 1),
                new Progress.HostClass("8-core", 10, 6, 0, 0, null, 4, 0, 12L, 1)));

        GoldenFiles.assertMatches("requests", "progress-round.md",
                RequestText.progress(second, progress, "perfwatch"));
        assertThat(note).isEqualTo("Round 1 left 1 case undecided at the 99.58% level its look allows "
                + "(`StringSerializer.writeAscii` length=16 -10.0% [-41.3%, +21.3%]), so another round of forks runs.");
    }

    /** The answer says what ended the measuring: the data, or which budget. */
    @Test
    void roundsWhenTheDataOrABudgetEndedItSaysWhich() {
        SequentialRule rule = new SequentialRule(3, 2, 10, 5, 0.01, dev.perfwatch.statistics.AlphaSpending.POCOCK);
        StoredRequest decided = after(2, 5, 10);
        StoredRequest forksSpent = after(5, 10, 10);
        StoredRequest roundsSpent = after(5, 11, 20);

        assertThat(RoundText.rounds(decided, rule, 0, null).text()).isEqualTo("Decided by the data after 2 rounds "
                + "(5 forks a side): every case is faster, slower, the same, or allocates differently in every fork "
                + "(Pocock alpha spending: 1% over up to 5 rounds, 99.8% at this one).");
        assertThat(RoundText.rounds(forksSpent, rule, 1, null).text())
            .startsWith("**The budget, not the data, ended it**: 10 forks a side (max-forks=10) spent after 5 rounds "
                    + "(10 forks a side); 1 case still unclear");
        assertThat(RoundText.rounds(roundsSpent, new SequentialRule(3, 2, 20, 5, 0.01,
                dev.perfwatch.statistics.AlphaSpending.POCOCK), 2, null).text())
            .contains("its 5 rounds (perfwatch.requests.max-rounds) spent after 5 rounds (11 forks a side)");
        assertThat(RoundText.rounds(decided, rule, 1, java.time.Duration.ofMinutes(125)).text())
            .contains("ended it**: its host time (125 min of jobs) spent after 2 rounds");
        assertThat(RoundText.rounds(decided, rule, 0, null).level()).isEqualTo("99.8%");
    }

    /** An unclear throughput beside "Decided by the data" read as a contradiction: the answer names the allocation. */
    @Test
    void roundsWhenTheAllocationDecidedACaseNamesIt() {
        SequentialRule rule = new SequentialRule(3, 2, 10, 5, 0.01, dev.perfwatch.statistics.AlphaSpending.POCOCK);
        StoredRequest decided = after(1, 3, 10);

        assertThat(RoundText.rounds(decided, rule, 0, null, 0, 1).text()).isEqualTo("Decided by the allocation "
                + "after 1 round (3 forks a side): the throughput of the case stayed unclear, and its allocation per "
                + "operation changed in every fork (Pocock alpha spending: 1% over up to 5 rounds, 99.58% at this one).");
        assertThat(RoundText.rounds(decided, rule, 0, null, 2, 1).text()).startsWith("Decided after 1 round (3 forks "
                + "a side): 2 cases by the throughput (faster, slower or the same), 1 by the allocation alone");
        assertThat(RoundText.rounds(decided, rule, 0, null, 3, 0).text()).startsWith("Decided by the data after");
    }

    private static StoredRequest after(int rounds, int forks, int maxForks) {
        return new StoredRequest(REQUEST.id(), REQUEST.project(), REQUEST.base(), REQUEST.head(),
                REQUEST.hostClasses(), REQUEST.jvms(), REQUEST.benchmarks(), REQUEST.profile(), forks,
                Status.SUCCEEDED, null, null, REQUEST.repository(), REQUEST.pullRequest(), REQUEST.commentId(),
                REQUEST.requestedBy(), null, 0, null, null, null, maxForks, rounds, null, null, 3);
    }

    @Test
    void finishedWhenSomeCasesChangedPutsThemFirstAndFoldsTheRest() {
        Comparison comparison = new Comparison("flink", null, null, List.of(
                new Comparison.HostClass("4-core", "4-core · JDK 17.0.15", "17.0.15", List.of(
                        row("org.apache.flink.benchmark.StringSerializer.writeAscii", params("length", "16"), 1840.2,
                                61.3, 1655.7, 40.9, -10.0, -13.1, -6.9, Verdict.SLOWER, 48, 80),
                        row("org.apache.flink.benchmark.StringSerializer.writeNonAscii", params("length", "1024"),
                                12.31, 0.22, 13.04, 0.3, 5.9, 2.8, 9.1, Verdict.FASTER, 2096, 2096),
                        readAsciiSame(),
                        row("org.apache.flink.benchmark.StringSerializer.readNonAscii", params("length", "1|2"), 88.0,
                                null, 84.0, null, -4.5, null, null, Verdict.UNCLEAR, null, null)),
                        List.of(new Comparison.Case("org.apache.flink.benchmark.StringSerializer.writeUtf8",
                                params("length", "16"), "thrpt;threads=1;length=16")),
                        List.of()),
                new Comparison.HostClass("8-core", "8-core · JDK 17.0.15", "17.0.15", List.of(
                        row("org.apache.flink.benchmark.StringSerializer.writeAscii", params("length", "16"), 3620.0,
                                20.0, 3610.0, 25.0, -0.3, -1.5, 0.9, Verdict.SAME, 48, 80)), List.of(),
                        List.of(new Comparison.Case("org.apache.flink.benchmark.StringSerializer.readLegacy",
                                Map.of(), "thrpt;threads=1")))), 0.99);
        StoredRequest moved = new StoredRequest(REQUEST.id(), REQUEST.project(), REQUEST.base(), REQUEST.head(),
                REQUEST.hostClasses(), REQUEST.jvms(), REQUEST.benchmarks(), REQUEST.profile(), REQUEST.forks(),
                Status.SUCCEEDED, null, null, REQUEST.repository(), REQUEST.pullRequest(), REQUEST.commentId(),
                REQUEST.requestedBy(), "f00d0000000000000000000000000000000000cc", 0, null, null, null);

        Outcome outcome = Outcome.of(comparison, 5.0, 1);
        String text = RequestText.finished(moved, comparison, outcome.word(), 1, 2.0,
                RequestText.comparisonLink(PROPERTIES, moved));

        GoldenFiles.assertMatches("requests", "finished.md", text);
        assertThat(outcome).isEqualTo(new Outcome("failure", "failure",
                "1 of 5 cases slower by 5% or more; 2 of 5 cases allocate more: +32 B/op (48 → 80)"));
    }

    /**
     * The hidden-style PR on a loaded host: the throughput interval too wide to call, the allocation exact. The
     * answer leads with the allocation, shows it outside the folded block, and the status fails (default policy).
     */
    @Test
    void finishedWhenOnlyTheAllocationIsDecidedLeadsWithItAndFails() {
        Comparison comparison = new Comparison("flink", null, null, List.of(
                new Comparison.HostClass("4-core", "4-core · JDK 17.0.15", "17.0.15", List.of(
                        writeAsciiUnclearAllocatingFromNone(),
                        readAsciiSame(),
                        // forks that disagree wildly (three a side on a busy host): no number to read
                        row("org.apache.flink.benchmark.StringSerializer.readNonAscii", params("length", "16"), 88.0,
                                80.0, 70.0, 90.0, -20.5, -400.3, 255.4, Verdict.UNCLEAR, 0, 0)),
                        List.of(), List.of())), 0.99);

        Outcome outcome = Outcome.of(comparison, 5.0, 0);
        String text = RequestText.finished(REQUEST, comparison, outcome.word(), 0, 2.0,
                RequestText.comparisonLink(PROPERTIES, REQUEST));

        GoldenFiles.assertMatches("requests", "finished-allocation.md", text);
        assertThat(text.indexOf("from none to 64 B/op")).isLessThan(text.indexOf("<details>"));
        assertThat(outcome).isEqualTo(new Outcome("failure", "failure",
                "1 of 3 cases allocates more: from none to 64 B/op"));
        assertThat(text).contains("| – | wider than ±100% | too noisy to tell |").doesNotContain("-400.3%");
        assertThat(Outcome.of(comparison, 5.0, 0, dev.perfwatch.comparison.AllocationPolicy.NEUTRAL).word())
            .isEqualTo("neutral");
        assertThat(Outcome.of(comparison, 5.0, 0, dev.perfwatch.comparison.AllocationPolicy.IGNORE).word())
            .isEqualTo("success");
    }

    /**
     * Jobs on a host their runner reported busy: the answer says so beside the verdicts, the unclear throughput
     * there reads "not judged: busy host", and the allocation still leads, bold and outside the folded block.
     */
    @Test
    void finishedWhenJobsRanOnABusyHostSaysSoBesideTheVerdicts() {
        Comparison comparison = new Comparison("flink", null, null, List.of(
                new Comparison.HostClass("4-core", "4-core · JDK 17.0.15", "17.0.15", List.of(
                        writeAsciiUnclearAllocatingFromNone(),
                        readAsciiSame()),
                        List.of(), List.of()),
                new Comparison.HostClass("8-core", "8-core · JDK 17.0.15", "17.0.15", List.of(
                        row("org.apache.flink.benchmark.StringSerializer.writeAscii", params("length", "16"), 3620.0,
                                20.0, 3610.0, 25.0, -0.3, -9.5, 8.9, Verdict.UNCLEAR, 0, 0)), List.of(), List.of())),
                0.9958);
        SequentialRule rule = new SequentialRule(3, 2, 10, 5, 0.01, dev.perfwatch.statistics.AlphaSpending.POCOCK);
        StoredRequest done = after(1, 3, 10);
        List<BusyHost> busy = List.of(new BusyHost("4-core", 6, 4,
                "other processes took 3.0 of 4 cores before the job"));

        String text = RequestText.finished(done, comparison, "failure", 0, 2.0,
                RequestText.comparisonLink(PROPERTIES, done), RoundText.rounds(done, rule, 1, null, 1, 1), busy);

        GoldenFiles.assertMatches("requests", "finished-busy.md", text);
        assertThat(text).contains("| -28.2% | [-61.0%, +4.6%] | not judged: busy host | **from none to 64 B/op** |")
            .contains("| -0.3% | [-9.5%, +8.9%] | unclear | ±0 B/op |");
    }

    @Test
    void outcomeWhenNothingIsSlowerBeyondTheThresholdIsNeutralOrSuccess() {
        Comparison slightlySlower = new Comparison("p", null, null, List.of(new Comparison.HostClass("4-core", "4-core",
                "17", List.of(row("a.B.c", Map.of(), 100, 1.0, 97, 1.0, -3.0, -4.0, -2.1, Verdict.SLOWER, 0, 0)), List.of(),
                List.of())), 0.99);
        Comparison faster = new Comparison("p", null, null, List.of(new Comparison.HostClass("4-core", "4-core",
                "17", List.of(row("a.B.c", Map.of(), 100, 1.0, 110, 1.0, 10.0, 9.0, 11.0, Verdict.FASTER, 0, 0)), List.of(),
                List.of())), 0.99);

        assertThat(Outcome.of(slightlySlower, 5.0, 0).word()).isEqualTo("neutral");
        assertThat(Outcome.of(slightlySlower, 5.0, 0).state()).isEqualTo("success");
        assertThat(Outcome.of(faster, 5.0, 0).word()).isEqualTo("success");
        assertThat(Outcome.of(faster, 5.0, 2).word()).isEqualTo("neutral");
        assertThat(Outcome.of(new Comparison("p", null, null, List.of(), 0.99), 5.0, 0).word()).isEqualTo("neutral");
    }

    @Test
    void repliesWhenRenderedNeverStartALineWithTheBotsName() {
        List<String> replies = List.of(Replies.usage("perfwatch", "`fast` is not an option"),
                Replies.help("perfwatch"), Replies.refused("perfwatch", "mallory"),
                RequestText.cancelled(REQUEST, "@bob"), RequestText.resolving(REQUEST, "perfwatch"));

        GoldenFiles.assertMatches("requests", "usage.md", replies.get(0));
        GoldenFiles.assertMatches("requests", "refused.md", replies.get(2));
        assertThat(replies).allSatisfy(reply -> assertThat(CommandParser.parse("perfwatch", reply, 10)).isEmpty());
    }

    /** On a loaded host: the throughput 28% lower, its interval too wide to call; 64 B/op from none, exact. */
    private static Comparison.Row writeAsciiUnclearAllocatingFromNone() {
        return row("org.apache.flink.benchmark.StringSerializer.writeAscii", params("length", "16"), 1840.2, 610.3,
                1320.7, 540.9, -28.2, -61.0, 4.6, Verdict.UNCLEAR, 0, 64);
    }

    private static Comparison.Row readAsciiSame() {
        return row("org.apache.flink.benchmark.StringSerializer.readAscii", params("length", "16"), 0.412, 0.004,
                0.411, 0.005, -0.2, -1.9, 1.4, Verdict.SAME, 0, 0);
    }

    private static Comparison.Row row(String benchmark, Map<String, String> params, double base, Double baseError,
            double head, Double headError, double change, Double lower, Double upper, Verdict verdict,
            Integer baseBytes, Integer headBytes) {
        Comparison.Allocation allocation = baseBytes == null ? null
                : Comparison.Allocation.of(baseBytes, headBytes, headBytes > baseBytes ? "more"
                        : headBytes < baseBytes ? "less" : "same");
        return new Comparison.Row(benchmark, params, "thrpt;threads=1", "primary", "ops/ms", "higher",
                new Comparison.Side(base, baseError, 3), new Comparison.Side(head, headError, 3), change,
                lower == null ? null : List.of(lower, upper), verdict, allocation,
                baseError == null ? "none" : "forks",
                verdict.significant() || (allocation != null && allocation.changed()));
    }

    private static Map<String, String> params(String name, String value) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put(name, value);
        return params;
    }
}
