package dev.perfwatch.runner;

import java.util.Arrays;
import java.util.List;

/** Entry point of the runner agent: dispatches the sub-commands (run, upload, import, demo). */
public final class RunnerMain {

    static final String USAGE = """
            usage: perfwatch-runner <command> [options]

            run      lease jobs from the server and benchmark them, until stopped
                       --server URL          (PERFWATCH_SERVER_URL)
                       --token TOKEN         a runner token (PERFWATCH_RUNNER_TOKEN)
                       --host-class CLASS    the comparability group of this host, e.g. 4-core (PERFWATCH_HOST_CLASS)
                       --cpus LIST           pin benchmark JVMs to these CPUs with taskset, e.g. 0-3 (PERFWATCH_RUNNER_CPUS)
                       --jdk NAME=PATH       a JDK jobs may ask for by NAME, repeatable (PERFWATCH_RUNNER_JDKS=17=/p,25=/q);
                                             default: this JVM and the JDKs under /usr/lib/jvm, by major version
                       --data-dir DIR        spool, git cache, builds, logs (PERFWATCH_DATA_DIR, default ~/.perfwatch-runner)
                       --name NAME           this runner's name (PERFWATCH_RUNNER_NAME, default the host name)
                       --heap SIZE           fixed heap of every benchmark JVM (default 1g)
                       --poll-interval 5s    how often an idle runner asks for work
                       --quiet-wait 60s      wait this long at most for other processes to quiet before JMH
                                             starts; 0 does not wait (PERFWATCH_RUNNER_QUIET_WAIT)
                       --no-build-cache      rebuild the suite even when this commit's jar was built before
                       --exit-when-idle      stop when no job waits

            upload FILE  upload a JMH result file (-rf json) run elsewhere, e.g. in CI; spooled until delivered
                       --server URL --token TOKEN --project NAME --commit SHA --host-class CLASS
                       [--branch main] [--host NAME] [--repository URL] [--retry-for 2m] [--data-dir DIR]

            import SOURCE  bring an existing history in: codespeed --from URL, or gh-action-benchmark DATA_JS
                       (perfwatch-runner import --help lists the options)

            demo     generate a small project with a regression and its fix, queue every commit, and run them
                       --server URL --token TOKEN (an admin or write token that may also lease: admin)
                       [--cpus LIST] [--data-dir DIR] [--host-class local] [--project demo-strings] [--quiet-wait 20s]
            """;

    private RunnerMain() {
    }

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args)));
    }

    static int run(List<String> args) {
        if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("help")
                || args.get(0).equals("-h")) {
            System.out.print(USAGE);
            return args.isEmpty() ? 2 : 0;
        }
        if (args.get(0).equals(HostCheck.COMMAND)) {
            // Internal: the host check's own JVM (HostCheck); the jar's layout hides the class from -cp.
            ReferenceWorkload.main(new String[0]);
            return 0;
        }
        if (args.get(0).equals("import")) {
            // The importers have options of their own (ImportCommand.USAGE).
            return dev.perfwatch.runner.importer.ImportCommand.run(
                    args.subList(1, args.size()).toArray(String[]::new));
        }
        Options options = Options.parse(args.subList(1, args.size()), System.getenv());
        try {
            return switch (args.get(0)) {
                case "run" -> new Agent(Settings.from(options)).run();
                case "upload" -> UploadCommand.run(options);
                case "demo" -> Demo.run(options);
                default -> throw new Options.UsageException("unknown command: " + args.get(0));
            };
        }
        catch (Options.UsageException ex) {
            System.err.println("perfwatch-runner: " + ex.getMessage());
            System.err.print(USAGE);
            return 2;
        }
        catch (Exception ex) {
            System.err.println("perfwatch-runner: " + ex);
            return 1;
        }
    }
}
