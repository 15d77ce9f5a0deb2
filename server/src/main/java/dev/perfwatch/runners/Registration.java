package dev.perfwatch.runners;

import java.util.List;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * What a runner tells about itself when it starts: the body of {@code POST /api/v1/runners}. The name identifies
 * it across restarts; jdks are the JVM names it can run jobs on.
 */
public record Registration(
        @NotBlank @Size(max = 255) @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9._-]*", message = "must be a host name")
        String name,
        @NotBlank @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}",
                message = "must be 1-128 letters, digits or . _ / + - starting with a letter or digit")
        String hostClass,
        @Min(1) Integer cores,
        @Size(max = 255) String cpuModel,
        @Min(1) Long memoryMb,
        @Size(max = 255) String os,
        @Size(max = 255) String kernel,
        @Size(max = 50) List<@NotBlank @Size(max = 64) String> jdks,
        @Size(max = 64) String version) {
}
