package dev.perfwatch.system;

/** The request contradicts what is stored, for example a run id reused for other content. Answered as 409. */
public class ConflictException extends RuntimeException {

    private final String field;

    public ConflictException(String field, String detail) {
        super(detail);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
