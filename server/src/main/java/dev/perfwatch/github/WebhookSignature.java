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
        return refusal(secret, body, header) == null;
    }

    /**
     * Why a delivery is refused, said to its sender (GitHub shows it under the webhook's Recent deliveries), or null
     * when the signature is right. Names what is wrong, never the expected signature.
     */
    static String refusal(String secret, byte[] body, String header) {
        if (secret == null || secret.isEmpty()) {
            return "perfwatch has no webhook secret (PERFWATCH_GITHUB_WEBHOOK_SECRET) and refuses every delivery: "
                    + "give it the secret the webhook signs with";
        }
        if (header == null || header.isEmpty()) {
            return "X-Hub-Signature-256 is missing: the webhook has no secret; set the one perfwatch has "
                    + "(PERFWATCH_GITHUB_WEBHOOK_SECRET) under Settings > Webhooks";
        }
        if (!header.startsWith(PREFIX)) {
            return "X-Hub-Signature-256 must be \"sha256=\" followed by the hex HMAC-SHA256 of the body";
        }
        byte[] given;
        try {
            given = HexFormat.of().parseHex(header.substring(PREFIX.length()));
        }
        catch (IllegalArgumentException ex) {
            return "X-Hub-Signature-256 must be \"sha256=\" followed by the hex HMAC-SHA256 of the body";
        }
        if (!MessageDigest.isEqual(sign(secret, body), given)) {
            return "X-Hub-Signature-256 does not match the body: the webhook's secret is not the one perfwatch has "
                    + "(PERFWATCH_GITHUB_WEBHOOK_SECRET), or the body was changed on the way";
        }
        return null;
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
