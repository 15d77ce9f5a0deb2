package dev.perfwatch.codespeed;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.codespeed.CodespeedVocabulary.Benchmark;
import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * Codespeed's {@code /timeline/json/}, which Flink's nightly regression script reads: the last {@code revs} results
 * of benchmark {@code ben} for executables {@code exe} in environment {@code env}, on each project's default
 * branch. {@code exe} and {@code env} may be Codespeed's numeric ids or names. Where Codespeed fails with a 500 (no
 * {@code ben}, a {@code revs} that is not a number) this answers 400; unknown environments and benchmarks are 404
 * as in Codespeed. Two extensions: {@code shape=0.11|0.13} picks the Codespeed version's shape, {@code bran=} a
 * branch other than the default one.
 */
@RestController
class TimelineController {

    private static final int GRID_REVISIONS = 15;

    private final CodespeedStore store;

    private final TimelineQueries queries;

    private final CodespeedProperties properties;

    TimelineController(CodespeedStore store, TimelineQueries queries, CodespeedProperties properties) {
        this.store = store;
        this.queries = queries;
        this.properties = properties;
    }

    /** An executable as the request named it; the name is the key of its points in the 0.11 shape. */
    private record Selected(String key, Executable executable) {
    }

    @GetMapping(path = { "/timeline/json/", "/timeline/json" }, produces = MediaType.APPLICATION_JSON_VALUE)
    TimelineJson.Response timeline(@RequestParam(required = false) String exe,
            @RequestParam(required = false) String ben, @RequestParam(required = false) String env,
            @RequestParam(required = false) String revs, @RequestParam(required = false) String base,
            @RequestParam(required = false) String shape, @RequestParam(required = false) String bran) {
        TimelineShape timelineShape = shape(shape);
        List<Selected> executables = executables(exe);
        if (executables.isEmpty()) {
            return new TimelineJson.Response("No executables selected", List.of());
        }
        Environment environment = environment(env);
        int revisions = revisions(revs);
        if (ben == null) {
            throw new InvalidInputException("ben", "query parameter ben is required: a benchmark name, grid or show_none");
        }
        List<Benchmark> benchmarks;
        switch (ben) {
            case "grid" -> {
                benchmarks = store.benchmarks();
                revisions = GRID_REVISIONS;
            }
            case "show_none" -> benchmarks = List.of();
            default -> benchmarks = List.of(store.benchmark(ben)
                .orElseThrow(() -> new NotFoundException("no benchmark " + ben)));
        }
        Baseline baseline = baseline(base);
        Map<Long, String> branches = new HashMap<>();
        List<TimelineJson.Timeline> timelines = new ArrayList<>();
        for (Benchmark benchmark : benchmarks) {
            boolean median = benchmark.dataType().equals("M");
            Map<String, Map<String, List<List<Object>>>> byBranch = new LinkedHashMap<>();
            for (Selected selected : executables) {
                Executable executable = selected.executable();
                String branch = bran != null ? bran
                        : branches.computeIfAbsent(executable.projectId(), queries::defaultBranch);
                List<TimelineQueries.Point> points = queries.points(executable, environment, benchmark.name(), branch,
                        revisions);
                if (points.isEmpty()) {
                    continue;
                }
                String key = timelineShape == TimelineShape.V0_11 ? selected.key() : Long.toString(executable.id());
                byBranch.computeIfAbsent(branch, b -> new LinkedHashMap<>())
                    .put(key, points.stream()
                        .map(point -> TimelineJson.point(timelineShape, point, branch, median))
                        .toList());
            }
            if (!byBranch.isEmpty()) {
                timelines.add(new TimelineJson.Timeline(benchmark.name(), benchmark.id(), benchmark.description(),
                        benchmark.dataType(), benchmark.units(),
                        TimelineJson.lessisbetter(benchmark.lessisbetter()), byBranch,
                        baselineLine(baseline, environment, benchmark, byBranch)));
            }
        }
        String error = timelines.isEmpty() && !ben.equals("show_none") ? "No data found for the selected options"
                : TimelineJson.NO_ERROR;
        return new TimelineJson.Response(error, timelines);
    }

    private TimelineShape shape(String shape) {
        if (shape == null) {
            return properties.shape();
        }
        try {
            return TimelineShape.of(shape);
        }
        catch (IllegalArgumentException ex) {
            throw new InvalidInputException("shape", ex.getMessage());
        }
    }

    /** Executables by id or by name; unknown ones are skipped, as Codespeed 0.12 and later skip unknown ids. */
    private List<Selected> executables(String exe) {
        List<Selected> selected = new ArrayList<>();
        if (exe == null) {
            return selected;
        }
        for (String token : exe.split(",")) {
            if (token.isEmpty()) {
                continue;
            }
            Optional<Executable> byId = isId(token) ? store.executable(Long.parseLong(token)) : Optional.empty();
            if (byId.isPresent()) {
                selected.add(new Selected(token, byId.get()));
            }
            else {
                store.executables(token).forEach(executable -> selected.add(new Selected(token, executable)));
            }
        }
        return selected;
    }

    private Environment environment(String env) {
        if (env == null || env.isEmpty()) {
            throw new NotFoundException("no environment given: env=<id or name>");
        }
        Optional<Environment> byId = isId(env) ? store.environment(Long.parseLong(env)) : Optional.empty();
        return byId.or(() -> store.environment(env)).orElseThrow(() -> new NotFoundException("no environment " + env));
    }

    private static int revisions(String revs) {
        if (revs == null) {
            return 10;
        }
        try {
            int revisions = Integer.parseInt(revs.strip());
            if (revisions >= 1) {
                return revisions;
            }
        }
        catch (NumberFormatException ex) {
            // answered below
        }
        throw new InvalidInputException("revs", "revs must be a whole number of revisions of at least 1, not " + revs);
    }

    /** Codespeed's {@code base=<executable id>+<revision id>}; "none" and "undefined" mean none. */
    private record Baseline(long executable, long revision) {
    }

    private static Baseline baseline(String base) {
        if (base == null || base.equals("none") || base.equals("undefined")) {
            return null;
        }
        // A literal '+' in a query string reads as a space; Codespeed's own page sends it encoded.
        String[] parts = base.split("[+ ]");
        if (parts.length != 2 || !isId(parts[0]) || !isId(parts[1])) {
            throw new InvalidInputException("base", "base must be <executable id>+<revision id>, not " + base);
        }
        return new Baseline(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
    }

    /** A horizontal line at the baseline's value across the longest series, or "None" as Codespeed writes it. */
    private Object baselineLine(Baseline baseline, Environment environment, Benchmark benchmark,
            Map<String, Map<String, List<List<Object>>>> byBranch) {
        if (baseline == null) {
            return TimelineJson.NO_ERROR;
        }
        Optional<Double> value = store.executable(baseline.executable())
            .flatMap(executable -> queries.value(executable, environment, benchmark.name(), baseline.revision()));
        if (value.isEmpty()) {
            return TimelineJson.NO_ERROR;
        }
        List<List<Object>> longest = List.of();
        for (Map<String, List<List<Object>>> series : byBranch.values()) {
            for (List<List<Object>> points : series.values()) {
                if (points.size() > longest.size()) {
                    longest = points;
                }
            }
        }
        Object end = longest.get(0).get(0);
        Object start = longest.get(longest.size() - 1).get(0);
        return List.of(List.of(start, value.get()), List.of(end, value.get()));
    }

    private static boolean isId(String token) {
        return !token.isEmpty() && token.length() < 18 && token.chars().allMatch(Character::isDigit);
    }
}
