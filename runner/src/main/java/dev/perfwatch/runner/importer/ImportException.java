package dev.perfwatch.runner.importer;

/** An import that cannot go on: the source or perfwatch answered something unusable; the message says what. */
final class ImportException extends RuntimeException {

    ImportException(String message) {
        super(message);
    }
}
