package dev.perfwatch.runner.importer;

import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Copies a Codespeed server's history into perfwatch through the two servers' own APIs: Codespeed's timeline page
 * lists the environments, executables and benchmarks, its {@code /timeline/json/} gives each benchmark's points;
 * {@link CodespeedHistoryWriter} then tells perfwatch the source's ids and posts the revisions. The runs' ids come
 * from their content, so running the import again stores nothing twice.
 */
final class CodespeedImport {

    private final String from;

    private final int revisions;

    private final Http source = new Http(null);

    private final CodespeedHistoryWriter writer;

    private final String project;

    private final PrintStream out;

    /**
     * @param project puts every executable in this project, for pages that do not group executables by project
     * @param revisions how many revisions to ask Codespeed for, per benchmark
     */
    CodespeedImport(String from, String server, String token, String project, int revisions, PrintStream out) {
        this.from = Http.base(from);
        this.revisions = revisions;
        this.project = project;
        this.writer = new CodespeedHistoryWriter(server, token, project, out);
        this.out = out;
    }

    CodespeedHistoryWriter.Summary run() {
        CodespeedCatalog catalog = CodespeedCatalog.parse(source.get(from + "/timeline/"));
        out.printf("Codespeed at %s: %d environments, %d executables, %d benchmarks%n", from,
                catalog.environments().size(), catalog.executables().size(), catalog.benchmarks().size());
        if (catalog.environments().isEmpty() || catalog.executables().isEmpty()) {
            throw new ImportException("the timeline page of " + from + " lists no environment or no executable");
        }
        Map<Long, CodespeedCatalog.Executable> executables = new LinkedHashMap<>();
        for (CodespeedCatalog.Executable executable : catalog.executables()) {
            if (project == null && executable.project() == null) {
                throw new ImportException("the timeline page does not say which project executable "
                        + executable.name() + " belongs to: give --project");
            }
            executables.put(executable.id(), executable);
        }
        // One request per benchmark and environment names every executable: Codespeed answers them side by side.
        String exe = executables.keySet().stream().map(String::valueOf).collect(Collectors.joining(","));
        CodespeedHistory history = new CodespeedHistory();
        int step = 0;
        int total = catalog.environments().size() * catalog.benchmarks().size();
        for (CodespeedCatalog.Environment environment : catalog.environments()) {
            for (CodespeedCatalog.Benchmark benchmark : catalog.benchmarks()) {
                step++;
                String url = from + "/timeline/json/?exe=" + exe + "&ben="
                        + URLEncoder.encode(benchmark.name(), StandardCharsets.UTF_8) + "&env=" + environment.id()
                        + "&revs=" + revisions;
                int points = 0;
                for (CodespeedTimeline timeline : CodespeedTimeline.parse(source.get(url))) {
                    points += history.add(environment.id(), timeline);
                }
                out.printf("[%d/%d] %s on %s: %d points%n", step, total, benchmark.name(), environment.name(), points);
            }
        }
        return writer.write(catalog, executables, history);
    }
}
