package dev.perfwatch.codespeed;

/**
 * A request the Codespeed endpoints refuse, worded as Codespeed words it, because Codespeed clients print the body
 * of the 400 to their users and some scripts match it. Answered as {@code 400 text/plain}.
 */
class CodespeedException extends RuntimeException {

    CodespeedException(String message) {
        super(message);
    }
}
