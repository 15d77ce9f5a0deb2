package dev.perfwatch.requests;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

import org.springframework.stereotype.Component;

import dev.perfwatch.comparison.Comparisons;
import dev.perfwatch.jobs.Attempt;
import dev.perfwatch.jobs.Job;
import dev.perfwatch.jobs.JobStatus;
import dev.perfwatch.jobs.Jobs;
import dev.perfwatch.runners.RunnerView;
import dev.perfwatch.runners.Runners;

/** Where a request's jobs are, per host class: done, running, the place in the queue, and an ETA. */
@Component
class RequestProgress {

    private final Jobs jobs;

    private final RequestStore store;

    private final Runners runners;

    RequestProgress(Jobs jobs, RequestStore store, Runners runners) {
        this.jobs = jobs;
        this.store = store;
        this.runners = runners;
    }

    Progress of(StoredRequest request, List<Job> own) {
        List<RunnerView> online = runners.list().stream()
            .filter(r -> !"offline".equals(r.state()) && !"stopped".equals(r.state())).toList();
        List<Progress.HostClass> hosts = new ArrayList<>();
        for (String hostClass : request.hostClasses()) {
            List<Job> mine = own.stream().filter(j -> j.hostClass().equals(hostClass)).toList();
            int done = (int) mine.stream().filter(j -> j.status() == JobStatus.SUCCEEDED).count();
            int failed = (int) mine.stream()
                .filter(j -> j.status() == JobStatus.FAILED || j.status() == JobStatus.CANCELLED)
                .count();
            List<Job> running = mine.stream().filter(j -> j.status() == JobStatus.RUNNING).toList();
            Double percent = running.stream()
                .map(j -> j.progress() == null ? null : j.progress().percent())
                .filter(p -> p != null)
                .max(Double::compare)
                .orElse(null);
            int queued = (int) mine.stream().filter(j -> j.status() == JobStatus.QUEUED).count();
            Integer ahead = queued == 0 ? null : ahead(hostClass, mine);
            int serving = (int) online.stream().filter(r -> r.hostClass().equals(hostClass)).count();
            Long eta = serving == 0 ? null
                    : eta(request, hostClass, own, (ahead == null ? 0 : ahead) + queued, running.size(), percent,
                            serving);
            hosts.add(new Progress.HostClass(hostClass, mine.size(), done, failed, running.size(), percent, queued,
                    ahead, eta, serving));
        }
        return new Progress(cases(request), hosts);
    }

    /** Queued jobs a runner of the host class takes before this request's next one (the queue's own order). */
    private int ahead(String hostClass, List<Job> mine) {
        List<UUID> ids = mine.stream().map(Job::id).toList();
        List<Job> queue = new ArrayList<>(jobs.list(JobStatus.QUEUED, null, hostClass, 1000));
        queue.sort(Comparator.comparingInt(Job::priority).reversed()
            .thenComparing(Job::createdAt)
            .thenComparing(j -> j.id().toString()));
        int ahead = 0;
        for (Job job : queue) {
            if (ids.contains(job.id())) {
                return ahead;
            }
            ahead++;
        }
        return ahead;
    }

    /** Minutes until the host class is through: what is left × the median duration of recent jobs ÷ the runners. */
    private Long eta(StoredRequest request, String hostClass, List<Job> own, int waiting, int running,
            Double percent, int serving) {
        List<Long> seconds = new ArrayList<>();
        own.stream().filter(j -> j.hostClass().equals(hostClass)).forEach(j -> duration(j).ifPresent(seconds::add));
        if (seconds.isEmpty()) {
            for (Job recent : jobs.list(JobStatus.SUCCEEDED, request.project(), hostClass, 5)) {
                jobs.find(recent.id()).flatMap(RequestProgress::duration).ifPresent(seconds::add);
            }
        }
        if (seconds.isEmpty()) {
            return null;
        }
        seconds.sort(Long::compare);
        long median = seconds.get(seconds.size() / 2);
        double left = waiting + running * (percent == null ? 0.5 : Math.max(0, 1 - percent / 100));
        return (long) Math.ceil(left * median / 60.0 / serving);
    }

    private static Optional<Long> duration(Job job) {
        if (job.status() != JobStatus.SUCCEEDED || job.attempts() == null || job.attempts().isEmpty()) {
            return Optional.empty();
        }
        Attempt last = job.attempts().get(job.attempts().size() - 1);
        if (last.startedAt() == null || last.finishedAt() == null) {
            return Optional.empty();
        }
        return Optional.of(Math.max(1, Duration.between(last.startedAt(), last.finishedAt()).toSeconds()));
    }

    private Integer cases(StoredRequest request) {
        Pattern regex = Comparisons.benchmarks(request.benchmarks(), "benchmarks");
        int cases = store.benchmarks(request.project()).stream()
            .filter(b -> regex == null || regex.matcher(b.benchmark()).find())
            .mapToInt(RequestStore.BenchmarkCases::cases)
            .sum();
        return cases == 0 ? null : cases;
    }
}
