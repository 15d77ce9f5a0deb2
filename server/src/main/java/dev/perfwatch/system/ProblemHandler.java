package dev.perfwatch.system;

import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;

import jakarta.validation.ConstraintViolationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.HttpMessageNotWritableException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Maps every refusal to one RFC 9457 problem shape: {@code type}, {@code title}, {@code status}, {@code detail} and
 * {@code field}, the JSON path or parameter that is wrong.
 */
@RestControllerAdvice
class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

    @ExceptionHandler(InvalidInputException.class)
    ProblemDetail invalidInput(InvalidInputException ex) {
        return problem(HttpStatus.BAD_REQUEST, ex.field(), ex.getMessage());
    }

    @ExceptionHandler(NotFoundException.class)
    ProblemDetail notFound(NotFoundException ex) {
        return problem(HttpStatus.NOT_FOUND, null, ex.getMessage());
    }

    @ExceptionHandler(ForbiddenException.class)
    ProblemDetail forbidden(ForbiddenException ex) {
        return problem(HttpStatus.FORBIDDEN, null, ex.getMessage());
    }

    @ExceptionHandler(ConflictException.class)
    ProblemDetail conflict(ConflictException ex) {
        return problem(HttpStatus.CONFLICT, ex.field(), ex.getMessage());
    }

    @ExceptionHandler(PayloadTooLargeException.class)
    ProblemDetail payloadTooLarge(PayloadTooLargeException ex) {
        return problem(HttpStatus.CONTENT_TOO_LARGE, "body", ex.getMessage());
    }

    /** The rest of the body is not waited for: the connection closes with the answer. */
    @ExceptionHandler(BodyTooSlowException.class)
    ResponseEntity<ProblemDetail> bodyTooSlow(BodyTooSlowException ex) {
        return ResponseEntity.status(HttpStatus.REQUEST_TIMEOUT).header(HttpHeaders.CONNECTION, "close")
            .body(problem(HttpStatus.REQUEST_TIMEOUT, "body", ex.getMessage()));
    }

    /**
     * A form body refused while its fields were read (FormBody): too large or too slow as above; otherwise it could
     * not be read at all (the client went away).
     */
    @ExceptionHandler(UncheckedIOException.class)
    ResponseEntity<ProblemDetail> formUnread(UncheckedIOException ex) {
        if (ex.getCause() instanceof BodyTooSlowException tooSlow) {
            return bodyTooSlow(tooSlow);
        }
        if (ex.getCause() instanceof PayloadTooLargeException tooLarge) {
            return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(payloadTooLarge(tooLarge));
        }
        return ResponseEntity.badRequest()
            .header(HttpHeaders.CONNECTION, "close")
            .body(problem(HttpStatus.BAD_REQUEST, "body", "the body could not be read: " + ex.getCause().getMessage()));
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ProblemDetail constraintViolation(ConstraintViolationException ex) {
        var first = ex.getConstraintViolations().stream()
            .min(Comparator.comparing(v -> v.getPropertyPath().toString()))
            .orElseThrow();
        String path = first.getPropertyPath().toString();
        String field = path.substring(path.indexOf('.') + 1);
        return problem(HttpStatus.BAD_REQUEST, field, field + " " + first.getMessage());
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ProblemDetail typeMismatch(MethodArgumentTypeMismatchException ex) {
        return problem(HttpStatus.BAD_REQUEST, ex.getName(), ex.getName() + " has an invalid value: " + ex.getValue());
    }

    @Override
    protected ResponseEntity<Object> handleMissingServletRequestParameter(MissingServletRequestParameterException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return ResponseEntity.badRequest()
            .body(problem(HttpStatus.BAD_REQUEST, ex.getParameterName(),
                    "query parameter " + ex.getParameterName() + " is required"));
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<FieldError> errors = ex.getBindingResult().getFieldErrors();
        FieldError first = errors.stream().min(Comparator.comparing(FieldError::getField)).orElse(null);
        String field = first == null ? "body" : first.getField();
        String detail = first == null ? "the body is invalid" : field + " " + first.getDefaultMessage();
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, field, detail));
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        if (ex.getCause() instanceof PayloadTooLargeException tooLarge) {
            return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(payloadTooLarge(tooLarge));
        }
        if (ex.getCause() instanceof BodyTooSlowException tooSlow) {
            return ResponseEntity.status(HttpStatus.REQUEST_TIMEOUT).header(HttpHeaders.CONNECTION, "close")
                .body(problem(HttpStatus.REQUEST_TIMEOUT, "body", tooSlow.getMessage()));
        }
        String field = "body";
        String detail = "the body is not valid JSON";
        if (ex.getCause() instanceof JacksonException jackson) {
            if (!jackson.getPath().isEmpty()) {
                field = JsonPaths.of(jackson.getPath());
                detail = field + " has an invalid value: " + jackson.getOriginalMessage();
            }
            else {
                detail = "the body is not valid JSON: " + jackson.getOriginalMessage();
            }
        }
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, field, detail));
    }

    /**
     * The client went away while the answer was written (the search box aborts the previous request at every
     * keystroke; a browser leaves a page): nothing to answer and nothing wrong here. Logged at debug, not as the
     * "Response already committed" warning it gave for every aborted search.
     */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotWritable(HttpMessageNotWritableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.io.IOException) {
                log.debug("The client went away while the answer was written: {}", cause.toString());
                return null;
            }
        }
        return super.handleHttpMessageNotWritable(ex, headers, status, request);
    }

    /**
     * No free connection, a statement over its timeout, a database that does not answer: the server is saturated or
     * the database is away, and the client should come back (the runner and the importers honour Retry-After).
     */
    @ExceptionHandler({ CannotGetJdbcConnectionException.class, CannotCreateTransactionException.class,
            QueryTimeoutException.class, DataAccessResourceFailureException.class,
            TransientDataAccessResourceException.class })
    ResponseEntity<ProblemDetail> unavailable(RuntimeException ex) {
        log.warn("Answering 503: the database is unavailable or saturated: {}", ex.toString());
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
            .header(HttpHeaders.RETRY_AFTER, "5")
            .body(problem(HttpStatus.SERVICE_UNAVAILABLE, null,
                    "the database is unavailable or saturated: retry after 5 s"));
    }

    /**
     * The last line of defence for input PostgreSQL cannot hold (SQL states 22xxx: a NUL, an invalid value; 54xxx:
     * an index entry over its limit). Features validate and name the field first; this keeps a missed case a 400
     * rather than a 500, and the transaction it ran in is rolled back whole.
     */
    @ExceptionHandler({ DataIntegrityViolationException.class, UncategorizedSQLException.class })
    ResponseEntity<ProblemDetail> unstorable(RuntimeException ex) {
        String state = sqlState(ex);
        if (state != null && (state.startsWith("22") || state.startsWith("54"))) {
            return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, null,
                    "a value cannot be stored: it holds a NUL character, is too long, or is out of range"));
        }
        if ("23505".equals(state)) {
            return ResponseEntity.status(HttpStatus.CONFLICT)
                .body(problem(HttpStatus.CONFLICT, null, "a thing of that name exists already"));
        }
        log.error("Unexpected database error", ex);
        return ResponseEntity.internalServerError()
            .body(problem(HttpStatus.INTERNAL_SERVER_ERROR, null, "the server failed to answer this request"));
    }

    @ExceptionHandler(MultipartException.class)
    ProblemDetail multipart(MultipartException ex) {
        return problem(HttpStatus.BAD_REQUEST, "body", "the multipart body cannot be read");
    }

    private static String sqlState(Throwable ex) {
        for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.sql.SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState();
            }
        }
        return null;
    }

    static ProblemDetail problem(HttpStatus status, String field, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        if (field != null) {
            problem.setProperty("field", field);
        }
        return problem;
    }
}
