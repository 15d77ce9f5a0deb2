package dev.perfwatch.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The JDKs a runner can run jobs on, by the JVM name jobs use ("17", "25"): given with {@code --jdk 17=/path}, else
 * found in the usual install directories by the major version in their {@code release} file, plus the JDK the
 * runner itself runs on.
 */
final class Jdks {

    private static final List<Path> SEARCHED = List.of(Path.of("/usr/lib/jvm"), Path.of("/opt/java"),
            Path.of("/usr/local/lib/jvm"));

    private Jdks() {
    }

    static Map<String, Path> resolve(List<String> given, String environment) {
        Map<String, Path> jdks = new TreeMap<>();
        List<String> entries = new java.util.ArrayList<>(given);
        if (entries.isEmpty() && environment != null && !environment.isBlank()) {
            entries.addAll(List.of(environment.split(",")));
        }
        for (String entry : entries) {
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new Options.UsageException("--jdk takes NAME=PATH, for example 17=/usr/lib/jvm/java-17: " + entry);
            }
            Path home = Path.of(entry.substring(equals + 1).strip());
            if (!Files.isExecutable(home.resolve("bin/java"))) {
                throw new Options.UsageException("--jdk " + entry + ": no bin/java in " + home);
            }
            jdks.put(entry.substring(0, equals).strip(), home);
        }
        if (!entries.isEmpty()) {
            return jdks;
        }
        Path own = Path.of(System.getProperty("java.home"));
        jdks.put(Integer.toString(Runtime.version().feature()), own);
        for (Path dir : SEARCHED) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> homes = Files.list(dir)) {
                homes.sorted().forEach(home -> major(home).ifPresent(major -> {
                    if (Files.isExecutable(home.resolve("bin/java")) && Files.isExecutable(home.resolve("bin/javac"))) {
                        jdks.putIfAbsent(major, home);
                    }
                }));
            }
            catch (IOException ex) {
                // an unreadable directory holds no JDK we can use
            }
        }
        return jdks;
    }

    /** The feature version in a JDK's release file: JAVA_VERSION="17.0.15" gives 17, "1.8.0_392" gives 8. */
    static Optional<String> major(Path home) {
        return HostFacts.read(home.resolve("release").toString()).flatMap(text -> text.lines()
            .filter(line -> line.startsWith("JAVA_VERSION="))
            .map(line -> line.substring("JAVA_VERSION=".length()).replace("\"", "").strip())
            .map(version -> version.startsWith("1.") ? version.split("\\.")[1] : version.split("[.+-]")[0])
            .findFirst());
    }
}
