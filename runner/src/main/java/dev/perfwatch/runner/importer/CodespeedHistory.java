package dev.perfwatch.runner.importer;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Codespeed server's history as read through its timelines, regrouped from Codespeed's per-benchmark view into
 * revisions (one executable at one commit in one environment), which is what becomes a perfwatch run.
 */
final class CodespeedHistory {

    /** A revision of an executable in an environment: the results that become one run. */
    record RevisionKey(long environment, long executable, String branch, String commitid) {
    }

    /** A revision's points by benchmark name; the points are kept as parsed, to keep a large history small. */
    record Revision(String date, String tag, Map<String, CodespeedTimeline.Point> results) {
    }

    /** What Codespeed's timeline tells of a benchmark besides its points. */
    record Benchmark(String name, long id, String description, String units, boolean lessisbetter, String dataType) {
    }

    final Map<RevisionKey, Revision> revisions = new TreeMap<>(Comparator.comparing(RevisionKey::environment)
        .thenComparing(RevisionKey::executable)
        .thenComparing(RevisionKey::branch)
        .thenComparing(RevisionKey::commitid));

    final Map<String, Benchmark> benchmarks = new LinkedHashMap<>();

    /** The branch each executable's timeline shows: its project's default branch in Codespeed. */
    final Map<Long, String> defaultBranches = new LinkedHashMap<>();

    /** Adds one timeline answer of an environment; returns how many points it held. */
    int add(long environment, CodespeedTimeline timeline) {
        benchmarks.putIfAbsent(timeline.benchmark(), new Benchmark(timeline.benchmark(), timeline.benchmarkId(),
                timeline.description(), timeline.units(), timeline.lessisbetter(), timeline.dataType()));
        int points = 0;
        for (CodespeedTimeline.Series series : timeline.series()) {
            long executable = Long.parseLong(series.executable());
            defaultBranches.putIfAbsent(executable, series.branch());
            for (CodespeedTimeline.Point point : series.points()) {
                revisions.computeIfAbsent(new RevisionKey(environment, executable, series.branch(), point.commitid()),
                        key -> new Revision(point.date(), point.tag(), new TreeMap<>()))
                    .results()
                    .put(timeline.benchmark(), point);
                points++;
            }
        }
        return points;
    }
}
