package dev.perfwatch.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * How this runner runs jobs, from the command line and the environment (see {@link RunnerMain} for the options).
 *
 * @param cpus the CPU list benchmark JVMs are pinned to with taskset, as taskset takes it ("0-3"); null: unpinned
 * @param heap the fixed heap (-Xms = -Xmx) of every benchmark JVM, so that GC numbers compare between runs
 * @param exitWhenIdle stop when the queue is empty (demos and tests) instead of polling forever
 * @param quietWait how long a job waits for the host's other processes to quiet before its forks start; zero: not
 *     at all (docs/runner.md, "Busy host")
 */
record Settings(String server, String token, String name, String hostClass, String cpus, Path dataDir,
        Map<String, Path> jdks, String heap, Duration pollInterval, boolean buildCache, boolean exitWhenIdle,
        Duration quietWait) {

    static final String VERSION = "0.1.0";

    static Path dataDir(Options options) {
        return options.get("data-dir", "PERFWATCH_DATA_DIR")
            .map(Path::of)
            .orElseGet(() -> Path.of(System.getProperty("user.home"), ".perfwatch-runner"))
            .toAbsolutePath();
    }

    static Settings from(Options options) {
        String cpus = options.get("cpus", "PERFWATCH_RUNNER_CPUS").orElse(null);
        if (cpus != null && !cpus.matches("[0-9,\\-]+")) {
            throw new Options.UsageException("--cpus takes a CPU list like 0-3 or 1,3: " + cpus);
        }
        return new Settings(options.require("server", "PERFWATCH_SERVER_URL"),
                options.require("token", "PERFWATCH_RUNNER_TOKEN"),
                options.get("name", "PERFWATCH_RUNNER_NAME").orElseGet(HostFacts::hostName),
                options.require("host-class", "PERFWATCH_HOST_CLASS"), cpus, dataDir(options),
                Jdks.resolve(options.all("jdk"), options.environment("PERFWATCH_RUNNER_JDKS")),
                options.get("heap", "PERFWATCH_RUNNER_HEAP").orElse("1g"),
                Durations.parse(options.get("poll-interval", "PERFWATCH_RUNNER_POLL_INTERVAL").orElse("5s")),
                !options.flag("no-build-cache"), options.flag("exit-when-idle"),
                Durations.parse(options.get("quiet-wait", "PERFWATCH_RUNNER_QUIET_WAIT").orElse("60s")));
    }

    Path dir(String name) {
        Path dir = dataDir.resolve(name);
        try {
            Files.createDirectories(dir);
        }
        catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
        return dir;
    }

    /**
     * The environment of every child process: the runner's own, less its secrets and settings (the token must
     * not reach code from a pull request) and less JVM option variables that every benchmark JVM would inherit.
     */
    static Map<String, String> childEnvironment(Map<String, String> own) {
        Map<String, String> environment = new HashMap<>(own);
        environment.keySet().removeIf(name -> name.startsWith("PERFWATCH_") || name.equals("JAVA_TOOL_OPTIONS")
                || name.equals("_JAVA_OPTIONS") || name.equals("JDK_JAVA_OPTIONS"));
        environment.put("GIT_TERMINAL_PROMPT", "0");
        return environment;
    }
}
