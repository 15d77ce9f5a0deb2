package dev.perfwatch.requests;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.perfwatch.comparison.Comparison;
import dev.perfwatch.comparison.Verdict;

/**
 * The text the bot writes in a pull request: one comment per request, edited in place from "resolving" to the
 * final table, and the one-off replies (usage, refusals). No line of it starts with the bot's name, so the bot never
 * reads its own comments as commands. Sealed by golden files (src/test/resources/dev/perfwatch/requests).
 */
final class RequestText {

    private RequestText() {
    }

    static String resolving(StoredRequest request, String bot) {
        return header(request) + "**" + bot + "**: resolving the pull request's head and merge base…\n";
    }

    static String progress(StoredRequest request, Progress progress, String bot) {
        StringBuilder out = new StringBuilder(header(request));
        String cases = progress.cases() == null ? "? cases" : plural(progress.cases(), "case");
        String hosts = plural(progress.hostClasses().size(), "host class");
        if (!progress.started()) {
            Progress.HostClass first = progress.hostClasses().get(0);
            out.append("**").append(bot).append("** queued: ").append(cases).append(" × ").append(hosts)
                .append(", position ").append(first.ahead() == null ? "–" : Integer.toString(first.ahead() + 1))
                .append(", ETA ").append(eta(maxEta(progress))).append('\n');
        }
        else {
            out.append("**").append(bot).append("** running: ").append(cases).append(" × ").append(hosts)
                .append(", ").append(progress.done()).append('/').append(progress.total()).append(" jobs done, ETA ")
                .append(eta(maxEta(progress))).append('\n');
        }
        out.append('\n').append(subject(request)).append('\n');
        if (request.rounds() > 1 || request.maxForks() > request.forks()) {
            out.append("\nRound ").append(request.rounds()).append(": ").append(plural(request.forks(), "fork"))
                .append(" a side so far, at most ").append(request.maxForks()).append(". ")
                .append(request.roundNote() == null
                        ? "More rounds run only while a case is undecided."
                        : request.roundNote())
                .append('\n');
        }
        if (request.headMovedTo() != null) {
            out.append("\nThe pull request's head has moved to `").append(shortSha(request.headMovedTo()))
                .append("` since: these jobs measure `").append(shortSha(request.head()))
                .append("`. Cancel and ask again to measure the new head.\n");
        }
        out.append("\n| host class | jobs done | running | queued | position | ETA |\n");
        out.append("| --- | --- | --- | --- | --- | --- |\n");
        for (Progress.HostClass host : progress.hostClasses()) {
            out.append("| ").append(host.hostClass())
                .append(" | ").append(host.done()).append('/').append(host.total())
                .append(host.failed() > 0 ? " (" + host.failed() + " failed)" : "")
                .append(" | ").append(host.running() == 0 ? "–"
                        : host.running() + (host.percent() == null ? "" : " (" + Math.round(host.percent()) + "%)"))
                .append(" | ").append(host.queued())
                .append(" | ").append(host.ahead() == null ? "–" : plural(host.ahead(), "job") + " ahead")
                .append(" | ").append(host.finished() ? "–" : host.runners() == 0 ? "no runner online"
                        : eta(host.etaMinutes()))
                .append(" |\n");
        }
        out.append("\nThis comment is updated as the jobs progress. `@").append(bot)
            .append(" cancel` stops the request.\n");
        return out.toString();
    }

    /**
     * The answer: a table per environment, significant rows first and the rest in a details block.
     *
     * @param failedJobs jobs that failed, whose forks are missing from the comparison
     */
    static String finished(StoredRequest request, Comparison comparison, String outcome, int failedJobs,
            double margin, String link) {
        return finished(request, comparison, outcome, failedJobs, margin, link, null);
    }

    /**
     * @param rounds what ended the measuring and at which level the last look judged ({@link RoundText#rounds}); null for
     *     a request of one round at 99%
     */
    static String finished(StoredRequest request, Comparison comparison, String outcome, int failedJobs,
            double margin, String link, RoundText.Rounds rounds) {
        return finished(request, comparison, outcome, failedJobs, margin, link, rounds, List.of());
    }

    /**
     * @param busy host classes where jobs ran on a host their runner reported busy: said beside the verdicts, and an
     *     unclear throughput there reads as not judged
     */
    static String finished(StoredRequest request, Comparison comparison, String outcome, int failedJobs,
            double margin, String link, RoundText.Rounds rounds, List<BusyHost> busy) {
        StringBuilder out = new StringBuilder(header(request));
        Map<Verdict, Long> counts = comparison.hostClasses().stream()
            .flatMap(h -> h.rows().stream())
            .collect(Collectors.groupingBy(Comparison.Row::verdict, Collectors.counting()));
        out.append("**perfwatch** benchmark request: ").append(counts.getOrDefault(Verdict.SLOWER, 0L))
            .append(" slower, ").append(counts.getOrDefault(Verdict.FASTER, 0L)).append(" faster, ")
            .append(counts.getOrDefault(Verdict.SAME, 0L)).append(" same, ")
            .append(counts.getOrDefault(Verdict.UNCLEAR, 0L)).append(" unclear");
        List<Comparison.Row> allocating = comparison.hostClasses().stream().flatMap(h -> h.rows().stream())
            .filter(Comparison.Row::allocationChanged).toList();
        if (!allocating.isEmpty()) {
            long more = allocating.stream().filter(r -> "more".equals(r.allocation().change())).count();
            out.append("; ").append(more).append(" allocating more, ").append(allocating.size() - more)
                .append(" less");
        }
        out.append(" (").append(outcome).append(")\n\n");
        busyHosts(out, busy);
        RoundText.allocationFirst(out, comparison, busy);
        RoundText.allocationUnmeasured(out, comparison);
        out.append(subject(request)).append('\n');
        if (request.headMovedTo() != null) {
            out.append("\n> [!WARNING]\n> The pull request's head moved to `").append(shortSha(request.headMovedTo()))
                .append("` during the run (a push or force-push): these numbers are for `")
                .append(shortSha(request.head())).append("`. Ask again for the new head.\n");
        }
        if (rounds != null) {
            out.append('\n').append(rounds.text()).append('\n');
        }
        if (failedJobs > 0) {
            out.append("\n").append(plural(failedJobs, "job")).append(failedJobs == 1 ? " failed: its fork is" : " failed: their forks are")
                .append(" missing from the comparison.\n");
        }
        if (comparison.hostClasses().isEmpty()) {
            out.append("\nNo case has results at both commits: nothing to compare.\n");
        }
        for (Comparison.HostClass environment : comparison.hostClasses()) {
            out.append("\n#### ").append(environment.environment()).append("\n\n");
            List<Comparison.Row> significant = environment.rows().stream().filter(Comparison.Row::significant)
                .toList();
            List<Comparison.Row> rest = environment.rows().stream().filter(r -> !r.significant()).toList();
            if (significant.isEmpty()) {
                out.append("No significant change.\n");
            }
            else {
                table(out, significant, busy(busy, environment));
            }
            if (!rest.isEmpty()) {
                out.append("\n<details><summary>").append(plural(rest.size(), "more case"))
                    .append(": same or unclear</summary>\n\n");
                table(out, rest, busy(busy, environment));
                out.append("\n</details>\n");
            }
            cases(out, "New in head, nothing to compare with: ", environment.added());
            cases(out, "Not in head: ", environment.removed());
        }
        out.append("\n[Comparison page](").append(link).append(") · ")
            .append(plural(request.forks(), "fork")).append(" a side per host class, base and head interleaved · ")
            .append("change with its ").append(rounds == null ? "99%" : rounds.level())
            .append(" interval (Welch's t over fork means); same = the interval within ±")
            .append(margin(margin)).append("%\n");
        return out.toString();
    }

    static String cancelled(StoredRequest request, String by) {
        return header(request) + "**perfwatch** benchmark request cancelled by " + by + ".\n\n" + subject(request)
                + "\n";
    }

    static String failed(StoredRequest request, String reason) {
        return header(request) + "**perfwatch** benchmark request failed: " + reason + "\n";
    }

    /**
     * The comparison page: {@code /comparison?project=&base=&head=&request=}. request lets the page show the
     * request's own comparison (its runs only, as in the comment) rather than every run at the two commits.
     */
    static String comparisonLink(RequestsProperties properties, StoredRequest request) {
        return properties.link("/comparison?project=" + URLEncoder.encode(request.project(), StandardCharsets.UTF_8)
                + "&base=" + request.base() + "&head=" + request.head() + "&request=" + request.id());
    }

    /**
     * Where the runner reported its host busy, said next to the verdict: detection would have left these runs out,
     * the request has no others, and an unclear throughput there is the load's doing as likely as the change's.
     */
    private static void busyHosts(StringBuilder out, List<BusyHost> busy) {
        if (busy.isEmpty()) {
            return;
        }
        out.append("> [!WARNING]\n> **Busy host**: ");
        out.append(busy.stream().map(BusyHost::text).collect(Collectors.joining("; ")));
        out.append(". The throughput there is not judged where it reads unclear (the load, not the change, may be "
                + "why), and a faster or slower verdict rests on forks measured under that load. The allocation per "
                + "operation does not depend on the load and is judged as usual.\n\n");
    }

    /** Whether this environment's host class ran jobs on a busy host. */
    static boolean busy(List<BusyHost> busy, Comparison.HostClass environment) {
        return busy.stream().anyMatch(b -> b.hostClass().equals(environment.hostClass()));
    }

    private static void table(StringBuilder out, List<Comparison.Row> rows, boolean busyHost) {
        out.append("| case | base | head | change | interval | verdict | allocation | interval from |\n");
        out.append("| --- | ---: | ---: | ---: | --- | --- | ---: | --- |\n");
        for (Comparison.Row row : rows) {
            out.append("| ").append(caseName(row))
                .append(" | ").append(side(row.base(), row.unit()))
                .append(" | ").append(side(row.head(), row.unit()))
                .append(" | ").append(row.changePercent() == null || row.tooNoisy() ? "–"
                        : percent(row.changePercent()))
                .append(" | ").append(row.interval() == null ? "–" : row.tooNoisy() ? "wider than ±100%"
                        : "[" + percent(row.interval().get(0)) + ", " + percent(row.interval().get(1)) + "]")
                .append(" | ").append(busyHost && (row.tooNoisy() || row.verdict() == Verdict.UNCLEAR)
                        ? "not judged: busy host"
                        : row.tooNoisy() ? "too noisy to tell"
                        : row.verdict().significant() ? "**" + row.verdict().word() + "**" : row.verdict().word())
                .append(" | ").append(allocation(row.allocation()))
                .append(" | ").append(row.basis())
                .append(" |\n");
        }
    }

    private static void cases(StringBuilder out, String title, List<Comparison.Case> cases) {
        if (!cases.isEmpty()) {
            out.append('\n').append(title).append(cases.stream()
                .map(c -> caseName(c.benchmark(), c.params()))
                .collect(Collectors.joining(", "))).append(".\n");
        }
    }

    static String caseName(Comparison.Row row) {
        return caseName(row.benchmark(), row.params());
    }

    /** "`FixtureBenchmark.concat` length=16": the class and method, then the parameters. */
    static String caseName(String benchmark, Map<String, String> parameters) {
        String[] parts = benchmark.split("\\.");
        String name = parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
        String params = parameters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(" "));
        return "`" + name + "`" + (params.isEmpty() ? "" : " " + params.replace("|", "\\|"));
    }

    private static String side(Comparison.Side side, String unit) {
        return number(side.score()) + (side.error() == null ? "" : " ± " + number(side.error(), side.score())) + " "
                + unit;
    }

    private static String allocation(Comparison.Allocation allocation) {
        if (allocation == null) {
            return "–";
        }
        String text = allocation.text();
        if (allocation.changed()) {
            return "**" + text + "**";
        }
        return "unclear".equals(allocation.change()) ? text + " (varies by fork)" : text;
    }

    static String number(double value) {
        return number(value, value);
    }

    /** The value with as many decimals as the reference needs: an error reads with its score's precision. */
    static String number(double value, double reference) {
        double abs = Math.abs(reference);
        if (abs >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (abs >= 100) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (abs >= 1 || abs == 0) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        int decimals = Math.max(0, 2 - (int) Math.floor(Math.log10(abs)));
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    private static String margin(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    static String percent(double value) {
        return String.format(Locale.ROOT, "%+.1f%%", value);
    }

    private static String eta(Long minutes) {
        if (minutes == null) {
            return "unknown";
        }
        return minutes < 1 ? "< 1 min" : "~" + minutes + " min";
    }

    private static Long maxEta(Progress progress) {
        Long max = null;
        for (Progress.HostClass host : progress.hostClasses()) {
            if (host.etaMinutes() == null && host.done() + host.failed() < host.total()) {
                return null;
            }
            if (host.etaMinutes() != null && (max == null || host.etaMinutes() > max)) {
                max = host.etaMinutes();
            }
        }
        return max;
    }

    private static String subject(StoredRequest request) {
        return "Head `" + shortSha(request.head()) + "` against " + (request.fromPullRequest() ? "merge base" : "base")
                + " `" + shortSha(request.base()) + "` on " + String.join(", ", request.hostClasses()) + ", JDK "
                + String.join(", ", request.jvms()) + ", profile " + request.profile().name().toLowerCase(Locale.ROOT)
                + ", " + plural(request.forks(), "fork") + " a side"
                + (request.benchmarks() == null ? "" : ", benchmarks `" + request.benchmarks() + "`") + ".";
    }

    /** Marks the comment as this request's, for people and tools reading the thread. */
    private static String header(StoredRequest request) {
        return "<!-- perfwatch request " + request.id() + " -->\n";
    }

    static String shortSha(String sha) {
        return sha == null ? "?" : sha.substring(0, Math.min(7, sha.length()));
    }

    static String plural(long n, String word) {
        if (n == 1) {
            return n + " " + word;
        }
        return n + " " + (word.endsWith("s") ? word + "es" : word + "s");
    }
}
