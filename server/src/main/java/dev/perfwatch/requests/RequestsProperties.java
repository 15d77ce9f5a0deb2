package dev.perfwatch.requests;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import dev.perfwatch.comparison.AllocationPolicy;
import dev.perfwatch.comparison.SequentialRule;
import dev.perfwatch.jobs.JobSpec;
import dev.perfwatch.jobs.Profile;
import dev.perfwatch.statistics.AlphaSpending;

/**
 * Benchmark requests: who may ask, what a request runs by default, and how the answer is judged. See
 * docs/requests.md.
 *
 * @param botName the name comments address ({@code @perfwatch benchmark-request}), without the @
 * @param trustedAssociations GitHub author_associations whose requests run (the PR's code runs on our hosts)
 * @param allowedUsers GitHub logins trusted whatever their association
 * @param maxForks the most jobs a side may ask for on one host class and JVM
 * @param failThreshold a case slower by at least this many percent turns the commit status to failure
 * @param refreshInterval how often each server instance updates the requests in progress
 * @param publicUrl the address users open perfwatch at ({@code PERFWATCH_PUBLIC_URL}); links start with it
 * @param statusContext the name of the commit status on the pull request's head
 * @param projects the projects requests may run for, by project name
 * @param roundForks forks a side each further round adds (docs/requests.md, "Rounds")
 * @param maxRounds the most rounds a request runs
 * @param maxHostTime the most host time a request's jobs may take together before it stops asking for more
 * @param alpha the total two-sided error rate of a case's verdict, spent over the rounds
 * @param spending how the alpha is spent over the rounds: pocock (even: large changes decided soon) or
 *     obrien-fleming (little early, nearly all at the last round)
 */
@Validated
@ConfigurationProperties("perfwatch.requests")
public record RequestsProperties(
        @DefaultValue("perfwatch") @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9-]{0,38}") String botName,
        @DefaultValue({ "OWNER", "MEMBER", "COLLABORATOR" }) List<String> trustedAssociations,
        @DefaultValue List<String> allowedUsers,
        @DefaultValue("10") @Min(1) @Max(20) int maxForks,
        @DefaultValue("5.0") double failThreshold,
        @DefaultValue("5s") Duration refreshInterval,
        @DefaultValue("http://localhost:8080") @NotBlank String publicUrl,
        @DefaultValue("perfwatch") @NotBlank String statusContext,
        @DefaultValue Map<String, @Valid Project> projects,
        @DefaultValue("2") @Min(1) @Max(10) int roundForks,
        @DefaultValue("5") @Min(1) @Max(20) int maxRounds,
        @DefaultValue("2h") Duration maxHostTime,
        @DefaultValue("0.01") @DecimalMin("0.0001") @DecimalMax("0.2") double alpha,
        @DefaultValue("pocock") AlphaSpending spending) {

    /**
     * How requests run for one project.
     *
     * @param githubRepository "owner/name": comments on its pull requests are requests for this project
     * @param suite how to build and run its benchmarks (as in a job)
     * @param hostClasses where a request runs unless it names host classes
     * @param jvms the JVMs a request runs on unless it names them ("17")
     * @param profile quick or full, unless the request says
     * @param forks jobs per side on each host class and JVM in the first round, each one JMH fork, unless the
     *     request says
     * @param maxForks the budget of forks a side unless the request says; the global max-forks when null
     * @param allocationPolicy what a deterministic allocation change counts for in this project's requests; the
     *     global perfwatch.comparison.allocation-policy when null
     */
    public record Project(String githubRepository, @Valid JobSpec.Suite suite,
            @DefaultValue @NotEmpty List<String> hostClasses, @DefaultValue("17") List<String> jvms,
            @DefaultValue("quick") Profile profile, @DefaultValue("3") @Min(2) @Max(20) int forks,
            @Min(2) @Max(20) Integer maxForks, AllocationPolicy allocationPolicy) {
    }

    /** The budget of forks a side for a project: its own, else the global one (never below its first round). */
    int maxForks(String project) {
        Project configured = projects.get(project);
        return configured != null && configured.maxForks() != null ? configured.maxForks() : maxForks;
    }

    /** A request's sequential rule: its first round, the configured step, its budget (docs/requests.md, "Rounds"). */
    SequentialRule rule(StoredRequest request) {
        return new SequentialRule(request.firstForks(), roundForks, request.maxForks(), maxRounds, alpha, spending);
    }

    /** The project's allocation policy, or null for the global one. */
    AllocationPolicy allocationPolicy(String project) {
        Project configured = projects.get(project);
        return configured == null ? null : configured.allocationPolicy();
    }

    Optional<Map.Entry<String, Project>> byRepository(String repository) {
        return projects.entrySet()
            .stream()
            .filter(p -> p.getValue().githubRepository() != null
                    && p.getValue().githubRepository().equalsIgnoreCase(repository))
            .findFirst();
    }

    boolean trusted(String login, String association) {
        return allowedUsers.stream().anyMatch(user -> user.equalsIgnoreCase(login))
                || trustedAssociations.stream().anyMatch(a -> a.equalsIgnoreCase(association));
    }

    String link(String path) {
        return (publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl) + path;
    }
}
