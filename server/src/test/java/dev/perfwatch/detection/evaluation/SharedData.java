package dev.perfwatch.detection.evaluation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds {@code ../shared/data} (the read-only data beside the repository) from wherever the JVM was started. */
public final class SharedData {

    private SharedData() {
    }

    public static Optional<Path> directory() {
        String configured = System.getProperty("perfwatch.data");
        if (configured != null) {
            return Optional.of(Path.of(configured)).filter(Files::isDirectory);
        }
        Path dir = Path.of("").toAbsolutePath();
        for (int up = 0; dir != null && up < 4; up++, dir = dir.getParent()) {
            Path candidate = dir.resolveSibling("shared").resolve("data");
            if (Files.isDirectory(candidate.resolve("tcpd"))) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
