package dev.perfwatch.ingest;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.servlet.http.HttpServletRequest;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.security.Caller;
import dev.perfwatch.security.Role;
import dev.perfwatch.system.InvalidInputException;
import dev.perfwatch.system.NotFoundException;

/** The ingest API: a run with its JMH result file, or a bare JMH file for {@code curl --data-binary} users. */
@RestController
@RequestMapping("/api/v1/runs")
class RunController {

    private final IngestService ingest;

    private final JsonMapper json;

    RunController(IngestService ingest, JsonMapper json) {
        this.ingest = ingest;
        this.json = json;
    }

    /** The body is read as bytes so that its hash tells a retry from a conflicting reuse of the run id. */
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
            mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = RunUpload.class)))
    ResponseEntity<IngestReceipt> upload(@RequestBody byte[] body, HttpServletRequest request) {
        Caller.require(request, Role.WRITE, Role.RUNNER);
        IngestReceipt receipt = ingest.ingest(body);
        ingest.recordBodySize(body.length);
        return answer(receipt);
    }

    /**
     * The JMH file as the body; the run id is derived from the parameters and the body unless given. {@code parents}
     * (comma-separated shas, as {@code git log -1 --format=%P | tr ' ' ,} prints them) and {@code commitTime} (epoch
     * seconds, as {@code --format=%ct} prints it, or ISO-8601 with an offset) place the commit on its branch as the
     * run format's {@code commit.parents} and {@code commit.time} do: without them commits are ordered as they
     * arrive, so a history uploaded out of order would be detected in the wrong order.
     */
    @PostMapping(path = "/jmh", consumes = { MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_OCTET_STREAM_VALUE,
            MediaType.TEXT_PLAIN_VALUE, MediaType.APPLICATION_FORM_URLENCODED_VALUE, MediaType.ALL_VALUE })
    ResponseEntity<IngestReceipt> uploadJmh(@RequestParam String project, @RequestParam(defaultValue = "main") String branch,
            @RequestParam String commit, @RequestParam String hostClass, @RequestParam(required = false) String host,
            @RequestParam(required = false) String repository, @RequestParam(required = false) UUID id,
            @RequestParam(required = false) String parents, @RequestParam(required = false) String commitTime,
            @RequestBody byte[] body, HttpServletRequest request) {
        Caller.require(request, Role.WRITE, Role.RUNNER);
        List<String> parentShas = parents(parents);
        OffsetDateTime time = commitTime(commitTime);
        List<JmhBenchmark> benchmarks = UploadReader.jmh(json, body);
        String hostName = host == null || host.isBlank() ? hostClass : host;
        // Parents and time count only when given, so that the ids of uploads without them stay what they were.
        String placement = (parentShas.isEmpty() ? "" : "\u0000parents=" + String.join(",", parentShas))
                + (time == null ? "" : "\u0000time=" + time.toInstant());
        String fingerprint = IngestService.sha256(String.join("\u0000", project, branch, commit, hostClass, hostName,
                String.valueOf(repository)) + placement + "\u0000" + IngestService.sha256(body));
        UUID runId = id != null ? id : UUID.nameUUIDFromBytes(fingerprint.getBytes(StandardCharsets.UTF_8));
        RunUpload upload = new RunUpload(runId, project, repository, branch,
                new RunUpload.Commit(commit, time, null, null, parentShas.isEmpty() ? null : parentShas),
                new RunUpload.Host(hostName, hostClass, null, null, null, null, null), null, null);
        IngestReceipt receipt = ingest.ingest(upload, benchmarks, fingerprint);
        ingest.recordBodySize(body.length);
        return answer(receipt);
    }

    private static final java.util.regex.Pattern SHA = java.util.regex.Pattern.compile("[0-9a-fA-F]{7,64}");

    /** The parents' shas, comma- or space-separated; none for a root commit or when not given. */
    private static List<String> parents(String parents) {
        if (parents == null || parents.isBlank()) {
            return List.of();
        }
        List<String> shas = java.util.Arrays.stream(parents.trim().split("[,\\s]+")).toList();
        for (String sha : shas) {
            if (!SHA.matcher(sha).matches()) {
                throw new InvalidInputException("parents", "must be commit shas separated by commas, not '"
                        + shown(sha) + "'");
            }
        }
        return shas;
    }

    /** Epoch seconds ({@code git log --format=%ct}) or ISO-8601 with an offset; null when not given. */
    private static OffsetDateTime commitTime(String commitTime) {
        if (commitTime == null || commitTime.isBlank()) {
            return null;
        }
        String text = commitTime.trim();
        try {
            return text.chars().allMatch(Character::isDigit)
                    ? OffsetDateTime.ofInstant(java.time.Instant.ofEpochSecond(Long.parseLong(text)), ZoneOffset.UTC)
                    : OffsetDateTime.parse(text);
        }
        catch (java.time.DateTimeException | NumberFormatException ex) {
            throw new InvalidInputException("commitTime", "must be epoch seconds (git log --format=%ct) or an"
                    + " ISO-8601 time with an offset, not '" + shown(text) + "'");
        }
    }

    /** Input echoed in a problem: at most 40 characters of it. */
    private static String shown(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }

    @GetMapping("/{id}")
    RunSummary run(@PathVariable UUID id) {
        return ingest.find(id).orElseThrow(() -> new NotFoundException("no run " + id));
    }

    private static ResponseEntity<IngestReceipt> answer(IngestReceipt receipt) {
        return ResponseEntity.status(receipt.created() ? HttpStatus.CREATED : HttpStatus.OK).body(receipt);
    }
}
