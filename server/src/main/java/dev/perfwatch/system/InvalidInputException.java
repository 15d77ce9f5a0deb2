package dev.perfwatch.system;

/**
 * Input that the API refuses, naming the offending field (a JSON path such as {@code jmh[0].primaryMetric.score}
 * or a query parameter) so that the client can fix it. Answered as a 400 problem.
 */
public class InvalidInputException extends RuntimeException {

    private final String field;

    public InvalidInputException(String field, String detail) {
        super(detail);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
