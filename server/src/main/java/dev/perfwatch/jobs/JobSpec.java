package dev.perfwatch.jobs;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * What to benchmark: the body of {@code POST /api/v1/jobs} and the argument of {@link Jobs#create}. Only project,
 * commit, suite.repository and hostClass are required; the rest have the defaults {@link #withDefaults} fills in.
 *
 * @param jvm the JVM the runner runs the suite on, by the name the runner maps to a JDK ("17", "25")
 * @param priority higher first; the default comes from the kind (requests before nightly runs)
 * @param maxAttempts how many leases may expire before the job fails
 * @param timeoutSeconds how long one attempt may build and run before the runner kills it
 */
public record JobSpec(
        @NotBlank @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String project,
        @Size(min = 1, max = 255) String branch,
        @NotNull @Pattern(regexp = "[0-9a-fA-F]{7,64}", message = "must be a hex commit sha") String commit,
        @NotNull @Valid Suite suite,
        @NotBlank @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String hostClass,
        @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}", message = "must name a JVM the runners know, like 17")
        String jvm,
        Profile profile,
        Kind kind,
        @Min(-10_000) @Max(10_000) Integer priority,
        @Min(1) @Max(20) Integer maxAttempts,
        @Min(10) @Max(172_800) Integer timeoutSeconds) {

    /**
     * How to build and run the benchmarks of the project at the commit.
     *
     * @param repository the git repository to fetch: a URL or an absolute local path
     * @param buildCommand a shell command run in moduleDir; empty means {@code ./mvnw -q -DskipTests package}, or
     *     {@code mvn} when the repository has no wrapper
     * @param moduleDir the suite's directory inside the repository, empty for the root
     * @param jar the JMH uber-jar the build leaves, relative to moduleDir
     * @param include JMH benchmark regexes to run, all when empty
     * @param exclude JMH benchmark regexes to leave out
     * @param jmhOptions further JMH options, after the profile's
     */
    public record Suite(
            @NotBlank @Size(max = 1000) String repository,
            @Size(max = 1000) String buildCommand,
            @Size(max = 255) String moduleDir,
            @Size(max = 255) String jar,
            @Size(max = 100) List<@NotBlank @Size(max = 1000) String> include,
            @Size(max = 100) List<@NotBlank @Size(max = 1000) String> exclude,
            @Size(max = 100) List<@NotBlank @Size(max = 1000) String> jmhOptions) {

        public static Suite of(String repository) {
            return new Suite(repository, null, null, null, null, null, null);
        }

        Suite withDefaults() {
            return new Suite(repository.strip(), buildCommand == null || buildCommand.isBlank() ? null : buildCommand,
                    moduleDir == null ? "" : moduleDir, jar == null || jar.isBlank() ? "target/benchmarks.jar" : jar,
                    include == null ? List.of() : include, exclude == null ? List.of() : exclude,
                    jmhOptions == null ? List.of() : jmhOptions);
        }
    }

    /** A job for the commit with every default: the API kind, the full profile, JVM 17. */
    public static JobSpec of(String project, String commit, Suite suite, String hostClass) {
        return new JobSpec(project, null, commit, suite, hostClass, null, null, null, null, null, null);
    }

    public JobSpec withKind(Kind kind) {
        return new JobSpec(project, branch, commit, suite, hostClass, jvm, profile, kind, priority, maxAttempts,
                timeoutSeconds);
    }

    public JobSpec withProfile(Profile profile) {
        return new JobSpec(project, branch, commit, suite, hostClass, jvm, profile, kind, priority, maxAttempts,
                timeoutSeconds);
    }

    public JobSpec withJvm(String jvm) {
        return new JobSpec(project, branch, commit, suite, hostClass, jvm, profile, kind, priority, maxAttempts,
                timeoutSeconds);
    }

    public JobSpec withBranch(String branch) {
        return new JobSpec(project, branch, commit, suite, hostClass, jvm, profile, kind, priority, maxAttempts,
                timeoutSeconds);
    }

    JobSpec withDefaults(int defaultMaxAttempts, int defaultTimeoutSeconds) {
        Kind k = kind == null ? Kind.API : kind;
        return new JobSpec(project, branch == null ? "main" : branch, commit.toLowerCase(java.util.Locale.ROOT),
                suite.withDefaults(), hostClass, jvm == null ? "17" : jvm, profile == null ? Profile.FULL : profile,
                k, priority == null ? k.defaultPriority() : priority,
                maxAttempts == null ? defaultMaxAttempts : maxAttempts,
                timeoutSeconds == null ? defaultTimeoutSeconds : timeoutSeconds);
    }

    static final class Names {

        // The same names the ingest API accepts for projects and host classes.
        static final String PATTERN = "[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}";

        static final String MESSAGE = "must be 1-128 letters, digits or . _ / + - starting with a letter or digit";

        private Names() {
        }
    }
}
