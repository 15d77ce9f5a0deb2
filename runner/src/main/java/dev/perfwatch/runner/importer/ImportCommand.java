package dev.perfwatch.runner.importer;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code perfwatch-runner import}: brings an existing benchmark history into perfwatch, so that moving to it keeps
 * years of data. Both imports can be run again (say, nightly until the switch): what is stored already is not
 * stored twice.
 */
public final class ImportCommand {

    static final String USAGE = """
            usage: perfwatch-runner import <source> [options]

            import codespeed --from URL --server URL --token TOKEN [--project NAME] [--revs N]
                       copy every benchmark's history from a Codespeed server (its timeline page and
                       /timeline/json/), keeping its environment, executable and benchmark ids
                       --project   put every executable in this project (default: the project Codespeed shows)
                       --revs      revisions to ask Codespeed for per benchmark (default 100000)

            import gh-action-benchmark DATA_JS --server URL --token TOKEN --project NAME
                       [--branch main] [--host-class github-actions] [--host NAME]
                       load a github-action-benchmark history (the data.js of its gh-pages branch)
            """;

    private ImportCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs an import; the arguments are those after {@code import} (a leading "import" is skipped too).
     *
     * @return the exit code: 0 done, 1 failed, 2 wrong command line
     */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> arguments = Arrays.asList(args);
        if (!arguments.isEmpty() && arguments.get(0).equals("import")) {
            arguments = arguments.subList(1, arguments.size());
        }
        if (arguments.isEmpty() || List.of("--help", "-h", "help").contains(arguments.get(0))) {
            out.print(USAGE);
            return arguments.isEmpty() ? 2 : 0;
        }
        try {
            ImportOptions options = ImportOptions.parse(arguments.subList(1, arguments.size()));
            switch (arguments.get(0)) {
                case "codespeed" -> {
                    options.allow("from", "server", "token", "project", "revs");
                    noPositional(options);
                    new CodespeedImport(options.required("from"), options.required("server"),
                            options.required("token"), options.optional("project").orElse(null),
                            options.number("revs", 100_000), out).run();
                }
                case "gh-action-benchmark" -> {
                    options.allow("server", "token", "project", "branch", "host-class", "host");
                    if (options.positional().size() != 1) {
                        throw new ImportOptions.UsageException("give the data.js file, once");
                    }
                    Path file = Path.of(options.positional().get(0));
                    if (!Files.isReadable(file)) {
                        throw new ImportOptions.UsageException("cannot read " + file);
                    }
                    String hostClass = options.optional("host-class", "github-actions");
                    new GhActionBenchmarkImport(file, options.required("server"), options.required("token"),
                            options.required("project"), options.optional("branch", "main"), hostClass,
                            options.optional("host", hostClass), out).run();
                }
                default -> throw new ImportOptions.UsageException("unknown source: " + arguments.get(0));
            }
            return 0;
        }
        catch (ImportOptions.UsageException ex) {
            err.println("perfwatch-runner import: " + ex.getMessage());
            err.print(USAGE);
            return 2;
        }
        catch (ImportException ex) {
            err.println("perfwatch-runner import: " + ex.getMessage());
            return 1;
        }
    }

    private static void noPositional(ImportOptions options) {
        if (!options.positional().isEmpty()) {
            throw new ImportOptions.UsageException("unexpected argument: " + options.positional().get(0));
        }
    }
}
