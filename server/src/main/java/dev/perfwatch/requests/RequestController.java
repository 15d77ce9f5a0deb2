package dev.perfwatch.requests;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.comparison.Comparisons;
import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.JobStatus;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.security.Caller;
import dev.perfwatch.security.Role;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/** The request API: any two commits, the same way a pull-request comment asks (docs/api.md, "Requests"). */
@RestController
@RequestMapping("/api/v1/requests")
class RequestController {

    private final Requests requests;

    private final RequestStore store;

    private final Jobs jobs;

    private final Comparisons comparisons;

    private final RequestsProperties properties;

    RequestController(Requests requests, RequestStore store, Jobs jobs, Comparisons comparisons,
            RequestsProperties properties) {
        this.requests = requests;
        this.store = store;
        this.jobs = jobs;
        this.comparisons = comparisons;
        this.properties = properties;
    }

    @PostMapping
    ResponseEntity<RequestView> create(@RequestBody RequestSpec spec, HttpServletRequest http) {
        Caller caller = Caller.require(http, Role.WRITE);
        UUID id = requests.create(spec, caller.name());
        return ResponseEntity.created(URI.create("/api/v1/requests/" + id)).body(one(id));
    }

    @GetMapping
    List<RequestView> list(@RequestParam(required = false) String project,
            @RequestParam(required = false) String status, @RequestParam(defaultValue = "100") int limit) {
        if (limit < 1 || limit > 1000) {
            throw new InvalidInputException("limit", "limit must be between 1 and 1000");
        }
        return store.list(project, status == null ? null : Status.parse(status), limit)
            .stream()
            .map(request -> view(request, null, false))
            .toList();
    }

    @GetMapping("/{id}")
    RequestView one(@PathVariable UUID id) {
        StoredRequest request = store.find(id).orElseThrow(() -> new NotFoundException("no request " + id));
        List<RequestView.JobView> jobViews = store.jobs(id).stream().map(j -> {
            Job job = jobs.find(j.job()).orElseThrow();
            return new RequestView.JobView(job.id(), j.side(), job.hostClass(), job.jvm(), job.commit(), job.status(),
                    job.runner(), job.progress(), job.runId(), job.failure());
        }).toList();
        return view(request, jobViews, true);
    }

    @PostMapping("/{id}/cancel")
    RequestView cancel(@PathVariable UUID id, HttpServletRequest http) {
        Caller caller = Caller.require(http, Role.WRITE);
        requests.cancel(id, caller.name());
        return one(id);
    }

    private RequestView view(StoredRequest request, List<RequestView.JobView> jobViews, boolean withComparison) {
        // The project's allocation policy, else perfwatch.comparison's (fail): the one RequestTracker decided with.
        Comparisons.Options options = comparisons.defaults()
            .withPolicy(properties.allocationPolicy(request.project()))
            .withConfidence(properties.rule(request).confidenceAt(request.rounds()));
        var comparison = withComparison && request.status() == Status.SUCCEEDED
                ? comparisons.compare(request.project(), request.base(), request.head(), null,
                        Comparisons.benchmarks(request.benchmarks(), "benchmarks"),
                        jobViews.stream().filter(j -> j.runId() != null).map(RequestView.JobView::runId).toList(),
                        options)
                : null;
        return new RequestView(request.id(), request.project(), request.base(), request.head(),
                request.hostClasses(), request.jvms(), request.benchmarks(), request.profile(), request.forks(),
                request.status(), request.outcome(), request.failure(),
                request.fromPullRequest() ? new RequestView.PullRequest(request.repository(), request.pullRequest())
                        : null,
                request.requestedBy(), request.headMovedTo(), request.createdAt(), request.updatedAt(),
                request.finishedAt(), request.base() == null ? null : RequestText.comparisonLink(properties, request),
                jobViews, comparison, request.maxForks(), request.rounds(), request.endedBy(),
                comparison == null ? null : Outcome.of(comparison, properties.failThreshold(),
                        (int) jobViews.stream().filter(j -> j.status() == JobStatus.FAILED).count(),
                        options.policy()).description());
    }
}
