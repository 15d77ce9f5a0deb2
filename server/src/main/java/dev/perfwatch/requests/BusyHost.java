package dev.perfwatch.requests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.perfwatch.jobs.Job;

/**
 * A host class some of whose request jobs ran while their runner reported the host busy. Detection leaves such
 * runs out of a nightly series; a request has no other runs, so its answer says plainly that the throughput there
 * was measured on a busy host, while the allocation per operation, which load does not move, is judged as usual.
 *
 * @param jobs the host class's jobs that produced a run
 * @param busy how many of them ran on a busy host
 * @param reason the first busy run's reason, as the server judged its host check
 */
record BusyHost(String hostClass, int jobs, int busy, String reason) {

    /** The host classes of these jobs with at least one run on a busy host, in the order of the jobs. */
    static List<BusyHost> of(List<Job> jobs, Map<UUID, String> busyRuns) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        for (Job job : jobs) {
            if (job.runId() == null) {
                continue;
            }
            int[] count = counts.computeIfAbsent(job.hostClass(), key -> new int[2]);
            count[0]++;
            if (busyRuns.containsKey(job.runId())) {
                count[1]++;
                reasons.putIfAbsent(job.hostClass(), busyRuns.get(job.runId()));
            }
        }
        List<BusyHost> busy = new ArrayList<>();
        counts.forEach((hostClass, count) -> {
            if (count[1] > 0) {
                busy.add(new BusyHost(hostClass, count[0], count[1], reasons.get(hostClass)));
            }
        });
        return busy;
    }

    /** "4 of 6 jobs on 4-core ran while the host was busy (other processes took 3.0 of 4 cores before the job)". */
    String text() {
        return busy + " of " + RequestText.plural(jobs, "job") + " on " + hostClass + " ran while the runner reported "
                + "its host busy" + (reason == null || reason.isBlank() ? "" : " (" + reason + ")");
    }
}
