package dev.perfwatch.runner.importer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Loads a github-action-benchmark history ({@code data.js}: {@code window.BENCHMARK_DATA = {...}}) into perfwatch:
 * every entry (one benchmark suite at one commit, one CI run) becomes a run posted to {@code /api/v1/runs}, its
 * benches a JMH file. The action keeps only the score, unit and an "extra" text per bench; the JMH file gets the
 * benchmark and params back from the name ({@code a.B.c ( {"size":"10"} )}), threads and forks from the extra, the
 * mode from the unit. Run ids come from the project, suite, commit and entry date, so an import run again stores
 * nothing twice; an entry whose content changed since is reported as a conflict.
 */
final class GhActionBenchmarkImport {

    /** Tools whose bigger values are better, as the action's own {@code biggerIsBetter} decides. */
    private static final Set<String> BIGGER_IS_BETTER = Set.of("benchmarkjs", "pytest", "customBiggerIsBetter");

    private static final Pattern PARAMS = Pattern.compile("(.*?) \\( (\\{.*\\}) \\)");

    private static final Pattern EXTRA = Pattern.compile("^(iterations|forks|threads): (\\d+)$", Pattern.MULTILINE);

    private static final Pattern RANGE = Pattern.compile("(?:±|\\+/-|\\+-)\\s*([0-9.eE+-]+)");

    private final Path file;

    private final String server;

    private final String project;

    private final String branch;

    private final String hostClass;

    private final String host;

    private final Http perfwatch;

    private final PrintStream out;

    private final JsonMapper json = JsonMapper.builder().build();

    GhActionBenchmarkImport(Path file, String server, String token, String project, String branch, String hostClass,
            String host, PrintStream out) {
        this.file = file;
        this.server = Http.base(server);
        this.project = project;
        this.branch = branch;
        this.hostClass = hostClass;
        this.host = host;
        this.perfwatch = new Http(token);
        this.out = out;
    }

    record Summary(int runs, int created, int existing, int results) {
    }

    Summary run() {
        JsonNode data = read(file);
        String repository = data.path("repoUrl").asText(null);
        List<ObjectNode> runs = new ArrayList<>();
        boolean several = data.path("entries").size() > 1;
        for (Iterator<Map.Entry<String, JsonNode>> suites = data.path("entries").fields(); suites.hasNext();) {
            Map.Entry<String, JsonNode> suite = suites.next();
            // Suites of one file are separate charts, often separate machines (risc0's macOS-cpu, Linux-cpu, ...)
            // with the same bench names: one host class each, or their results would mix in one series.
            String suiteHostClass = several ? hostClassOf(suite.getKey(), suite.getValue()) : hostClass;
            for (JsonNode entry : suite.getValue()) {
                runs.add(run(suite.getKey(), entry, repository, suiteHostClass));
            }
        }
        out.printf("%s: %d entries of %s%n", file, runs.size(), repository == null ? "an unnamed repository" : repository);
        int created = 0;
        int existing = 0;
        int results = 0;
        for (int i = 0; i < runs.size(); i++) {
            ObjectNode run = runs.get(i);
            Http.Response response = perfwatch.postJson(server + "/api/v1/runs", run.toString());
            String commit = run.path("commit").path("sha").asText();
            String what = String.format("[%d/%d] %s %s", i + 1, runs.size(), commit.substring(0, 7),
                    run.path("metadata").path("suite").asText());
            switch (response.status()) {
                case 201 -> created++;
                case 200 -> existing++;
                case 409 -> throw new ImportException(what + ": perfwatch holds this entry with other results "
                        + "(the file changed since it was imported): " + Http.excerpt(response.body()));
                default -> throw new ImportException(what + ": POST " + server + "/api/v1/runs answered "
                        + response.status() + ": " + Http.excerpt(response.body()));
            }
            results += run.path("jmh").size();
            out.printf("%s: %d results, %s%n", what, run.path("jmh").size(),
                    response.status() == 201 ? "stored" : "already stored");
        }
        out.printf("done: %d runs (%d new, %d already stored), %d results%n", runs.size(), created, existing, results);
        // A newcomer's trial: the import ended here, with no word of where its verdicts are or when they are done.
        String query = "?project=" + java.net.URLEncoder.encode(project, StandardCharsets.UTF_8);
        out.printf("perfwatch detects after each run; once perfwatch_detection_pending reads 0 on "
                + "%s/actuator/prometheus, what it found is on %s/#/timeline%s and at %s/api/v1/change-points%s%n",
                server, server, query, server, query);
        return new Summary(runs.size(), created, existing, results);
    }

    /** The JSON object of a data.js file: the JavaScript assignment around it is dropped. */
    static JsonNode read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new ImportException("cannot read " + file + ": " + ex.getMessage());
        }
        int start = text.indexOf('{');
        int end = text.lastIndexOf('}');
        if (start < 0 || end < start) {
            throw new ImportException(file + " holds no window.BENCHMARK_DATA = {...}");
        }
        try {
            return JsonMapper.builder().build().readTree(text.substring(start, end + 1));
        }
        catch (JsonProcessingException ex) {
            throw new ImportException(file + " is not github-action-benchmark's data.js: " + ex.getOriginalMessage());
        }
    }

    /** The host class of a suite in a file of several: the import's, then the suite's name as a host class allows. */
    String hostClassOf(String suite) {
        String name = namedBefore(suite);
        // New host classes end with a letter or digit: "Benchmark (macOS)" is "…/Benchmark-macOS", not "…-macOS-".
        String trimmed = name.replaceAll("[^A-Za-z0-9]+$", "");
        return trimmed.isEmpty() ? name : trimmed;
    }

    /** A suite's host class as imports made it before new host classes had to end with a letter or digit. */
    private String namedBefore(String suite) {
        String name = hostClass + "/" + suite.trim().replaceAll("[^A-Za-z0-9._+-]+", "-");
        return name.length() <= 128 ? name : name.substring(0, 128);
    }

    /**
     * The host class of a suite whose entries are stored already keeps the name they were stored under: a suite
     * named with punctuation at its end ("Benchmark (macOS)") was imported as "…/Benchmark-macOS-" before, and
     * importing the grown file again under the new name would find every old entry a conflict and put the new ones
     * in a second environment. Asked once per such suite, of its first entry's run.
     */
    String hostClassOf(String suite, JsonNode entries) {
        String named = hostClassOf(suite);
        String before = namedBefore(suite);
        if (before.equals(named) || entries.isEmpty()) {
            return named;
        }
        Http.Response stored = perfwatch.getAnswer(server + "/api/v1/runs/" + runId(suite, entries.get(0)));
        if (stored.status() != 200) {
            return named;
        }
        try {
            return before.equals(json.readTree(stored.body()).path("hostClass").asText()) ? before : named;
        }
        catch (JsonProcessingException ex) {
            throw new ImportException("GET " + server + "/api/v1/runs/…: not a run: " + Http.excerpt(stored.body()));
        }
    }

    /** An entry's run id: the same whenever the file is imported again into the same project. */
    private String runId(String suite, JsonNode entry) {
        return UUID.nameUUIDFromBytes(String.join("\u0000", "gh-action-benchmark", project, suite,
                entry.path("commit").path("id").asText(), Long.toString(entry.path("date").asLong()))
            .getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** The body of {@code POST /api/v1/runs} for one entry, on the import's host class. */
    ObjectNode run(String suite, JsonNode entry, String repository) {
        return run(suite, entry, repository, hostClass);
    }

    /** The body of {@code POST /api/v1/runs} for one entry of a suite measured on {@code suiteHostClass}. */
    ObjectNode run(String suite, JsonNode entry, String repository, String suiteHostClass) {
        JsonNode commit = entry.path("commit");
        String sha = commit.path("id").asText();
        long date = entry.path("date").asLong();
        ObjectNode run = json.createObjectNode();
        run.put("id", runId(suite, entry));
        run.put("project", project);
        if (repository != null) {
            run.put("repository", repository);
        }
        run.put("branch", branch);
        ObjectNode commitNode = run.putObject("commit");
        commitNode.put("sha", sha);
        if (commit.hasNonNull("timestamp")) {
            commitNode.put("time", commit.path("timestamp").asText());
        }
        JsonNode author = commit.path("author");
        if (author.hasNonNull("name")) {
            commitNode.put("author", author.path("name").asText()
                    + (author.hasNonNull("email") ? " <" + author.path("email").asText() + ">" : ""));
        }
        if (commit.hasNonNull("message")) {
            commitNode.put("message", commit.path("message").asText());
        }
        ObjectNode hostNode = run.putObject("host");
        hostNode.put("name", suiteHostClass.equals(hostClass) ? host : host + "/" + suiteHostClass.substring(
                hostClass.length() + 1));
        hostNode.put("hostClass", suiteHostClass);
        ObjectNode metadata = run.putObject("metadata");
        metadata.put("source", "github-action-benchmark");
        metadata.put("suite", suite);
        metadata.put("tool", entry.path("tool").asText());
        metadata.put("date", date);
        if (commit.hasNonNull("url")) {
            metadata.put("url", commit.path("url").asText());
        }
        run.set("jmh", jmh(entry));
        return run;
    }

    /** The benches as a JMH file; a name repeated within one entry keeps its last value, as the action's chart does. */
    private ArrayNode jmh(JsonNode entry) {
        String tool = entry.path("tool").asText();
        Map<String, ObjectNode> elements = new LinkedHashMap<>();
        for (JsonNode bench : entry.path("benches")) {
            String name = bench.path("name").asText();
            ObjectNode element = json.createObjectNode();
            Matcher params = PARAMS.matcher(name);
            element.put("benchmark", params.matches() ? params.group(1) : name);
            String unit = bench.path("unit").asText();
            boolean higher = tool.equals("jmh") ? unit.startsWith("ops/") : BIGGER_IS_BETTER.contains(tool);
            element.put("mode", higher ? "thrpt" : "avgt");
            Matcher extra = EXTRA.matcher(bench.path("extra").asText(""));
            while (extra.find()) {
                switch (extra.group(1)) {
                    case "threads" -> element.put("threads", Integer.parseInt(extra.group(2)));
                    case "forks" -> element.put("forks", Integer.parseInt(extra.group(2)));
                    default -> element.put("measurementIterations", Integer.parseInt(extra.group(2)));
                }
            }
            if (params.matches()) {
                try {
                    element.set("params", json.readTree(params.group(2)));
                }
                catch (JsonProcessingException ex) {
                    element.put("benchmark", name);
                }
            }
            ObjectNode primary = element.putObject("primaryMetric");
            primary.set("score", bench.path("value"));
            Matcher range = RANGE.matcher(bench.path("range").asText(""));
            if (range.find()) {
                try {
                    primary.put("scoreError", Double.parseDouble(range.group(1)));
                }
                catch (NumberFormatException ex) {
                    // a range that is not a number is left out
                }
            }
            primary.put("scoreUnit", unit.isBlank() ? "unknown" : unit);
            if (!tool.equals("jmh")) {
                // Other tools' units do not tell the direction (iter/sec, ns/iter): the action's tool does.
                primary.put("scoreDirection", higher ? "higher" : "lower");
            }
            elements.put(name, element);
        }
        ArrayNode file = json.createArrayNode();
        elements.values().forEach(file::add);
        return file;
    }
}
