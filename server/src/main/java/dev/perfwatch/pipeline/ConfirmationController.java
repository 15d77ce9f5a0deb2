package dev.perfwatch.pipeline;

import java.util.List;
import java.util.Set;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/** Why a change was or was not alerted: the confirmations, their rounds of jobs and the verdict on each series. */
@RestController
@RequestMapping("/api/v1/confirmations")
class ConfirmationController {

    private static final Set<String> STATUSES = Set.of("running", "decided", "dismissed", "failed");

    private final ConfirmationQueries queries;

    ConfirmationController(ConfirmationQueries queries) {
        this.queries = queries;
    }

    @GetMapping
    List<ConfirmationViews.Confirmation> list(@RequestParam(required = false) String project,
            @RequestParam(required = false) String status, @RequestParam(defaultValue = "100") int limit) {
        if (limit < 1 || limit > 1000) {
            throw new InvalidInputException("limit", "limit must be between 1 and 1000");
        }
        if (status != null && !status.isBlank() && !STATUSES.contains(status)) {
            throw new InvalidInputException("status", "status must be one of running, decided, dismissed, failed");
        }
        return queries.list(blankToNull(project), blankToNull(status), limit);
    }

    @GetMapping("/{id}")
    ConfirmationViews.Confirmation one(@PathVariable long id) {
        return queries.find(id).orElseThrow(() -> new NotFoundException("no confirmation " + id));
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
