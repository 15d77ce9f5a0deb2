package dev.perfwatch.comparison;

import java.util.ArrayList;
import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.system.InvalidInputException;

/** {@code GET /api/v1/environment-comparisons}: environments against each other at one commit (docs/api.md). */
@RestController
class EnvironmentComparisonController {

    private final EnvironmentComparisons comparisons;

    EnvironmentComparisonController(EnvironmentComparisons comparisons) {
        this.comparisons = comparisons;
    }

    @GetMapping("/api/v1/environment-comparisons")
    EnvironmentComparison compare(@RequestParam(required = false) String project,
            @RequestParam(required = false) String commit, @RequestParam(required = false) String environments,
            @RequestParam(required = false) String benchmark) {
        if (project == null || project.isBlank()) {
            throw new InvalidInputException("project", "project is required");
        }
        String sha = commit == null || commit.isBlank() ? null : commit.strip().toLowerCase(java.util.Locale.ROOT);
        return comparisons.compare(project, sha, ids(environments),
                benchmark == null || benchmark.isBlank() ? null : benchmark);
    }

    /** "3,1,2": two or more distinct environment ids, the first the baseline; null (all) when absent. */
    private static List<Long> ids(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        List<Long> ids = new ArrayList<>();
        for (String part : text.split(",")) {
            try {
                long id = Long.parseLong(part.strip());
                if (!ids.contains(id)) {
                    ids.add(id);
                }
            }
            catch (NumberFormatException ex) {
                throw new InvalidInputException("environments",
                        "environments must be comma-separated environment ids, not " + part.strip());
            }
        }
        if (ids.size() < 2) {
            throw new InvalidInputException("environments", "environments must name at least two environments");
        }
        return ids;
    }
}
