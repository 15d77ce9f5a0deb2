package dev.perfwatch.system;

/** An authenticated caller whose token does not allow the action. Answered as a 403 problem. */
public class ForbiddenException extends RuntimeException {

    public ForbiddenException(String detail) {
        super(detail);
    }
}
