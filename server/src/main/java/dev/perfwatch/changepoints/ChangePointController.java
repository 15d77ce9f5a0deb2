package dev.perfwatch.changepoints;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * Every change point the tracker holds on a project, newest commit first, whatever became of it: suspected,
 * confirmed, alerted, dismissed, historical (an import's), unconfirmed, transient, resolved or withdrawn (re-detection over the whole
 * history no longer finds it). Nothing the detector
 * found is filed where no page or API shows it. {@code perCommit} keeps at most that many of each commit, so that
 * a commit that moved 2,500 series leaves room in the list for the commits before it.
 */
@RestController
@RequestMapping("/api/v1/change-points")
class ChangePointController {

    static final Set<String> STATUSES = Set.of("suspected", "confirming", "confirmed", "alerted", "dismissed",
            "historical", "unconfirmed", "transient", "resolved",
            "withdrawn");

    private final ChangePointQueries queries;

    ChangePointController(ChangePointQueries queries) {
        this.queries = queries;
    }

    @GetMapping
    List<ChangePointViews.ChangePoint> list(@RequestParam(required = false) String project,
            @RequestParam(required = false) Long series, @RequestParam(required = false) String status,
            @RequestParam(required = false) String since, @RequestParam(defaultValue = "100") int limit,
            @RequestParam(required = false) Integer perCommit) {
        if (project == null || project.isBlank()) {
            throw new InvalidInputException("project", "project is required");
        }
        if (limit < 1 || limit > 1000) {
            throw new InvalidInputException("limit", "limit must be between 1 and 1000");
        }
        if (perCommit != null && (perCommit < 1 || perCommit > 1000)) {
            throw new InvalidInputException("perCommit", "perCommit must be between 1 and 1000");
        }
        String wanted = status == null || status.isBlank() ? null : status;
        if (wanted != null && !STATUSES.contains(wanted)) {
            throw new InvalidInputException("status", "status must be one of " + String.join(", ",
                    STATUSES.stream().sorted().toList()));
        }
        Instant from = instant(since);
        long id = queries.projectId(project).orElseThrow(() -> new NotFoundException("no project " + project));
        return queries.list(id, series, wanted, from, limit, perCommit == null ? limit : Math.min(perCommit, limit));
    }

    private static Instant instant(String since) {
        if (since == null || since.isBlank()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(since).toInstant();
        }
        catch (DateTimeParseException ex) {
            try {
                return Instant.parse(since);
            }
            catch (DateTimeParseException again) {
                throw new InvalidInputException("since", "since must be an ISO-8601 time, e.g. 2026-01-31T00:00:00Z");
            }
        }
    }
}
