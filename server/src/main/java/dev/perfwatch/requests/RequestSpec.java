package dev.perfwatch.requests;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import dev.perfwatch.jobs.Profile;

/**
 * The body of {@code POST /api/v1/requests}: compare any two commits of a project. Null fields take the project's
 * defaults (docs/requests.md).
 *
 * @param benchmarks a regex JMH includes benchmarks by; all when null
 * @param forks jobs per side on each host class and JVM in the first round, each one JMH fork
 * @param maxForks the budget of forks a side: rounds are added until every case is decided or it is spent
 */
public record RequestSpec(
        @NotBlank String project,
        @NotNull @Pattern(regexp = "[0-9a-fA-F]{7,64}", message = "must be a hex commit sha") String base,
        @NotNull @Pattern(regexp = "[0-9a-fA-F]{7,64}", message = "must be a hex commit sha") String head,
        @Size(min = 1, max = 20) List<@NotNull @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}",
                message = "must be a host class name") String> hostClasses,
        @Size(min = 1, max = 5) List<@NotNull @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}",
                message = "must name a JVM the runners know, like 17") String> jvms,
        @Size(max = 1000) String benchmarks,
        Profile profile,
        Integer forks,
        Integer maxForks) {

    public RequestSpec(String project, String base, String head, List<String> hostClasses, List<String> jvms,
            String benchmarks, Profile profile, Integer forks) {
        this(project, base, head, hostClasses, jvms, benchmarks, profile, forks, null);
    }
}
