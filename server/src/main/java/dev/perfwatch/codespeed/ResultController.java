package dev.perfwatch.codespeed;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.security.Caller;
import dev.perfwatch.security.Role;
import dev.perfwatch.security.UploadSecretCheck;
import dev.perfwatch.system.ForbiddenException;
import dev.perfwatch.system.InvalidInputException;

/**
 * Codespeed's write API, so that existing uploaders (Flink's {@code save_jmh_result.py}, Codespeed's sample
 * scripts) only change their URL: a form post of one result, or a form post whose {@code json} field holds an array
 * of results. Answers as Codespeed does: 202 and a sentence, or 400 and the reason as plain text.
 */
@RestController
class ResultController {

    private static final MediaType TEXT = new MediaType("text", "plain", StandardCharsets.UTF_8);

    private final CodespeedWrites writes;

    private final CodespeedStore store;

    private final CodespeedProperties properties;

    private final JsonMapper json;

    private final UploadSecrets secrets;

    ResultController(CodespeedWrites writes, CodespeedStore store, CodespeedProperties properties, JsonMapper json,
            UploadSecrets secrets) {
        this.secrets = secrets;
        this.writes = writes;
        this.store = store;
        this.properties = properties;
        this.json = json;
    }

    @PostMapping({ "/result/add/", "/result/add" })
    ResponseEntity<String> add(HttpServletRequest request) {
        Caller.require(request, Role.WRITE, Role.RUNNER);
        return add(request, null);
    }

    @PostMapping({ "/result/add/json/", "/result/add/json" })
    ResponseEntity<String> addJson(HttpServletRequest request) {
        Caller.require(request, Role.WRITE, Role.RUNNER);
        return addJson(request, null);
    }

    /**
     * The same posts under a project's upload URL, for clients that send no credentials (Flink's
     * {@code save_jmh_result.py --codespeed https://host/codespeed/<secret>/}): the secret in the path is the
     * credential, and it writes to its own project only. The token filter lets exactly these two paths through.
     */
    @PostMapping({ "/codespeed/{secret}/result/add/", "/codespeed/{secret}/result/add" })
    ResponseEntity<String> addWithSecret(@PathVariable String secret, HttpServletRequest request) {
        return add(request, project(secret));
    }

    @PostMapping({ "/codespeed/{secret}/result/add/json/", "/codespeed/{secret}/result/add/json" })
    ResponseEntity<String> addJsonWithSecret(@PathVariable String secret, HttpServletRequest request) {
        return addJson(request, project(secret));
    }

    private String project(String secret) {
        return secrets.project(secret).orElseThrow(() -> new ForbiddenException(UploadSecretCheck.UNKNOWN));
    }

    /** @param project the only project the post may write to, or null for any */
    private ResponseEntity<String> add(HttpServletRequest request, String project) {
        ResultItem item = ResultItem.read(key -> form(request, key), this::environmentKnown);
        return saved(writes.save(only(project, List.of(item))), "Result data saved successfully");
    }

    private ResponseEntity<String> addJson(HttpServletRequest request, String project) {
        String body = form(request, "json");
        if (body == null || body.isEmpty()) {
            throw new CodespeedException("No key 'json' in POST payload");
        }
        JsonNode results;
        try {
            results = json.readTree(body);
        }
        catch (JacksonException ex) {
            throw new CodespeedException("The value of key 'json' is not valid JSON: " + ex.getOriginalMessage());
        }
        if (results == null || !results.isArray()) {
            throw new CodespeedException("The value of key 'json' must be a JSON array of results");
        }
        List<ResultItem> items = new ArrayList<>(results.size());
        for (int i = 0; i < results.size(); i++) {
            JsonNode result = results.get(i);
            if (!result.isObject()) {
                throw new CodespeedException("Result " + (i + 1) + " of key 'json' is not a JSON object");
            }
            items.add(ResultItem.read(key -> field(result, key), this::environmentKnown));
        }
        return saved(writes.save(only(project, items)), "All result data saved successfully");
    }

    /** Refuses the whole post when one of its results names another project than the upload URL's. */
    private static List<ResultItem> only(String project, List<ResultItem> items) {
        for (ResultItem item : items) {
            String named = CodespeedNames.slug(item.project(), "project");
            if (project != null && !named.equals(project)) {
                throw new ForbiddenException("This upload URL writes to project " + project + ", not to " + named);
            }
        }
        return items;
    }

    private boolean environmentKnown(String name) {
        return properties.createEnvironments() || store.environment(name).isPresent();
    }

    /** A form field as Django's QueryDict gives it: the last value of a repeated key. */
    private static String form(HttpServletRequest request, String key) {
        String[] values = request.getParameterValues(key);
        return values == null || values.length == 0 ? null : values[values.length - 1];
    }

    /** A JSON field as text: numbers and booleans as JSON writes them, null as empty (Codespeed stores None). */
    private static String field(JsonNode result, String key) {
        JsonNode value = result.get(key);
        if (value == null) {
            return null;
        }
        if (value.isNull()) {
            return "";
        }
        if (value.isContainer()) {
            throw new CodespeedException("Value for key \"" + key + "\" must be a string, a number or a boolean");
        }
        return value.asString();
    }

    private static ResponseEntity<String> saved(CodespeedWrites.Outcome outcome, String message) {
        return ResponseEntity.status(HttpStatus.ACCEPTED)
            .contentType(TEXT)
            .header("Perfwatch-Runs", "created=" + outcome.created() + ", existing=" + outcome.existing())
            .body(message);
    }

    @ExceptionHandler(CodespeedException.class)
    ResponseEntity<String> refused(CodespeedException ex) {
        return text(HttpStatus.BAD_REQUEST, ex.getMessage());
    }

    /** What the ingest refuses after the Codespeed checks passed (a value it cannot store), also as plain text. */
    @ExceptionHandler(InvalidInputException.class)
    ResponseEntity<String> invalid(InvalidInputException ex) {
        return text(HttpStatus.BAD_REQUEST, ex.getMessage());
    }

    @ExceptionHandler(ForbiddenException.class)
    ResponseEntity<String> forbidden(ForbiddenException ex) {
        return text(HttpStatus.FORBIDDEN, ex.getMessage());
    }

    private static ResponseEntity<String> text(HttpStatus status, String message) {
        return ResponseEntity.status(status).contentType(TEXT).body(message);
    }
}
