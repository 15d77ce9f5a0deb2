package dev.perfwatch.system;

import java.io.IOException;

/** A request body over the configured limit. An {@link IOException} so that it can surface from a stream read. */
public class PayloadTooLargeException extends IOException {

    public PayloadTooLargeException(long limit) {
        super("the body is larger than the limit of " + limit + " bytes");
    }
}
