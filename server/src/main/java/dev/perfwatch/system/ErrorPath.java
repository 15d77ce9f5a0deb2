package dev.perfwatch.system;

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
@RestController
class ErrorPath implements ErrorController {

    @RequestMapping(path = "/error", produces = MediaType.ALL_VALUE)
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer value && HttpStatus.resolve(value) != null ? HttpStatus.valueOf(value)
                : HttpStatus.INTERNAL_SERVER_ERROR;
        String detail = status.is5xxServerError() ? "the server failed to answer this request"
                : "the request cannot be answered: " + status.getReasonPhrase().toLowerCase(java.util.Locale.ROOT);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }
}
