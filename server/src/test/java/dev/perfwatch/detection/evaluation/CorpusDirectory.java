package dev.perfwatch.detection.evaluation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The evaluation corpora's directory (holding {@code tcpd/} and {@code jmh-histories/}), named by
 * {@code -Dperfwatch.data=DIR}. Named, never searched for: a clone has nothing beside it, and the normal build must
 * not depend on what happens to lie there.
 */
public final class CorpusDirectory {

    private CorpusDirectory() {
    }

    public static Optional<Path> directory() {
        return Optional.ofNullable(System.getProperty("perfwatch.data")).map(Path::of).filter(Files::isDirectory);
    }
}
