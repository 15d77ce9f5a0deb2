package dev.perfwatch.codespeed;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import dev.perfwatch.security.Caller;
import dev.perfwatch.system.NotFoundException;

/**
 * Admins make, rotate and revoke the upload secrets of Codespeed clients that send no credentials
 * (docs/codespeed.md). Posting for a project that has a secret replaces it.
 */
@RestController
@RequestMapping("/api/v1/codespeed/upload-secrets")
class UploadSecretController {

    private final UploadSecrets secrets;

    UploadSecretController(UploadSecrets secrets) {
        this.secrets = secrets;
    }

    /** @param project the project as Codespeed clients name it; stored under its perfwatch name */
    record SecretRequest(@NotBlank @Size(max = 1000) String project) {
    }

    /** The secret, shown only now, and the URL to give the client as its Codespeed URL. */
    record Secret(String project, String secret, String path) {
    }

    @ExceptionHandler(CodespeedException.class)
    ProblemDetail refused(CodespeedException ex) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
        problem.setProperty("field", "project");
        return problem;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Secret rotate(@Valid @RequestBody SecretRequest request, HttpServletRequest http) {
        Caller.require(http);
        String project = CodespeedNames.slug(request.project(), "project");
        String secret = secrets.rotate(project);
        return new Secret(project, secret, "/codespeed/" + secret + "/");
    }

    @GetMapping
    List<UploadSecrets.Info> list(HttpServletRequest http) {
        Caller.require(http);
        return secrets.list();
    }

    @DeleteMapping("/{project}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void revoke(@PathVariable String project, HttpServletRequest http) {
        Caller.require(http);
        if (!secrets.revoke(project)) {
            throw new NotFoundException("no upload secret for project " + project);
        }
    }
}
