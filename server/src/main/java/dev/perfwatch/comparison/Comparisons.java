package dev.perfwatch.comparison;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Service;

import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * The comparison of two commits: what the comparison API answers and what a benchmark request posts when its jobs
 * are done. Each side pools the forks of every run at its commit in an environment (or of the given runs only).
 */
@Service
public class Comparisons {

    private static final Pattern SHA = Pattern.compile("[0-9a-f]{7,64}");

    private static final Comparator<Comparison.Row> ORDER = Comparator
        .comparingInt(Comparisons::rank)
        .thenComparing(row -> row.verdict().significant() && row.changePercent() != null
                ? -Math.abs(row.changePercent()) : 0.0)
        .thenComparing(Comparison.Row::benchmark)
        .thenComparing(Comparison.Row::caseKey);

    private final ComparisonQueries queries;

    private final ComparisonProperties properties;

    private final CaseChange caseChange;

    Comparisons(ComparisonQueries queries, ComparisonProperties properties, JsonMapper json) {
        this.queries = queries;
        this.properties = properties;
        this.caseChange = new CaseChange(json, queries);
    }

    /**
     * How rows are judged.
     *
     * @param confidence the two-sided level of each interval (0.99 for the API; a request's rule sets its own)
     * @param margin the equivalence margin in percent
     * @param policy what a deterministic allocation change counts for
     * @param threshold the smallest allocation change that counts, in B/op
     */
    public record Options(double confidence, double margin, AllocationPolicy policy, double threshold) {

        public Options withConfidence(double level) {
            return new Options(level, margin, policy, threshold);
        }

        public Options withPolicy(AllocationPolicy allocationPolicy) {
            return new Options(confidence, margin, allocationPolicy == null ? policy : allocationPolicy, threshold);
        }
    }

    /** The options of the configuration: 99% intervals, the configured margin and allocation policy. */
    public Options defaults() {
        return new Options(Welch.CONFIDENCE, properties.equivalenceMargin(), properties.allocationPolicy(),
                properties.allocationThreshold());
    }

    /**
     * Compares every case benchmarked at both commits.
     *
     * @param hostClass only this host class, or all when null
     * @param benchmarks only benchmarks this regex finds in their name (as JMH's include does), or all when null
     * @param runs only results of these runs (a request's own), or all runs at the commits when null
     */
    public Comparison compare(String project, String base, String head, String hostClass, Pattern benchmarks,
            Collection<UUID> runs) {
        return compare(project, base, head, hostClass, benchmarks, runs, defaults());
    }

    /** As above, judged with the given options (a request's look of its sequential rule). */
    public Comparison compare(String project, String base, String head, String hostClass, Pattern benchmarks,
            Collection<UUID> runs, Options options) {
        long projectId = queries.projectId(project).orElseThrow(() -> new NotFoundException("no project " + project));
        ComparisonQueries.StoredCommit baseCommit = commit(projectId, project, "base", base);
        ComparisonQueries.StoredCommit headCommit = commit(projectId, project, "head", head);
        Map<Long, Map<String, Cell>> baseCells = cells(queries.results(baseCommit.id(), hostClass, runs));
        Map<Long, Map<String, Cell>> headCells = cells(queries.results(headCommit.id(), hostClass, runs));
        List<EnvironmentLabels.Environment> environments = new ArrayList<>();
        for (Map.Entry<Long, Map<String, Cell>> environment : baseCells.entrySet()) {
            Map<String, Cell> bases = selected(environment.getValue(), benchmarks);
            Map<String, Cell> heads = selected(headCells.getOrDefault(environment.getKey(), Map.of()), benchmarks);
            List<Comparison.Row> rows = new ArrayList<>();
            ComparisonQueries.ResultRow facts = null;
            Set<UUID> runIds = new LinkedHashSet<>();
            for (Map.Entry<String, Cell> entry : bases.entrySet()) {
                Cell headCell = heads.get(entry.getKey());
                if (headCell != null) {
                    facts = entry.getValue().primary;
                    rows.add(caseChange.row(entry.getValue().primaries, headCell.primaries,
                            entry.getValue().allocations, headCell.allocations, options));
                    entry.getValue().primaries.forEach(row -> runIds.add(row.run()));
                    headCell.primaries.forEach(row -> runIds.add(row.run()));
                }
            }
            if (!rows.isEmpty()) {
                rows.sort(ORDER);
                environments.add(new EnvironmentLabels.Environment(facts, rows, onlyIn(heads, bases),
                        onlyIn(bases, heads), busy(runIds)));
            }
        }
        return new Comparison(project, view(baseCommit), view(headCommit), EnvironmentLabels.labelled(environments),
                options.confidence());
    }

    /** How many of these runs ran on a host their runner reported busy; null when none did. */
    private Comparison.BusyRuns busy(Set<UUID> runIds) {
        Map<UUID, String> busy = queries.busyRuns(runIds);
        return busy.isEmpty() ? null
                : new Comparison.BusyRuns(runIds.size(), busy.size(), busy.values().iterator().next());
    }

    /** The cells with a primary result whose benchmark the regex finds (all when it is null). */
    private static Map<String, Cell> selected(Map<String, Cell> cells, Pattern benchmarks) {
        Map<String, Cell> selected = new LinkedHashMap<>();
        cells.forEach((key, cell) -> {
            if (cell.primary != null && (benchmarks == null || benchmarks.matcher(cell.primary.benchmark()).find())) {
                selected.put(key, cell);
            }
        });
        return selected;
    }

    /** The cases of one side the other side lacks, by benchmark and case key. */
    private List<Comparison.Case> onlyIn(Map<String, Cell> side, Map<String, Cell> other) {
        return side.entrySet().stream()
            .filter(entry -> !other.containsKey(entry.getKey()))
            .map(entry -> new Comparison.Case(entry.getValue().primary.benchmark(),
                    params(entry.getValue().primary.params()), entry.getValue().primary.caseKey()))
            .sorted(Comparator.comparing(Comparison.Case::benchmark).thenComparing(Comparison.Case::caseKey))
            .toList();
    }

    /** Checks the query parameters the API and requests share; a null regex means every benchmark. */
    public static Pattern benchmarks(String regex, String field) {
        if (regex == null || regex.isBlank()) {
            return null;
        }
        try {
            return Pattern.compile(regex);
        }
        catch (java.util.regex.PatternSyntaxException ex) {
            throw new InvalidInputException(field, field + " is not a regular expression: " + ex.getDescription());
        }
    }

    private ComparisonQueries.StoredCommit commit(long projectId, String project, String field, String sha) {
        if (sha == null || !SHA.matcher(sha).matches()) {
            throw new InvalidInputException(field, field + " must be a commit sha: 7 to 64 lower-case hex digits");
        }
        List<ComparisonQueries.StoredCommit> found = queries.commits(projectId, sha);
        if (found.size() > 1) {
            throw new InvalidInputException(field, field + " " + sha + " names more than one commit: give more digits");
        }
        if (found.isEmpty()) {
            throw new NotFoundException("no commit " + sha + " in project " + project);
        }
        return found.get(0);
    }

    private Map<String, String> params(String text) {
        return caseChange.params(text);
    }

    /** Results grouped by environment, then by benchmark and case. */
    private static Map<Long, Map<String, Cell>> cells(List<ComparisonQueries.ResultRow> rows) {
        Map<Long, Map<String, Cell>> cells = new LinkedHashMap<>();
        for (ComparisonQueries.ResultRow row : rows) {
            Cell cell = cells.computeIfAbsent(row.environment(), e -> new LinkedHashMap<>())
                .computeIfAbsent(row.benchmark() + "\u0000" + row.caseKey(), k -> new Cell());
            if (row.metric().equals(ComparisonQueries.ALLOCATION)) {
                cell.allocations.add(row);
            }
            else {
                cell.primary = row;
                cell.primaries.add(row);
            }
        }
        return cells;
    }

    private static Comparison.Commit view(ComparisonQueries.StoredCommit commit) {
        return new Comparison.Commit(commit.sha(), commit.message(), commit.time());
    }

    /** Significant rows (a faster or slower verdict, or a deterministic allocation change) first. */
    private static int rank(Comparison.Row row) {
        if (row.significant()) {
            return 0;
        }
        return row.verdict() == Verdict.UNCLEAR ? 1 : 2;
    }

    /** One case of one environment at one commit: its primary result(s) and allocation result(s). */
    private static final class Cell {

        ComparisonQueries.ResultRow primary;

        final List<ComparisonQueries.ResultRow> primaries = new ArrayList<>();

        final List<ComparisonQueries.ResultRow> allocations = new ArrayList<>();
    }
}
