package dev.perfwatch.runner;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Follows JMH's console output to know which benchmark runs, which iteration, and JMH's own estimate of the time
 * left ({@code # Run progress: 12.50% complete, ETA 00:01:23}), for the heartbeat and thus the UI.
 */
final class JmhProgress {

    private static final Pattern PROGRESS = Pattern.compile(
            "# Run progress: ([0-9.]+)% complete, ETA (?:(\\d+) days?, )?(\\d+):(\\d+):(\\d+)");

    private static final Pattern COUNT = Pattern.compile("# (Warmup|Measurement): (\\d+) iterations");

    private static final Pattern WARMUP = Pattern.compile("# Warmup Iteration\\s+(\\d+):");

    private static final Pattern MEASUREMENT = Pattern.compile("^Iteration\\s+(\\d+):");

    private static final Pattern FORK = Pattern.compile("# Fork: (\\d+) of (\\d+)");

    private final Clock clock;

    private String phase = "build";

    /** When the phase began: a page showing "wait" should also say for how long (the wait is bounded, 20-60 s). */
    private Instant phaseStarted;

    private String benchmark;

    private String parameters;

    private String iteration;

    private String fork;

    private Double percent;

    private Long etaSeconds;

    private int warmups;

    private int measurements;

    JmhProgress() {
        this(Clock.systemUTC());
    }

    JmhProgress(Clock clock) {
        this.clock = clock;
        this.phaseStarted = clock.instant();
    }

    synchronized void phase(String phase) {
        this.phase = phase;
        this.phaseStarted = clock.instant();
    }

    synchronized String phase() {
        return phase;
    }

    synchronized void accept(String line) {
        Matcher m;
        if (line.startsWith("# Benchmark: ")) {
            benchmark = line.substring("# Benchmark: ".length()).strip();
            parameters = null;
            iteration = null;
        }
        else if (line.startsWith("# Parameters: ")) {
            parameters = line.substring("# Parameters: ".length()).strip();
        }
        else if ((m = PROGRESS.matcher(line)).find()) {
            percent = Double.parseDouble(m.group(1));
            long days = m.group(2) == null ? 0 : Long.parseLong(m.group(2));
            etaSeconds = days * 86_400 + Long.parseLong(m.group(3)) * 3600 + Long.parseLong(m.group(4)) * 60
                    + Long.parseLong(m.group(5));
        }
        else if ((m = COUNT.matcher(line)).find()) {
            if (m.group(1).equals("Warmup")) {
                warmups = Integer.parseInt(m.group(2));
            }
            else {
                measurements = Integer.parseInt(m.group(2));
            }
        }
        else if ((m = FORK.matcher(line)).find()) {
            fork = "fork " + m.group(1) + "/" + m.group(2);
        }
        else if ((m = WARMUP.matcher(line)).find()) {
            iteration = "warmup " + m.group(1) + (warmups > 0 ? "/" + warmups : "");
        }
        else if ((m = MEASUREMENT.matcher(line)).find()) {
            iteration = "measurement " + m.group(1) + (measurements > 0 ? "/" + measurements : "");
        }
    }

    /** The progress as the heartbeat sends it. */
    synchronized ObjectNode json() {
        ObjectNode node = ServerClient.JSON.createObjectNode();
        node.put("phase", phase);
        node.put("phaseSeconds", Duration.between(phaseStarted, clock.instant()).toSeconds());
        if (benchmark != null) {
            node.put("benchmark", parameters == null ? benchmark : benchmark + " " + parameters);
        }
        if (iteration != null) {
            node.put("iteration", fork == null ? iteration : fork + ", " + iteration);
        }
        if (percent != null) {
            node.put("percent", percent);
        }
        if (etaSeconds != null) {
            node.put("etaSeconds", etaSeconds);
        }
        return node;
    }

    /** One line for the console. */
    synchronized String summary() {
        StringBuilder out = new StringBuilder(phase);
        if (benchmark != null) {
            out.append(' ').append(benchmark);
            if (parameters != null) {
                out.append(' ').append(parameters);
            }
        }
        if (iteration != null) {
            out.append(", ").append(iteration);
        }
        if (percent != null) {
            out.append(String.format(", %.0f%% done", percent));
        }
        if (etaSeconds != null) {
            out.append(", ETA ").append(etaSeconds).append(" s");
        }
        return out.toString();
    }
}
