package dev.perfwatch.codespeed;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.codespeed.CodespeedVocabulary.Benchmark;
import dev.perfwatch.codespeed.CodespeedVocabulary.Environment;
import dev.perfwatch.codespeed.CodespeedVocabulary.Executable;
import dev.perfwatch.codespeed.CodespeedVocabulary.Revision;
import dev.perfwatch.security.Caller;
import dev.perfwatch.security.Role;
import dev.perfwatch.system.HostClassNames;
import dev.perfwatch.system.NotFoundException;

/**
 * Codespeed's environments, executables and benchmarks with their ids. Creating one before its first result chooses
 * its id (an import keeps the source's, so old links keep working) and its mapping (an environment's host class, an
 * executable's JVM). Creating one that exists returns it unchanged: the mapping of stored results never moves.
 */
@RestController
@RequestMapping("/api/v1/codespeed")
class CodespeedApiController {

    private static final String NAME = "[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}";

    private final CodespeedStore store;

    private final HostClassNames hostClassNames;

    CodespeedApiController(CodespeedStore store, HostClassNames hostClassNames) {
        this.store = store;
        this.hostClassNames = hostClassNames;
    }

    /** @param id the wanted id, taken when free */
    record EnvironmentRequest(@Min(1) Long id, @NotBlank @Size(max = 1000) String name,
            @Pattern(regexp = NAME, message = "must be 1-128 letters, digits or . _ / + - starting with a letter or digit")
            String hostClass) {
    }

    /** @param defaultBranch the branch the timeline shows, when this creates the project */
    record ExecutableRequest(@Min(1) Long id, @NotBlank String project, @NotBlank @Size(max = 1000) String name,
            String description, String jdkVersion, String vmName, String vmVersion, String defaultBranch) {
    }

    record BenchmarkRequest(@Min(1) Long id, @NotBlank @Size(max = 1000) String name, String description,
            String unitsTitle, String units, Boolean lessisbetter,
            @Pattern(regexp = "[UM]", message = "must be U (mean) or M (median)") String dataType) {
    }

    @ExceptionHandler(CodespeedException.class)
    ProblemDetail refused(CodespeedException ex) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
    }

    @GetMapping("/environments")
    List<Environment> environments() {
        return store.environments();
    }

    @PostMapping("/environments")
    Environment createEnvironment(@Valid @RequestBody EnvironmentRequest request, HttpServletRequest http) {
        Caller.require(http, Role.WRITE);
        // Refused here, not at its first result: an environment on "4-core-" would take every result posted to it
        // and store none. A name that runs or environments use already is kept.
        hostClassNames.requireNew("hostClass", request.hostClass());
        return store.createEnvironment(request.name(), request.id(), request.hostClass());
    }

    @GetMapping("/executables")
    List<Executable> executables() {
        return store.executables();
    }

    @PostMapping("/executables")
    Executable createExecutable(@Valid @RequestBody ExecutableRequest request, HttpServletRequest http) {
        Caller.require(http, Role.WRITE);
        long project = store.project(CodespeedNames.slug(request.project(), "project"), request.defaultBranch());
        return store.createExecutable(project, request.name(), request.id(), request.description(),
                request.jdkVersion(), request.vmName(), request.vmVersion());
    }

    /** Revisions with a tag (a release), for a baseline by name; without tag, every tagged one. */
    @GetMapping("/revisions")
    List<Revision> revisions(@RequestParam(required = false) String project,
            @RequestParam(required = false) String tag) {
        return store.taggedRevisions(project, tag == null || tag.isBlank() ? null : tag);
    }

    /** One revision by id, as Codespeed's {@code base=<executable>+<revision>} names it. */
    @GetMapping("/revisions/{id}")
    Revision revision(@PathVariable long id) {
        return store.revision(id).orElseThrow(() -> new NotFoundException("no Codespeed revision " + id));
    }

    @GetMapping("/benchmarks")
    List<Benchmark> benchmarks() {
        return store.benchmarks();
    }

    @PostMapping("/benchmarks")
    Benchmark createBenchmark(@Valid @RequestBody BenchmarkRequest request, HttpServletRequest http) {
        Caller.require(http, Role.WRITE);
        return store.createBenchmark(request.name(), request.id(), request.description(), request.unitsTitle(),
                request.units(), request.lessisbetter(), request.dataType());
    }
}
