package dev.perfwatch.jobs;

/**
 * How far an attempt is, as the runner reports it on each heartbeat for the UI.
 *
 * @param phase fetch, build, wait (for a quiet host), run or upload
 * @param benchmark the JMH benchmark running now, with its parameters
 * @param iteration the iteration JMH is in, as JMH prints it ("warmup 1/5", "measurement 3/5")
 * @param percent how much of the JMH run is complete, from JMH's own progress line
 * @param etaSeconds JMH's estimate of the time left
 * @param phaseSeconds how long the attempt has been in this phase (runners before 2026-11-24 do not send it)
 */
public record Progress(String phase, String benchmark, String iteration, Double percent, Long etaSeconds,
        Long phaseSeconds) {
}
