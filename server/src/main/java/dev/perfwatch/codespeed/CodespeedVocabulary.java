package dev.perfwatch.codespeed;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** Codespeed's environments, executables and benchmarks as stored beside ours; also the bodies of their API. */
final class CodespeedVocabulary {

    private CodespeedVocabulary() {
    }

    /** A Codespeed environment and the host class its results are stored under. */
    record Environment(long id, String name, String hostClass) {
    }

    /** A Codespeed executable of a project and the JVM part of our environment it stands for. */
    record Executable(long id, String project, @JsonIgnore long projectId, String name, String description,
            String jdkVersion, String vmName, String vmVersion) {
    }

    /** A Codespeed benchmark (global by name, as in Codespeed) with the fields its first result set. */
    record Benchmark(long id, String name, String description, String unitsTitle, String units, boolean lessisbetter,
            String dataType) {

        String direction() {
            return lessisbetter ? "lower" : "higher";
        }
    }

    /**
     * A Codespeed revision: the commit id as its client sent it, the commit it is stored as, and its tag. The id is
     * what Codespeed's {@code base=<executable>+<revision>} names.
     */
    record Revision(long id, String project, String branch, String commitid, String sha, String tag) {
    }
}
