package dev.perfwatch.runners;

import java.util.List;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.jobs.HeartbeatAnswer;
import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.jobs.Lease;
import dev.perfwatch.jobs.Outcome;
import dev.perfwatch.jobs.Progress;
import dev.perfwatch.security.Caller;
import dev.perfwatch.security.Role;
import dev.perfwatch.system.ForbiddenException;
import dev.perfwatch.system.HostClassNames;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * The runner protocol: register, lease a job (204 when there is none), heartbeat with progress, finish. Results
 * travel separately, through the ingest API, with the attempt id as the run id.
 */
@RestController
@RequestMapping("/api/v1")
class RunnerController {

    static final String QUARANTINE_HEADER = "Perfwatch-Quarantine";

    private final Runners runners;

    private final Jobs jobs;

    private final HostClassNames hostClassNames;

    RunnerController(Runners runners, Jobs jobs, HostClassNames hostClassNames) {
        this.hostClassNames = hostClassNames;
        this.runners = runners;
        this.jobs = jobs;
    }

    @PostMapping("/runners")
    RunnerView register(@Valid @RequestBody Registration registration, HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.RUNNER);
        if (registration != null && registration.name() != null) {
            requireOwner(caller, runners.tokenOfRunnerNamed(registration.name()), "runner " + registration.name());
        }
        hostClassNames.requireNew("hostClass", registration.hostClass());
        return runners.register(registration, caller.name());
    }

    @GetMapping("/runners")
    List<RunnerView> list() {
        return runners.list();
    }

    @GetMapping("/runners/{id}")
    RunnerView one(@PathVariable UUID id) {
        return runners.find(id).orElseThrow(() -> new NotFoundException("no runner " + id));
    }

    @PostMapping("/runners/{id}/lease")
    ResponseEntity<Lease> lease(@PathVariable UUID id, HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.RUNNER);
        requireOwner(caller, runners.tokenOfRunner(id), "runner " + id);
        Runners.Registered runner = runners.touch(id)
            .orElseThrow(() -> new NotFoundException("no runner " + id + ": register first"));
        if (runner.quarantineReason() != null) {
            // No job until its checks recover; the header says why to anyone calling by hand, the runner learns
            // it from its idle check's answer (POST /runners/{id}/checks).
            return ResponseEntity.noContent().header(QUARANTINE_HEADER, runner.quarantineReason()
                .replaceAll("[^\\x20-\\x7e]", "?")).build();
        }
        return jobs.lease(runner.id(), runner.hostClass(), runner.jdks())
            .map(ResponseEntity::ok)
            .orElseGet(() -> ResponseEntity.noContent().build());
    }

    /**
     * The runner exits on purpose (its queue was empty with --exit-when-idle, or it was told to stop): shown as
     * stopped rather than offline, saying why. Leasing or registering again clears it.
     */
    @PostMapping("/runners/{id}/stop")
    ResponseEntity<Void> stop(@PathVariable UUID id, @RequestBody(required = false) Stop body,
            HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.RUNNER);
        requireOwner(caller, runners.tokenOfRunner(id), "runner " + id);
        String reason = body == null || body.reason() == null || body.reason().isBlank() ? "stopped"
                : body.reason().strip();
        if (reason.length() > 200) {
            throw new InvalidInputException("reason", "reason must be at most 200 characters, was " + reason.length());
        }
        if (!runners.stopped(id, reason)) {
            throw new NotFoundException("no runner " + id);
        }
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/attempts/{id}/heartbeat")
    HeartbeatAnswer heartbeat(@PathVariable UUID id, @RequestBody(required = false) Heartbeat body,
            HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.RUNNER);
        requireOwner(caller, runners.tokenOfAttempt(id), "attempt " + id);
        runners.touchByAttempt(id);
        return jobs.heartbeat(id, body == null ? null : body.progress(), body == null ? null : body.logTail());
    }

    @PostMapping("/attempts/{id}/finish")
    Job finish(@PathVariable UUID id, @RequestBody Finish body, HttpServletRequest request) {
        Caller caller = Caller.require(request, Role.RUNNER);
        requireOwner(caller, runners.tokenOfAttempt(id), "attempt " + id);
        if (body == null || body.outcome() == null) {
            throw new InvalidInputException("outcome", "outcome is required: succeeded, failed or released");
        }
        runners.touchByAttempt(id);
        return jobs.finish(id, body.outcome(), body.failure(), body.logTail());
    }

    /** Admins act for any runner; a runner token only for the runners registered with it. */
    private static void requireOwner(Caller caller, java.util.Optional<String> owner, String what) {
        if (caller.role() == Role.ADMIN || owner.isEmpty()) {
            return;
        }
        if (!owner.get().equals(caller.name())) {
            throw new ForbiddenException(what + " belongs to another runner token");
        }
    }

    /** Why a runner stops, in a few words ("no job waiting (--exit-when-idle)"). */
    record Stop(String reason) {
    }

    /** A heartbeat: the progress and the last lines of output, both optional. */
    record Heartbeat(Progress progress, String logTail) {
    }

    /** The end of an attempt; failure says why it failed or was handed back. */
    record Finish(Outcome outcome, String failure, String logTail) {
    }
}
