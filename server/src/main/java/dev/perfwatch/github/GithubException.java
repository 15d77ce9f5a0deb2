package dev.perfwatch.github;

/**
 * A call to GitHub that did not succeed. retryable: no answer, a 5xx, a 429 or a rate-limit 403 (worth trying again
 * later); otherwise GitHub refused the call itself (404, 422, a token without the permission).
 */
public class GithubException extends RuntimeException {

    private final int status;

    private final boolean retryable;

    GithubException(int status, boolean retryable, String message) {
        super(message);
        this.status = status;
        this.retryable = retryable;
    }

    public int status() {
        return status;
    }

    public boolean retryable() {
        return retryable;
    }
}
