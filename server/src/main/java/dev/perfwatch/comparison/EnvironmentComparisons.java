package dev.perfwatch.comparison;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Service;

import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * Two or more environments (host class × JVM) at one commit, the question "is it slower on 4-core only?" or "how
 * does JDK 21 do against 17?". Each environment's forks are compared with the baseline's (the first environment)
 * the way two commits are (Welch's interval over fork means, {@link Welch}), so a ratio comes with its interval.
 */
@Service
class EnvironmentComparisons {

    private static final Pattern SHA = Pattern.compile("[0-9a-f]{7,64}");

    private final EnvironmentComparisonQueries queries;

    private final ComparisonProperties properties;

    private final JsonMapper json;

    EnvironmentComparisons(EnvironmentComparisonQueries queries, ComparisonProperties properties, JsonMapper json) {
        this.queries = queries;
        this.properties = properties;
        this.json = json;
    }

    /**
     * @param sha the commit or its unique prefix; the newest measured commit when null
     * @param environments the environments in the order to show, the first the baseline; all measured at the
     *     commit (ordered by label) when null
     * @param benchmark only this benchmark (its full name), or all when null
     */
    EnvironmentComparison compare(String project, String sha, List<Long> environments, String benchmark) {
        long projectId = queries.projectId(project).orElseThrow(() -> new NotFoundException("no project " + project));
        ComparisonQueries.StoredCommit commit = commit(projectId, project, sha);
        List<EnvironmentComparisonQueries.Result> results = queries.results(commit.id(),
                environments == null ? null : environments.toArray(Long[]::new), benchmark);
        Map<Long, EnvironmentComparison.Environment> found = new LinkedHashMap<>();
        Map<String, Map<Long, Cell>> cases = new LinkedHashMap<>();
        for (EnvironmentComparisonQueries.Result result : results) {
            found.putIfAbsent(result.environment().id(), result.environment());
            Cell cell = cases.computeIfAbsent(result.benchmark() + "\u0000" + result.caseKey(), k -> new LinkedHashMap<>())
                .computeIfAbsent(result.environment().id(), e -> new Cell());
            if (result.metric().equals(ComparisonQueries.ALLOCATION)) {
                cell.allocation.add(result.samples());
            }
            else {
                cell.primary = result;
                cell.runs++;
                cell.samples.add(result.samples());
            }
        }
        List<EnvironmentComparison.Environment> shown = labelled(new ArrayList<>(found.values()));
        if (environments == null) {
            shown.sort(Comparator.comparing(EnvironmentComparison.Environment::label));
        }
        else {
            shown.sort(Comparator.comparingInt(e -> environments.indexOf(e.id())));
        }
        List<EnvironmentComparison.Row> rows = new ArrayList<>();
        for (Map<Long, Cell> row : cases.values()) {
            EnvironmentComparison.Row compared = row(shown, row);
            if (compared != null) {
                rows.add(compared);
            }
        }
        return new EnvironmentComparison(project, new Comparison.Commit(commit.sha(), commit.message(), commit.time()),
                shown, rows);
    }

    private ComparisonQueries.StoredCommit commit(long projectId, String project, String sha) {
        if (sha == null) {
            return queries.newest(projectId).orElseThrow(() -> new NotFoundException("project " + project
                    + " has no results yet"));
        }
        if (!SHA.matcher(sha).matches()) {
            throw new InvalidInputException("commit", "commit must be a commit sha: 7 to 64 lower-case hex digits");
        }
        List<ComparisonQueries.StoredCommit> commits = queries.commits(projectId, sha);
        if (commits.size() > 1) {
            throw new InvalidInputException("commit", "commit " + sha + " names more than one commit: give more digits");
        }
        if (commits.isEmpty()) {
            throw new NotFoundException("no commit " + sha + " in project " + project);
        }
        return commits.get(0);
    }

    /** One case across the environments; null when no environment has its primary metric. */
    private EnvironmentComparison.Row row(List<EnvironmentComparison.Environment> environments, Map<Long, Cell> cells) {
        EnvironmentComparisonQueries.Result facts = cells.values().stream()
            .map(cell -> cell.primary).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        if (facts == null) {
            return null;
        }
        boolean higherIsBetter = "higher".equals(facts.direction());
        Cell baseline = cells.get(environments.get(0).id());
        double[] baselineForks = baseline == null || baseline.primary == null ? null : forkMeans(baseline.samples);
        List<EnvironmentComparison.Cell> out = new ArrayList<>();
        for (EnvironmentComparison.Environment environment : environments) {
            Cell cell = cells.get(environment.id());
            if (cell == null || cell.primary == null) {
                out.add(null);
                continue;
            }
            double[] forks = forkMeans(cell.samples);
            Double ratio = null;
            List<Double> interval = null;
            Verdict verdict = null;
            if (baselineForks != null && cell != baseline) {
                Welch.Change change = Welch.compare(baselineForks, forks, higherIsBetter,
                        properties.equivalenceMargin());
                ratio = Double.isFinite(change.percent()) ? 1 + change.percent() / 100 : null;
                interval = change.lower() == null ? null : List.of(1 + change.lower() / 100, 1 + change.upper() / 100);
                verdict = change.verdict();
            }
            Double allocation = cell.allocation.isEmpty() ? null : Welch.mean(forkMeans(cell.allocation));
            // JMH's own score and error when one run measured the commit: the quantity the changes page and the
            // timeline show, so one result reads the same everywhere (docs/ui.md, "Errors").
            boolean single = cell.runs == 1;
            out.add(new EnvironmentComparison.Cell(environment.id(), Welch.mean(forks), Welch.error(forks),
                    forks.length, ratio, interval, verdict,
                    allocation != null && Double.isFinite(allocation) ? allocation : null,
                    single ? cell.primary.score() : null, single ? cell.primary.error() : null));
        }
        return new EnvironmentComparison.Row(facts.benchmark(), params(facts.params()), facts.caseKey(),
                facts.metric(), facts.unit(), facts.direction(), out);
    }

    /** "4-core · JDK 17.0.2", widened by the VM name, the JVM arguments and the id where two would read alike. */
    static List<EnvironmentComparison.Environment> labelled(List<EnvironmentComparison.Environment> environments) {
        List<String> labels = new ArrayList<>();
        for (EnvironmentComparison.Environment e : environments) {
            labels.add(e.hostClass() + " · JDK " + (e.jdkVersion().isEmpty() ? "unknown" : e.jdkVersion()));
        }
        widen(labels, environments, e -> e.vmName().replace(" 64-Bit Server VM", ""));
        widen(labels, environments, e -> String.join(" ", e.jvmArgs()));
        widen(labels, environments, e -> "#" + e.id());
        List<EnvironmentComparison.Environment> out = new ArrayList<>();
        for (int i = 0; i < environments.size(); i++) {
            EnvironmentComparison.Environment e = environments.get(i);
            out.add(new EnvironmentComparison.Environment(e.id(), e.hostClass(), e.jdkVersion(), e.vmName(),
                    e.jvmArgs(), labels.get(i)));
        }
        return out;
    }

    private static void widen(List<String> labels, List<EnvironmentComparison.Environment> environments,
            Function<EnvironmentComparison.Environment, String> more) {
        List<String> before = List.copyOf(labels);
        for (int i = 0; i < labels.size(); i++) {
            String extra = more.apply(environments.get(i));
            if (Collections.frequency(before, before.get(i)) > 1 && !extra.isBlank()) {
                labels.set(i, before.get(i) + " " + extra);
            }
        }
    }

    /** The mean of each fork's finite iterations over every result given; a fork without one is left out. */
    private static double[] forkMeans(List<String> samples) {
        return ForkMeans.of(samples);
    }

    private Map<String, String> params(String text) {
        Map<String, String> params = new LinkedHashMap<>();
        json.readTree(text).properties().forEach(entry -> params.put(entry.getKey(), entry.getValue().asString()));
        return params;
    }

    /** One case in one environment: its primary result(s) and allocation result(s) at the commit. */
    private static final class Cell {

        EnvironmentComparisonQueries.Result primary;

        final List<String> samples = new ArrayList<>();

        final List<String> allocation = new ArrayList<>();

        int runs;
    }
}
