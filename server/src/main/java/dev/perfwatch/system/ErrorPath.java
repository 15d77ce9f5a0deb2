package dev.perfwatch.system;

import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet container's error path (errors raised outside a controller: filters, a malformed URL, an exception the
 * advice did not map) answers a problem too, never Boot's own JSON or HTML, and never a stack trace.
 */
@Hidden
@RestController
class ErrorPath implements ErrorController {

    @RequestMapping(path = "/error", produces = MediaType.ALL_VALUE)
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        // Asked for directly (no error being forwarded), /error is a path like any other that has nothing.
        HttpStatus status = code == null ? HttpStatus.NOT_FOUND
                : code instanceof Integer value && HttpStatus.resolve(value) != null ? HttpStatus.valueOf(value)
                : HttpStatus.INTERNAL_SERVER_ERROR;
        String detail = status.is5xxServerError() ? "the server failed to answer this request"
                : "the request cannot be answered: " + status.getReasonPhrase().toLowerCase(java.util.Locale.ROOT);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }
}
