package dev.perfwatch.comparison;

import java.util.regex.Pattern;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.system.InvalidInputException;

/** {@code GET /api/v1/comparisons}: any two commits of a project, case by case (docs/api.md, "Comparisons"). */
@RestController
@RequestMapping("/api/v1")
class ComparisonController {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}");

    private final Comparisons comparisons;

    ComparisonController(Comparisons comparisons) {
        this.comparisons = comparisons;
    }

    @GetMapping("/comparisons")
    Comparison compare(@RequestParam(required = false) String project, @RequestParam(required = false) String base,
            @RequestParam(required = false) String head, @RequestParam(required = false) String hostClass,
            @RequestParam(required = false) String benchmarks) {
        if (project == null || project.isBlank()) {
            throw new InvalidInputException("project", "project is required");
        }
        if (hostClass != null && !NAME.matcher(hostClass).matches()) {
            throw new InvalidInputException("hostClass", "hostClass must be 1-128 letters, digits or . _ / + -");
        }
        Pattern regex = Comparisons.benchmarks(benchmarks, "benchmarks");
        return comparisons.compare(project, lower(base), lower(head), hostClass, regex, null);
    }

    private static String lower(String sha) {
        return sha == null ? null : sha.strip().toLowerCase(java.util.Locale.ROOT);
    }
}
