package dev.perfwatch.github;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks {@code X-Hub-Signature-256}: "sha256=" and the hex HMAC-SHA256 of the raw body under the webhook secret. A
 * Mac is not thread-safe, so each check makes its own; the comparison takes the same time wherever the digests
 * differ, so that timing tells an attacker nothing about the expected signature.
 */
final class WebhookSignature {

    private static final String PREFIX = "sha256=";

    private WebhookSignature() {
    }

    static boolean valid(String secret, byte[] body, String header) {
        if (secret == null || secret.isEmpty() || header == null || !header.startsWith(PREFIX)) {
            return false;
        }
        byte[] given;
        try {
            given = HexFormat.of().parseHex(header.substring(PREFIX.length()));
        }
        catch (IllegalArgumentException ex) {
            return false;
        }
        return MessageDigest.isEqual(sign(secret, body), given);
    }

    static byte[] sign(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(body);
        }
        catch (NoSuchAlgorithmException | InvalidKeyException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** The header value GitHub would send for the body, for tests and tools. */
    static String header(String secret, byte[] body) {
        return PREFIX + HexFormat.of().formatHex(sign(secret, body));
    }
}
