package dev.perfwatch.system;

import java.io.IOException;

/**
 * A request body arriving slower than {@code perfwatch.api.body-min-rate} once its grace has passed, while it holds a
 * write slot. An {@link IOException} so that it can surface from a stream read.
 */
public class BodyTooSlowException extends IOException {

    public BodyTooSlowException(long read, long seconds) {
        super("the body arrived too slowly (" + read + " bytes in " + seconds + " s): send it again at a steady pace");
    }
}
