package dev.perfwatch.alerts;

import java.time.Instant;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.security.Caller;
import dev.perfwatch.security.Role;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/** The alert API: list and filter alerts and groups, read an alert's history, triage (a write token is needed). */
@RestController
@RequestMapping("/api/v1")
class AlertController {

    static final int MAX_LIMIT = 1000;

    private final AlertQueries queries;

    private final Triage triage;

    private final Alerts alerts;

    AlertController(AlertQueries queries, Triage triage, Alerts alerts) {
        this.queries = queries;
        this.triage = triage;
        this.alerts = alerts;
    }

    /** status may repeat or list several, comma-separated: {@code status=new,investigating}. */
    @GetMapping("/alerts")
    List<AlertViews.Alert> list(@RequestParam(required = false) String project,
            @RequestParam(required = false) List<String> status, @RequestParam(required = false) String kind,
            @RequestParam(required = false) String hostClass, @RequestParam(required = false) Long series,
            @RequestParam(required = false) Instant since, @RequestParam(defaultValue = "100") int limit) {
        List<Status> statuses = status == null ? List.of() : status.stream()
            .map(word -> Status.parse(word.strip())
                .orElseThrow(() -> new InvalidInputException("status",
                        "status must be one of " + Status.WORDS + ", was '" + word + "'")))
            .toList();
        Kind parsedKind = null;
        if (kind != null) {
            parsedKind = switch (kind) {
                case "regression" -> Kind.REGRESSION;
                case "improvement" -> Kind.IMPROVEMENT;
                default -> throw new InvalidInputException("kind", "kind must be regression or improvement");
            };
        }
        return queries.alerts(projectId(project), statuses, parsedKind, hostClass, series, since, limit(limit));
    }

    @GetMapping("/alerts/{id}")
    AlertViews.AlertDetail one(@PathVariable long id) {
        return triage.detail(id);
    }

    @PostMapping("/alerts/{id}/triage")
    AlertViews.AlertDetail triage(@PathVariable long id, @Valid @RequestBody TriageRequest body,
            HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.WRITE);
        return triage.alert(id, body, caller.name());
    }

    @GetMapping("/alerts/false-alarms")
    List<FalseAlarms> falseAlarms(@RequestParam String project) {
        return alerts.falseAlarms(project);
    }

    @GetMapping("/alert-groups")
    List<AlertViews.Group> groups(@RequestParam(required = false) String project,
            @RequestParam(defaultValue = "50") int limit) {
        return queries.groups(projectId(project), null, limit(limit));
    }

    @GetMapping("/alert-groups/{id}")
    AlertViews.Group group(@PathVariable long id) {
        return queries.groups(null, id, 1).stream().findFirst()
            .orElseThrow(() -> new NotFoundException("no alert group " + id));
    }

    @PostMapping("/alert-groups/{id}/triage")
    AlertViews.Group triageGroup(@PathVariable long id, @Valid @RequestBody TriageRequest body,
            HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.WRITE);
        return triage.group(id, body, caller.name());
    }

    private Long projectId(String project) {
        if (project == null) {
            return null;
        }
        return queries.projectId(project).orElseThrow(() -> new NotFoundException("no project " + project));
    }

    private static int limit(int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidInputException("limit", "limit must be between 1 and " + MAX_LIMIT);
        }
        return limit;
    }
}
