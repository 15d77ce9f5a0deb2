package dev.perfwatch.requests;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.perfwatch.comparison.Comparison;
import dev.perfwatch.comparison.SequentialRule;
import dev.perfwatch.comparison.Verdict;

/**
 * The sentences of an answer that say how it was reached: which allocation change leads it when the throughput
 * could not be decided, why another round runs, and whether the data or the budget ended the measuring.
 */
final class RoundText {

    private RoundText() {
    }

    /**
     * Allocation as the low-noise witness: where the throughput could not be decided but gc.alloc.rate.norm moved
     * the same way in every fork, that change leads the answer, and it says the throughput was not decidable here.
     */
    static void allocationFirst(StringBuilder out, Comparison comparison) {
        allocationFirst(out, comparison, List.of());
    }

    /**
     * As above; on a host class whose runner reported its host busy, the throughput is said not judged, and why. A
     * case whose throughput stayed the same while its allocation changed leads too: "1 same; 1 allocating more" in
     * the headline read as two cases, and the table's bold cell was the only place the change was said.
     */
    static void allocationFirst(StringBuilder out, Comparison comparison, List<BusyHost> busy) {
        List<String> lines = new ArrayList<>();
        boolean anySame = false;
        for (Comparison.HostClass environment : comparison.hostClasses()) {
            boolean busyHost = RequestText.busy(busy, environment);
            for (Comparison.Row row : environment.rows()) {
                boolean unclear = row.verdict() == Verdict.UNCLEAR;
                if (!row.allocationChanged() || !(unclear || row.verdict() == Verdict.SAME)) {
                    continue;
                }
                anySame |= !unclear;
                String interval = row.interval() == null ? ""
                        : " (" + percent(row.interval().get(0)) + " to " + percent(row.interval().get(1)) + ")";
                lines.add("- " + RequestText.caseName(row) + (comparison.hostClasses().size() > 1
                        ? " on " + environment.environment() : "") + ": " + row.allocation().text()
                        + " in every fork; the throughput " + (!unclear ? "did not move" + interval
                                : "was " + (busyHost ? "not judged: the host was busy"
                                        : "not decidable on this host") + interval));
            }
        }
        if (lines.isEmpty()) {
            return;
        }
        out.append(anySame ? "**Allocation changed** where the throughput did not show it:\n\n"
                : "**Allocation changed** where the throughput could not be decided on this host:\n\n");
        lines.forEach(line -> out.append(line).append('\n'));
        out.append('\n');
    }

    /**
     * Cases one side of which has no allocation figure (run without JMH's GC profiler): nothing is compared, and the
     * answer says so rather than leaving a dash, naming what the measured side allocates.
     */
    static void allocationUnmeasured(StringBuilder out, Comparison comparison) {
        List<String> cases = comparison.hostClasses().stream().flatMap(h -> h.rows().stream())
            .filter(row -> row.allocation() != null && row.allocation().unmeasured())
            .map(row -> RequestText.caseName(row) + " " + row.allocation().text())
            .toList();
        if (cases.isEmpty()) {
            return;
        }
        out.append("**Allocation not compared** for ").append(plural(cases.size(), "case"))
            .append(": one side has no gc.alloc.rate.norm (run without JMH's GC profiler): ")
            .append(cases.stream().limit(5).collect(Collectors.joining("; ")))
            .append(cases.size() > 5 ? "; …" : "").append(".\n\n");
    }

    /** How the measuring ended, for the answer: the sentence, and the level of the last look's intervals. */
    record Rounds(String text, String level) {
    }

    /**
     * "Decided by the data after 2 rounds (5 forks a side) …" or "The budget, not the data, ended it: …".
     *
     * @param undecided cases still unclear at the last look
     * @param hostTime the host time spent when that budget ended it, else null
     */
    static Rounds rounds(StoredRequest request, SequentialRule rule, int undecided, Duration hostTime) {
        return rounds(request, rule, undecided, hostTime, 0, 0);
    }

    /**
     * As above, naming what decided the cases: "Decided by the data" beside an unclear throughput misled when only
     * the allocation had decided it.
     *
     * @param byThroughput cases decided by their throughput (faster, slower or the same)
     * @param byAllocation cases whose throughput stayed unclear, decided by their allocation changing in every fork
     */
    static Rounds rounds(StoredRequest request, SequentialRule rule, int undecided, Duration hostTime,
            int byThroughput, int byAllocation) {
        String level = SequentialRule.level(rule.confidenceAt(request.rounds()));
        String spending = rule.budget() == rule.first() ? "one look at 99%"
                : rule.spending().word() + " alpha spending: " + SequentialRule.level(rule.alpha()) + " over up to "
                        + plural(rule.maxRounds(), "round") + ", " + level + " at this one";
        String done = plural(request.rounds(), "round") + " (" + plural(request.forks(), "fork") + " a side)";
        if (undecided == 0 && byAllocation > 0 && byThroughput == 0) {
            return new Rounds("Decided by the allocation after " + done + ": the throughput of "
                    + (byAllocation == 1 ? "the case" : "every case") + " stayed unclear, and its allocation per "
                    + "operation changed in every fork (" + spending + ").", level);
        }
        if (undecided == 0 && byAllocation > 0) {
            return new Rounds("Decided after " + done + ": " + plural(byThroughput, "case") + " by the throughput "
                    + "(faster, slower or the same), " + byAllocation + " by the allocation alone, "
                    + (byAllocation == 1 ? "its" : "their") + " throughput unclear but "
                    + (byAllocation == 1 ? "its" : "their") + " allocation per operation changed in every fork ("
                    + spending + ").", level);
        }
        if (undecided == 0) {
            return new Rounds("Decided by the data after " + done + ": every case is faster, slower, the same, or "
                    + "allocates differently in every fork (" + spending + ").", level);
        }
        String budget;
        if (hostTime != null) {
            budget = "its host time (" + hostTime.toMinutes() + " min of jobs)";
        }
        else if (request.forks() >= request.maxForks()) {
            budget = plural(request.maxForks(), "fork") + " a side (max-forks=" + request.maxForks() + ")";
        }
        else {
            budget = "its " + plural(rule.maxRounds(), "round") + " (perfwatch.requests.max-rounds)";
        }
        return new Rounds("**The budget, not the data, ended it**: " + budget + " spent after " + done + "; "
                + plural(undecided, "case") + " still unclear (" + spending + "). A quieter host or a larger "
                + "`max-forks` would tell.", level);
    }

    /** Why another round runs: the cases the last look could not decide. */
    static String roundNote(int round, double confidence, List<Comparison.Row> undecided) {
        String cases = undecided.stream().limit(3)
            .map(row -> RequestText.caseName(row) + " "
                    + (row.changePercent() == null ? "?" : percent(row.changePercent()))
                    + (row.interval() == null ? "" : " " + interval(row)))
            .collect(Collectors.joining(", "));
        return "Round " + round + " left " + plural(undecided.size(), "case") + " undecided at the "
                + SequentialRule.level(confidence) + " level its look allows (" + cases
                + (undecided.size() > 3 ? ", …" : "") + "), so another round of forks runs.";
    }

    private static String interval(Comparison.Row row) {
        return "[" + percent(row.interval().get(0)) + ", " + percent(row.interval().get(1)) + "]";
    }

    private static String percent(double value) {
        return RequestText.percent(value);
    }

    private static String plural(long n, String word) {
        return RequestText.plural(n, word);
    }
}
