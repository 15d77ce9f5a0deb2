package dev.perfwatch.requests;

import java.util.List;

/**
 * How far a request's jobs are, per host class, for the comment while it runs.
 *
 * @param cases the cases the request is expected to run (known cases of the project its regex selects), null when
 *     the project has none yet
 */
record Progress(Integer cases, List<HostClass> hostClasses) {

    /**
     * @param running jobs leased now; percent: JMH's progress of the furthest one, when a runner reported it
     * @param ahead queued jobs of other requests and nightly runs that a runner of the class takes before this
     *     request's next job; null when none of the request's jobs waits
     * @param etaMinutes when the last job should be done, from the durations of the project's recent jobs shared
     *     among the online runners; null when nothing is known to estimate from or no runner is online
     * @param runners runners of the host class that are online (busy or idle)
     */
    record HostClass(String hostClass, int total, int done, int failed, int running, Double percent, int queued,
            Integer ahead, Long etaMinutes, int runners) {

        boolean finished() {
            return done + failed == total;
        }
    }

    int total() {
        return hostClasses.stream().mapToInt(HostClass::total).sum();
    }

    int done() {
        return hostClasses.stream().mapToInt(HostClass::done).sum();
    }

    boolean started() {
        return hostClasses.stream().anyMatch(h -> h.done() > 0 || h.running() > 0 || h.failed() > 0);
    }
}
