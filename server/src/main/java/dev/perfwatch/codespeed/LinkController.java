package dev.perfwatch.codespeed;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.codespeed.CodespeedVocabulary.Benchmark;
import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;
import dev.perfwatch.codespeed.LinkQueries.StoredRevision;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/**
 * The perfwatch page that a Codespeed permalink stands for, resolved here because only the server knows the ids a
 * client's revisions and executables were stored under (the UI's codespeed.js asks, then opens the page):
 * {@code /changes/?rev=&exe=&env=} opens the changes page at exactly that revision, executable and environment;
 * {@code /comparison/?exe=&ben=&env=} opens the environment comparison page. docs/codespeed.md lists the rules.
 */
@RestController
@RequestMapping("/api/v1/codespeed/links")
class LinkController {

    private final CodespeedStore store;

    private final LinkQueries queries;

    LinkController(CodespeedStore store, LinkQueries queries) {
        this.store = store;
        this.queries = queries;
    }

    /** An executable a link without {@code exe} may mean, with the link that names it. */
    record Choice(long executable, String name, String project, String href) {
    }

    /**
     * @param page the perfwatch page to open, or null when the link is ambiguous and {@code choices} lists its
     *     readings
     */
    record Link(String page, Map<String, String> params, List<String> notes, List<Choice> choices) {
    }

    @GetMapping("/changes")
    Link changes(@RequestParam(required = false) String rev, @RequestParam(required = false) String exe,
            @RequestParam(required = false) String env) {
        if (rev == null || rev.isBlank()) {
            throw new InvalidInputException("rev", "rev must be the revision's commit id as its client sent it");
        }
        Optional<Environment> environment = env == null || env.isBlank() ? Optional.empty()
                : Optional.of(environment(env));
        List<String> notes = new ArrayList<>();
        Executable executable;
        if (exe != null && !exe.isBlank()) {
            executable = executable(exe);
        }
        else {
            List<StoredRevision> revisions = queries.revisions(rev);
            List<Long> candidates = queries.executablesOf(revisions);
            if (candidates.size() != 1) {
                if (revisions.isEmpty()) {
                    throw new NotFoundException("no revision " + rev);
                }
                List<Choice> choices = new ArrayList<>();
                for (long id : candidates) {
                    Executable candidate = store.executable(id).orElseThrow();
                    choices.add(new Choice(id, candidate.name(), candidate.project(), "/changes/?rev="
                            + URLEncoder.encode(rev, StandardCharsets.UTF_8) + "&exe="
                            + id + environment.map(e -> "&env=" + e.id()).orElse("")));
                }
                notes.add("the link names no executable, and revision " + rev + " has results of "
                        + candidates.size() + " executables: choose one");
                return new Link(null, Map.of(), notes, choices);
            }
            executable = store.executable(candidates.get(0)).orElseThrow();
            notes.add("the link names no executable: " + executable.name() + " is the only one with revision " + rev);
        }
        StoredRevision revision = queries.revision(executable.projectId(), rev)
            .or(() -> queries.commit(executable.projectId(), rev))
            .orElseThrow(() -> new NotFoundException("no revision " + rev + " of project " + executable.project()));
        Map<String, String> params = new LinkedHashMap<>();
        params.put("project", executable.project());
        params.put("branch", revision.branch());
        params.put("commit", revision.sha());
        params.put("revision", revision.commitid());
        notes.add("revision " + rev + " → commit " + revision.sha().substring(0, 10) + " on " + revision.branch());
        // Host class and JVM too, for pages that choose an environment by them when the exact one is not stored.
        environment.ifPresent(e -> params.put("hostClass", e.hostClass()));
        if (!executable.jdkVersion().isEmpty()) {
            params.put("jvm", executable.jdkVersion());
        }
        environment.ifPresent(e -> queries.environment(e, executable).ifPresentOrElse(id -> {
            params.put("environment", Long.toString(id));
            notes.add("executable " + executable.name() + " in environment " + e.name() + " → environment " + id);
        }, () -> notes.add("no results of executable " + executable.name() + " in environment " + e.name())));
        return new Link("changes", params, notes, List.of());
    }

    /**
     * Codespeed's comparison permalink: {@code exe} holds executable keys ({@code <id>+L+<branch>} for the latest
     * revision, {@code <id>+<revision id>} for a tagged one), {@code ben} benchmark ids, {@code env} environment ids.
     */
    @GetMapping("/comparison")
    Link comparison(@RequestParam(required = false) String exe, @RequestParam(required = false) String ben,
            @RequestParam(required = false) String env) {
        List<String> notes = new ArrayList<>();
        List<Executable> executables = new ArrayList<>();
        Set<String> commits = new LinkedHashSet<>();
        boolean latest = false;
        for (String key : tokens(exe)) {
            String[] parts = key.split("[+ ]");
            Executable executable = executable(parts[0]);
            if (!executables.isEmpty() && executable.projectId() != executables.get(0).projectId()) {
                notes.add("executable " + executable.name() + " of project " + executable.project()
                        + " left out: the page compares one project");
                continue;
            }
            executables.add(executable);
            if (parts.length == 2 && isId(parts[1])) {
                store.revision(Long.parseLong(parts[1])).ifPresent(revision -> commits.add(revision.sha()));
            }
            else {
                latest = true;
            }
        }
        if (executables.isEmpty()) {
            throw new InvalidInputException("exe", "exe must name at least one executable");
        }
        Map<String, String> params = new LinkedHashMap<>();
        params.put("project", executables.get(0).project());
        if (commits.size() == 1 && !latest) {
            params.put("commit", commits.iterator().next());
        }
        else if (!commits.isEmpty()) {
            notes.add("the link compares several revisions; the page shows the newest commit");
        }
        Set<String> environments = new LinkedHashSet<>();
        for (String token : tokens(env)) {
            Environment environment = environment(token);
            for (Executable executable : executables) {
                queries.environment(environment, executable).ifPresentOrElse(id -> environments.add(Long.toString(id)),
                        () -> notes.add("no results of " + executable.name() + " in " + environment.name()));
            }
        }
        if (!environments.isEmpty()) {
            params.put("environments", String.join(",", environments));
        }
        List<String> benchmarks = tokens(ben).stream().map(this::benchmark).map(Benchmark::name).toList();
        if (!benchmarks.isEmpty()) {
            params.put("benchmark", benchmarks.get(0));
            if (benchmarks.size() > 1) {
                notes.add("the page shows one benchmark at a time: " + benchmarks.get(0) + " of " + benchmarks.size());
            }
        }
        return new Link("environments", params, notes, List.of());
    }

    private static List<String> tokens(String list) {
        if (list == null) {
            return List.of();
        }
        return java.util.Arrays.stream(list.split(",")).map(String::strip).filter(t -> !t.isEmpty()).toList();
    }

    private Executable executable(String token) {
        Optional<Executable> found = isId(token) ? store.executable(Long.parseLong(token)) : Optional.empty();
        return found.or(() -> store.executables(token).stream().findFirst())
            .orElseThrow(() -> new NotFoundException("no executable " + token));
    }

    private Environment environment(String token) {
        Optional<Environment> found = isId(token) ? store.environment(Long.parseLong(token)) : Optional.empty();
        return found.or(() -> store.environment(token)).orElseThrow(() -> new NotFoundException("no environment "
                + token));
    }

    private Benchmark benchmark(String token) {
        Optional<Benchmark> found = isId(token) ? store.benchmark(Long.parseLong(token)) : Optional.empty();
        return found.or(() -> store.benchmark(token)).orElseThrow(() -> new NotFoundException("no benchmark "
                + token));
    }

    private static boolean isId(String token) {
        return !token.isEmpty() && token.length() < 18 && token.chars().allMatch(Character::isDigit);
    }
}
