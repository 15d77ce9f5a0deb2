package dev.perfwatch.security;

import java.util.Optional;

/**
 * The project a Codespeed upload URL's secret writes to (the codespeed package keeps the secrets): the token filter
 * asks before the post takes a write slot, so a post with no valid secret never holds one while its body arrives.
 */
public interface UploadSecretCheck {

    /** What a Codespeed client is told, in words as Codespeed answers, when its upload URL's secret is unknown. */
    String UNKNOWN = "This upload URL is not valid: its secret is unknown or was rotated (docs/codespeed.md)";

    Optional<String> project(String secret);
}
