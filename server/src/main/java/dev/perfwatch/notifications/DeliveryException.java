package dev.perfwatch.notifications;

/** A channel did not take a message (down, refused, timed out); the outbox retries it later. */
class DeliveryException extends RuntimeException {

    DeliveryException(String message) {
        super(message);
    }

    DeliveryException(String message, Throwable cause) {
        super(message, cause);
    }
}
