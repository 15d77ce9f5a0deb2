package dev.perfwatch.requests;

import java.util.List;

import dev.perfwatch.jobs.Profile;

/** What a pull-request comment asks of the bot (docs/requests.md, "Commands"). */
sealed interface Command {

    /**
     * {@code benchmark-request}; a null field means the project's default.
     *
     * @param benchmarks a regex JMH includes benchmarks by
     */
    record Benchmark(String benchmarks, List<String> hostClasses, List<String> jvms, Profile profile, Integer forks)
            implements Command {
    }

    record Cancel() implements Command {
    }

    record Help() implements Command {
    }

    /** Addressed to the bot but not understood: answered with the reason and the usage. */
    record Malformed(String reason) implements Command {
    }
}
