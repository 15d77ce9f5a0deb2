package dev.perfwatch.ingest;

import java.nio.charset.StandardCharsets;
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

    /** The JMH file as the body; the run id is derived from the parameters and the body unless given. */
    @PostMapping(path = "/jmh", consumes = { MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_OCTET_STREAM_VALUE,
            MediaType.TEXT_PLAIN_VALUE, MediaType.APPLICATION_FORM_URLENCODED_VALUE, MediaType.ALL_VALUE })
    ResponseEntity<IngestReceipt> uploadJmh(@RequestParam String project, @RequestParam(defaultValue = "main") String branch,
            @RequestParam String commit, @RequestParam String hostClass, @RequestParam(required = false) String host,
            @RequestParam(required = false) String repository, @RequestParam(required = false) UUID id,
            @RequestBody byte[] body, HttpServletRequest request) {
        Caller.require(request, Role.WRITE, Role.RUNNER);
        List<JmhBenchmark> benchmarks = UploadReader.jmh(json, body);
        String hostName = host == null || host.isBlank() ? hostClass : host;
        String fingerprint = IngestService.sha256(String.join("\u0000", project, branch, commit, hostClass, hostName,
                String.valueOf(repository)) + "\u0000" + IngestService.sha256(body));
        UUID runId = id != null ? id : UUID.nameUUIDFromBytes(fingerprint.getBytes(StandardCharsets.UTF_8));
        RunUpload upload = new RunUpload(runId, project, repository, branch,
                new RunUpload.Commit(commit, null, null, null, null),
                new RunUpload.Host(hostName, hostClass, null, null, null, null, null), null, null);
        IngestReceipt receipt = ingest.ingest(upload, benchmarks, fingerprint);
        ingest.recordBodySize(body.length);
        return answer(receipt);
    }

    @GetMapping("/{id}")
    RunSummary run(@PathVariable UUID id) {
        return ingest.find(id).orElseThrow(() -> new NotFoundException("no run " + id));
    }

    private static ResponseEntity<IngestReceipt> answer(IngestReceipt receipt) {
        return ResponseEntity.status(receipt.created() ? HttpStatus.CREATED : HttpStatus.OK).body(receipt);
    }
}
