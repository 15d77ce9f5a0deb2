package dev.perfwatch.jobs;

import java.util.List;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.security.Caller;
import dev.perfwatch.security.Role;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/** The job API: create jobs, follow their progress, cancel, retry and reprioritize them. */
@RestController
@RequestMapping("/api/v1/jobs")
class JobController {

    private final Jobs jobs;

    JobController(Jobs jobs) {
        this.jobs = jobs;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Job create(@RequestBody JobSpec spec, HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.WRITE);
        return jobs.create(spec, caller.name());
    }

    @GetMapping
    List<Job> list(@RequestParam(required = false) String status, @RequestParam(required = false) String project,
            @RequestParam(required = false) String hostClass, @RequestParam(defaultValue = "100") int limit) {
        if (limit < 1 || limit > 1000) {
            throw new InvalidInputException("limit", "limit must be between 1 and 1000");
        }
        return jobs.list(status == null || status.isBlank() ? null : JobStatus.parse(status),
                blankToNull(project), blankToNull(hostClass), limit);
    }

    @GetMapping("/{id}")
    Job one(@PathVariable UUID id) {
        return jobs.find(id).orElseThrow(() -> new NotFoundException("no job " + id));
    }

    @PostMapping("/{id}/cancel")
    Job cancel(@PathVariable UUID id, HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.WRITE);
        return jobs.cancel(id, caller.name());
    }

    @PostMapping("/{id}/retry")
    Job retry(@PathVariable UUID id, HttpServletRequest request) {
        Caller.require(request, Role.WRITE);
        return jobs.retry(id);
    }

    @PutMapping("/{id}/priority")
    Job priority(@PathVariable UUID id, @RequestBody PriorityChange change, HttpServletRequest request) {
        Caller.require(request, Role.WRITE);
        if (change == null || change.priority() == null) {
            throw new InvalidInputException("priority", "priority is required");
        }
        return jobs.prioritize(id, change.priority());
    }

    record PriorityChange(Integer priority) {
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
