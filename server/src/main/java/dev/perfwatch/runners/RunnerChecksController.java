package dev.perfwatch.runners;

import java.util.List;
import java.util.OptionalDouble;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import org.springframework.jdbc.core.simple.JdbcClient;
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

/**
 * Runner health: a runner's idle reference checks (the only work a quarantined runner does, and how it recovers),
 * its history of checks and judged runs, and the host classes whose jobs wait for a runner that can take them.
 */
@RestController
@RequestMapping("/api/v1")
class RunnerChecksController {

    private final Runners runners;

    private final HostCheckStore store;

    private final RunnerHealth health;

    private final RunnersProperties properties;

    private final JdbcClient jdbc;

    RunnerChecksController(Runners runners, HostCheckStore store, RunnerHealth health, RunnersProperties properties,
            JdbcClient jdbc) {
        this.runners = runners;
        this.store = store;
        this.health = health;
        this.properties = properties;
        this.jdbc = jdbc;
    }

    /** The answer to an idle check: whether it was in line, and the quarantine, if any, that still holds. */
    record CheckAnswer(boolean inLine, Long baselineNanos, boolean quarantined, String reason, int recoveryChecks) {
    }

    @PostMapping("/runners/{id}/checks")
    CheckAnswer check(@PathVariable UUID id, @Valid @RequestBody ReferenceCheck check, HttpServletRequest request) {
        Caller.require(request, Role.RUNNER);
        Runners.Registered runner = runners.touch(id)
            .orElseThrow(() -> new NotFoundException("no runner " + id + ": register first"));
        if (!check.measured()) {
            throw new InvalidInputException("medianNanos", "a check needs medianNanos and spread");
        }
        String workload = check.workloadOr("reference-1");
        RunnersProperties.Noise noise = properties.noise();
        OptionalDouble baseline = store.baseline(runner.id(), workload, noise);
        boolean inLine = new NoiseRules(noise).inLine(check, baseline);
        store.insertCheck(runner.id(), null, "idle", workload, check, inLine);
        var reason = health.recover(runner.id());
        return new CheckAnswer(inLine, baseline.isPresent() ? Math.round(baseline.getAsDouble()) : null,
                reason.isPresent(), reason.orElse(null), health.recoveryChecks());
    }

    /** A runner's health history: its reference checks and its judged runs, newest first. */
    record History(UUID runner, String name, RunnerHealth.Health health, List<HostCheckStore.CheckRow> checks,
            List<HostCheckStore.RunRow> runs) {
    }

    @GetMapping("/runners/{id}/checks")
    History history(@PathVariable UUID id, @RequestParam(defaultValue = "100") int limit) {
        if (limit < 1 || limit > 1000) {
            throw new InvalidInputException("limit", "limit must be 1 to 1000");
        }
        RunnerView runner = runners.find(id).orElseThrow(() -> new NotFoundException("no runner " + id));
        return new History(id, runner.name(), runner.health(), store.checks(id, limit), store.runs(id, limit));
    }

    /**
     * A host class as the queue sees it. available: runners neither offline nor quarantined; stranded: jobs wait
     * and no available runner could take them.
     */
    record HostClass(String hostClass, int queued, int runners, int available, boolean stranded) {
    }

    @GetMapping("/host-classes")
    List<HostClass> hostClasses() {
        List<RunnerView> all = runners.list();
        return jdbc.sql("""
                select host_class, count(*) filter (where status = 'queued') as queued
                from job
                where status = 'queued'
                group by host_class
                union
                select distinct host_class, 0 from runner
                where host_class not in (select host_class from job where status = 'queued')
                order by host_class
                """)
            .query((rs, row) -> {
                String hostClass = rs.getString("host_class");
                int queued = rs.getInt("queued");
                List<RunnerView> of = all.stream().filter(r -> r.hostClass().equals(hostClass)).toList();
                int available = (int) of.stream()
                    .filter(r -> !r.state().equals("offline") && !r.state().equals("stopped")
                            && !r.state().equals("quarantined"))
                    .count();
                return new HostClass(hostClass, queued, of.size(), available, queued > 0 && available == 0);
            })
            .list();
    }
}
