package dev.perfwatch.series;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;

/** The read API's response records. */
final class SeriesViews {

    private SeriesViews() {
    }

    record Project(long id, String name, String repository, String defaultBranch, List<String> branches) {
    }

    record Benchmark(long id, String name, int cases) {
    }

    /**
     * How far detection has come with a project's series: what a new project's first nights have instead of change
     * points. {@code series}: those detection works on; {@code judged}: detection measured their noise and looked
     * for changes; {@code waiting}: no detection has run on them yet; {@code notes}: why the others are not judged
     * ("not judged yet: 2 runs, 3 needed", "not judged: 5 of 7 runs on a loaded host"), the most common first, at
     * most {@value SeriesQueries#JUDGING_NOTES}; {@code undetected}: series detection does not work on (metrics that
     * follow the throughput, such as gc.alloc.rate, and branches that are not tracked), not in {@code series}.
     */
    record Judging(String project, long series, long judged, long waiting, long undetected,
            List<JudgingNote> notes) {
    }

    record JudgingNote(String note, long series) {
    }

    record Case(long id, String mode, int threads, @JsonRawValue String params) {
    }

    record Metric(String name, String unit, String direction) {
    }

    record Environment(long id, String hostClass, String jdkVersion, String vmName, String vmVersion,
            List<String> jvmArgs) {
    }

    /**
     * @param noise the series' run-to-run noise as the detector last measured it (0.02 = 2%), null before
     * @param minimalDetectableChange the smallest relative step the detector finds within three runs, null before
     * @param noiseInUnit whether noise and minimal detectable change are in the metric's unit (B/op, GCs) rather than
     *     relative: so for metrics whose level is near zero, where a relative noise would be a ratio of residues
     * @param noiseNote why noise and minimal detectable change are null after detection ran ("not judged: 5 of 7 runs
     *     on a loaded host"), null when they are measured or detection has not run yet
     */
    record Series(long id, String project, String branch, String benchmark, @JsonProperty("case") Case benchmarkCase,
            Metric metric,
            Environment environment, Double noise, Double minimalDetectableChange, boolean noiseInUnit,
            String noiseNote) {
    }

    record Commit(String sha, Instant time, String author, String message) {
    }

    /**
     * One result of the series: non-finite numbers are written as null. noisy: the run's host moved beyond the
     * host-check thresholds (noiseReason says how); detection leaves such points out.
     *
     * @param recordedAt when the server stored the run: where a timeline draws the point when its commit has no
     *     time (an upload that gave only a sha, as the README's curl does)
     */
    record Point(Commit commit, Double score, Double error, Double ciLower, Double ciUpper, UUID run,
            Instant recordedAt, boolean noisy, String noiseReason) {
    }
}
