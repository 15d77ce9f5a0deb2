package dev.perfwatch.ingest;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code POST /api/v1/runs}: one execution of a suite at a commit on one host, with the JMH result file
 * unchanged in {@code jmh}. The id is the uploader's idempotency key (the runner uses its job attempt id).
 *
 * @param metadata free-form facts about the run (host noise facts, job, runner version), stored as given
 */
public record RunUpload(
        @NotNull UUID id,
        @NotBlank @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String project,
        @Size(max = 1000) String repository,
        @NotBlank @Size(max = 255) String branch,
        @NotNull @Valid Commit commit,
        @NotNull @Valid Host host,
        JsonNode metadata,
        @NotNull JsonNode jmh) {

    /** The benchmarked revision; time, parents and the rest place it on the branch when present. */
    public record Commit(
            @NotNull @Pattern(regexp = "[0-9a-fA-F]{7,64}", message = "must be a hex commit sha") String sha,
            OffsetDateTime time,
            @Size(max = 1000) String author,
            String message,
            List<@NotNull @Pattern(regexp = "[0-9a-fA-F]{7,64}", message = "must be a hex commit sha") String> parents) {
    }

    /** The machine that ran the suite; hostClass is the comparability group. */
    public record Host(
            @NotBlank @Size(max = 255) String name,
            @NotBlank @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String hostClass,
            String cpuModel,
            @Min(1) Integer cores,
            @Min(1) Long memoryMb,
            String os,
            String kernel) {
    }

    static final class Names {

        static final String PATTERN = "[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}";

        static final String MESSAGE = "must be 1-128 letters, digits or . _ / + - starting with a letter or digit";

        private Names() {
        }
    }
}
