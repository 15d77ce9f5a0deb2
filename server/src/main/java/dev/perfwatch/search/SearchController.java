package dev.perfwatch.search;

import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * The search box's answers: projects, benchmarks, cases (by their parameter values) and commits matching a few
 * typed characters, best first. Asked on every keystroke: cases are ranked in memory over a per-project catalog
 * (docs/ui.md#search-and-the-header-on-a-phone has the rules and the measurement over 10,000 cases).
 */
@RestController
class SearchController {

    static final int MAX_QUERY = 200;

    static final int MAX_LIMIT = 100;

    private final SearchQueries queries;

    SearchController(SearchQueries queries) {
        this.queries = queries;
    }

    @GetMapping("/api/v1/search")
    List<Hit> search(@RequestParam String q, @RequestParam(required = false) String project,
            @RequestParam(defaultValue = "20") int limit) {
        if (q.length() > MAX_QUERY) {
            throw new InvalidInputException("q", "q must be at most " + MAX_QUERY + " characters");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidInputException("limit", "limit must be between 1 and " + MAX_LIMIT);
        }
        Long projectId = null;
        if (project != null && !project.isBlank()) {
            projectId = queries.projectId(project)
                .orElseThrow(() -> new NotFoundException("no project " + project));
        }
        Terms terms = Terms.of(q);
        if (terms.isEmpty()) {
            return List.of();
        }
        return queries.search(terms, projectId, limit);
    }
}
