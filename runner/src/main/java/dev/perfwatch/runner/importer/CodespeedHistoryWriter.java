package dev.perfwatch.runner.importer;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.perfwatch.runner.importer.CodespeedHistory.Benchmark;
import dev.perfwatch.runner.importer.CodespeedHistory.Revision;
import dev.perfwatch.runner.importer.CodespeedHistory.RevisionKey;

/**
 * Writes a Codespeed history into perfwatch: first the source's environment, executable and benchmark ids (so that
 * {@code env=2} links keep working), then the revisions through perfwatch's Codespeed write API, oldest first, one
 * run per revision of an executable in an environment.
 */
final class CodespeedHistoryWriter {

    /** Results per post: a post must stay well below the 2 MB a form may hold. */
    static final int ITEMS_PER_POST = 500;

    private static final Pattern RUNS = Pattern.compile("created=(\\d+), existing=(\\d+)");

    private final String server;

    private final String project;

    private final Http perfwatch;

    private final PrintStream out;

    private final JsonMapper json = JsonMapper.builder().build();

    CodespeedHistoryWriter(String server, String token, String project, PrintStream out) {
        this.server = Http.base(server);
        this.project = project;
        this.perfwatch = new Http(token);
        this.out = out;
    }

    /** What an import did, for its last line and for tests. */
    record Summary(int results, int runs, int created, int existing) {
    }

    Summary write(CodespeedCatalog catalog, Map<Long, CodespeedCatalog.Executable> executables,
            CodespeedHistory history) {
        register(catalog, executables, history.defaultBranches, history.benchmarks.values());
        return post(catalog, executables, history.benchmarks, history.revisions);
    }

    private static void result(ObjectNode result, Benchmark benchmark, CodespeedTimeline.Point point) {
        result.put("result_value", "NaN");
        putIfGiven(result, "result_value", point.value());
        putIfGiven(result, "std_dev", point.stdDev());
        putIfGiven(result, "min", point.min());
        putIfGiven(result, "max", point.max());
        putIfGiven(result, "q1", point.q1());
        putIfGiven(result, "q3", point.q3());
        result.put("units", benchmark.units());
        result.put("lessisbetter", benchmark.lessisbetter());
        if (!benchmark.description().isEmpty()) {
            result.put("description", benchmark.description());
        }
    }

    /** JSON has no NaN or infinity: they go as the words Codespeed's result API reads ("NaN", "Infinity"). */
    private static void putIfGiven(ObjectNode node, String field, Double value) {
        if (value != null && Double.isFinite(value)) {
            node.put(field, value);
        }
        else if (value != null) {
            node.put(field, value.isNaN() ? "NaN" : value > 0 ? "Infinity" : "-Infinity");
        }
    }

    /** Tells perfwatch the source's ids before any result names them; an id already taken there gets a new one. */
    private void register(CodespeedCatalog catalog, Map<Long, CodespeedCatalog.Executable> executables,
            Map<Long, String> defaultBranches, Collection<Benchmark> benchmarks) {
        for (CodespeedCatalog.Environment environment : catalog.environments()) {
            ObjectNode body = json.createObjectNode().put("id", environment.id()).put("name", environment.name());
            report("environment " + environment.name(), environment.id(),
                    create("/api/v1/codespeed/environments", body));
        }
        for (CodespeedCatalog.Executable executable : executables.values()) {
            ObjectNode body = json.createObjectNode()
                .put("id", executable.id())
                .put("project", projectOf(executable))
                .put("name", executable.name())
                .put("description", executable.description());
            if (defaultBranches.containsKey(executable.id())) {
                body.put("defaultBranch", defaultBranches.get(executable.id()));
            }
            report("executable " + executable.name(), executable.id(), create("/api/v1/codespeed/executables", body));
        }
        for (Benchmark benchmark : benchmarks) {
            ObjectNode body = json.createObjectNode()
                .put("id", benchmark.id())
                .put("name", benchmark.name())
                .put("description", benchmark.description())
                .put("units", benchmark.units())
                .put("lessisbetter", benchmark.lessisbetter())
                .put("dataType", benchmark.dataType());
            report("benchmark " + benchmark.name(), benchmark.id(),
                    create("/api/v1/codespeed/benchmarks", body));
        }
    }

    private long create(String path, ObjectNode body) {
        Http.Response response = perfwatch.postJson(server + path, body.toString());
        if (response.status() != 200) {
            throw new ImportException("POST " + server + path + " answered " + response.status() + ": "
                    + Http.excerpt(response.body()));
        }
        try {
            return json.readTree(response.body()).path("id").asLong();
        }
        catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
            throw new ImportException("POST " + server + path + " answered no JSON: " + Http.excerpt(response.body()));
        }
    }

    private void report(String what, long sourceId, long id) {
        if (id != sourceId) {
            out.printf("%s: id %d is taken in perfwatch, it is %d there%n", what, sourceId, id);
        }
    }

    /** Posts each executable's revisions in each environment in date order, whole revisions per post. */
    private Summary post(CodespeedCatalog catalog, Map<Long, CodespeedCatalog.Executable> executables,
            Map<String, Benchmark> benchmarks, Map<RevisionKey, Revision> history) {
        Map<Long, String> environments = catalog.environments().stream()
            .collect(Collectors.toMap(CodespeedCatalog.Environment::id, CodespeedCatalog.Environment::name));
        Map<String, List<Map.Entry<RevisionKey, Revision>>> byPair = new LinkedHashMap<>();
        for (Map.Entry<RevisionKey, Revision> revision : history.entrySet()) {
            RevisionKey key = revision.getKey();
            byPair.computeIfAbsent(executables.get(key.executable()).name() + " on " + environments.get(key.environment()),
                    k -> new ArrayList<>()).add(revision);
        }
        int results = 0;
        int runs = 0;
        int created = 0;
        int existing = 0;
        for (Map.Entry<String, List<Map.Entry<RevisionKey, Revision>>> pair : byPair.entrySet()) {
            List<Map.Entry<RevisionKey, Revision>> revisions = pair.getValue();
            revisions.sort(Comparator.comparing((Map.Entry<RevisionKey, Revision> r) -> r.getValue().date())
                .thenComparing(r -> r.getKey().commitid()));
            List<List<Map.Entry<RevisionKey, Revision>>> posts = batches(revisions);
            out.printf("%s: %d revisions in %d posts%n", pair.getKey(), revisions.size(), posts.size());
            for (int p = 0; p < posts.size(); p++) {
                ArrayNode items = json.createArrayNode();
                for (Map.Entry<RevisionKey, Revision> revision : posts.get(p)) {
                    RevisionKey key = revision.getKey();
                    CodespeedCatalog.Executable executable = executables.get(key.executable());
                    revision.getValue().results().forEach((benchmark, point) -> {
                        ObjectNode item = items.addObject();
                        item.put("commitid", key.commitid());
                        item.put("branch", key.branch());
                        item.put("project", projectOf(executable));
                        item.put("executable", executable.name());
                        item.put("benchmark", benchmark);
                        item.put("environment", environments.get(key.environment()));
                        item.put("revision_date", revision.getValue().date());
                        if (!revision.getValue().tag().isEmpty()) {
                            item.put("tag", revision.getValue().tag());
                        }
                        result(item, benchmarks.get(benchmark), point);
                    });
                }
                Http.Response response = perfwatch.postForm(server + "/result/add/json/",
                        Map.of("json", items.toString()), "Perfwatch-Runs");
                if (response.status() != 202) {
                    throw new ImportException("POST " + server + "/result/add/json/ answered " + response.status()
                            + ": " + Http.excerpt(response.body()));
                }
                // perfwatch says how many of the revisions' runs it had stored before (a repeated import).
                Matcher counts = RUNS.matcher(response.header() == null ? "" : response.header());
                boolean counted = counts.find();
                int postCreated = counted ? Integer.parseInt(counts.group(1)) : posts.get(p).size();
                int postExisting = counted ? Integer.parseInt(counts.group(2)) : 0;
                created += postCreated;
                existing += postExisting;
                runs += posts.get(p).size();
                results += items.size();
                out.printf("  [%d/%d] %d revisions: %d new runs, %d already stored%n", p + 1, posts.size(),
                        posts.get(p).size(), postCreated, postExisting);
            }
        }
        out.printf("done: %d results in %d runs (%d new, %d already stored)%n", results, runs, created, existing);
        return new Summary(results, runs, created, existing);
    }

    /** Whole revisions per post, up to {@link #ITEMS_PER_POST} results unless one revision holds more. */
    private static List<List<Map.Entry<RevisionKey, Revision>>> batches(List<Map.Entry<RevisionKey, Revision>> revisions) {
        List<List<Map.Entry<RevisionKey, Revision>>> posts = new ArrayList<>();
        List<Map.Entry<RevisionKey, Revision>> current = new ArrayList<>();
        int items = 0;
        for (Map.Entry<RevisionKey, Revision> revision : revisions) {
            int size = revision.getValue().results().size();
            if (!current.isEmpty() && items + size > ITEMS_PER_POST) {
                posts.add(current);
                current = new ArrayList<>();
                items = 0;
            }
            current.add(revision);
            items += size;
        }
        if (!current.isEmpty()) {
            posts.add(current);
        }
        return posts;
    }

    private String projectOf(CodespeedCatalog.Executable executable) {
        return project != null ? project : executable.project();
    }
}
