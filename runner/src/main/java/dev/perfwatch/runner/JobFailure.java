package dev.perfwatch.runner;

/** A job that cannot succeed on this attempt (build broken, commit missing, JMH failed): reported as failed. */
final class JobFailure extends Exception {

    JobFailure(String message) {
        super(message);
    }
}
