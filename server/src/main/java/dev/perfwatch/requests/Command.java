package dev.perfwatch.requests;

import java.util.List;

import dev.perfwatch.jobs.Profile;

/** What a pull-request comment asks of the bot (docs/requests.md, "Commands"). */
sealed interface Command {

    /**
     * {@code benchmark-request}; a null field means the project's default.
     *
     * @param benchmarks a regex JMH includes benchmarks by
     * @param forks forks a side in the first round
     * @param maxForks the budget of forks a side (rounds are added until every case is decided or it is spent)
     */
    record Benchmark(String benchmarks, List<String> hostClasses, List<String> jvms, Profile profile, Integer forks,
            Integer maxForks) implements Command {

        Benchmark(String benchmarks, List<String> hostClasses, List<String> jvms, Profile profile, Integer forks) {
            this(benchmarks, hostClasses, jvms, profile, forks, null);
        }
    }

    record Cancel() implements Command {
    }

    record Help() implements Command {
    }

    /** Addressed to the bot but not understood: answered with the reason and the usage. */
    record Malformed(String reason) implements Command {
    }
}
