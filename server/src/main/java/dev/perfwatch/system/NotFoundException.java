package dev.perfwatch.system;

/** A thing the request names does not exist. Answered as a 404 problem. */
public class NotFoundException extends RuntimeException {

    public NotFoundException(String detail) {
        super(detail);
    }
}
