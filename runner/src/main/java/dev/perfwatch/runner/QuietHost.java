package dev.perfwatch.runner;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Waits, before a job's host check and forks, until the host's other processes are quiet, as pyperf and JMH's
 * own advice would have it: a run measured while something else takes the cores is noise, and is then left out of
 * detection (docs/runner.md, "Busy host"). The wait is bounded: a host that never quiets is measured anyway, and
 * its host checks mark the run. Quiet means that other processes (never the runner's own tree: its build, its JMH
 * forks) used at most {@link HostFacts#LOADED_CPUS} of a CPU together in each of {@link #QUIET_WINDOWS} sampling
 * windows in a row.
 */
final class QuietHost {

    /** One sampling window: long enough for /proc's 10 ms ticks to say something, short enough to start soon. */
    static final long WINDOW_MILLIS = 500;

    /** Quiet windows in a row before the forks start: one quiet half second can be a gap in a build. */
    static final int QUIET_WINDOWS = 3;

    /** The other processes' CPU over one window; the real one samples /proc for that long. */
    interface Sampler {
        List<HostFacts.Busy> sample(long millis) throws InterruptedException;
    }

    /**
     * How the wait ended.
     *
     * @param quiet whether the host became quiet before the limit
     * @param waited how long the runner waited
     * @param busy the other processes of the last busy window (empty when the first windows were quiet)
     */
    record Waited(boolean quiet, Duration waited, List<HostFacts.Busy> busy) {

        /** The other processes' CPU in the last busy window, in CPUs. */
        double busyCpus() {
            return cpus(busy);
        }
    }

    private final Sampler sampler;

    private final LongSupplier nanoTime;

    QuietHost(Sampler sampler, LongSupplier nanoTime) {
        this.sampler = sampler;
        this.nanoTime = nanoTime;
    }

    /** Samples the real /proc, leaving out the runner's own process tree. */
    static QuietHost ofProc() {
        return new QuietHost(HostFacts::busyProcesses, System::nanoTime);
    }

    /**
     * Samples until the host has been quiet for {@link #QUIET_WINDOWS} windows in a row, the limit has passed, or
     * {@code stopped} says the attempt is being stopped (then the caller checks why).
     *
     * @param firstBusy told once, of the first busy window, so that a wait is logged when it starts
     */
    Waited await(Duration limit, BooleanSupplier stopped, Consumer<List<HostFacts.Busy>> firstBusy)
            throws InterruptedException {
        long start = nanoTime.getAsLong();
        List<HostFacts.Busy> lastBusy = List.of();
        int quietInARow = 0;
        while (!stopped.getAsBoolean()) {
            List<HostFacts.Busy> busy = sampler.sample(WINDOW_MILLIS);
            if (cpus(busy) <= HostFacts.LOADED_CPUS) {
                quietInARow++;
                if (quietInARow >= QUIET_WINDOWS) {
                    return new Waited(true, since(start), lastBusy);
                }
            }
            else {
                if (lastBusy.isEmpty()) {
                    firstBusy.accept(busy);
                }
                quietInARow = 0;
                lastBusy = busy;
            }
            if (nanoTime.getAsLong() - start >= limit.toNanos()) {
                return new Waited(false, since(start), lastBusy);
            }
        }
        return new Waited(false, since(start), lastBusy);
    }

    /**
     * The wait before a job's host check and forks, logged to the console and the job's log when the host was busy;
     * what it found, for the run's metadata, or null when the runner does not wait (a limit of zero).
     */
    ObjectNode beforeJob(Duration limit, BooleanSupplier stopped, LogTail log) throws InterruptedException {
        if (limit.isZero() || limit.isNegative()) {
            return null;
        }
        Waited waited = await(limit, stopped, busy -> say(log, String.format(Locale.ROOT,
                "waiting up to %d s for the host to quiet (%s)", limit.toSeconds(), describe(busy))));
        double seconds = waited.waited().toMillis() / 1000.0;
        if (!waited.busy().isEmpty()) {
            say(log, waited.quiet() ? String.format(Locale.ROOT, "the host is quiet after %.1f s", seconds)
                    : String.format(Locale.ROOT, "the host stayed busy for %.1f s (%s): measuring anyway, the host"
                            + " checks mark the run", seconds, describe(waited.busy())));
        }
        ObjectNode node = ServerClient.JSON.createObjectNode();
        node.put("quiet", waited.quiet());
        node.put("seconds", seconds);
        node.put("limitSeconds", limit.toMillis() / 1000.0);
        if (!waited.busy().isEmpty()) {
            node.put("busyCpus", Math.round(waited.busyCpus() * 100) / 100.0);
        }
        return node;
    }

    private static void say(LogTail log, String line) {
        Log.info("%s", line);
        log.add("perfwatch-runner: " + line);
    }

    private Duration since(long start) {
        return Duration.ofNanos(nanoTime.getAsLong() - start);
    }

    static double cpus(List<HostFacts.Busy> busy) {
        return busy.stream().mapToDouble(HostFacts.Busy::cpus).sum();
    }

    /** "1.92 CPUs: 5991 java -classpath … (100%), 5828 postgres (92%)", the three busiest, for the log. */
    static String describe(List<HostFacts.Busy> busy) {
        return String.format(Locale.ROOT, "%.2f CPUs: %s%s", cpus(busy), busy.stream()
            .limit(3)
            .map(p -> String.format(Locale.ROOT, "%d %s (%.0f%%)", p.pid(), p.command(), p.cpus() * 100))
            .collect(Collectors.joining(", ")), busy.size() > 3 ? " and " + (busy.size() - 3) + " more" : "");
    }
}
