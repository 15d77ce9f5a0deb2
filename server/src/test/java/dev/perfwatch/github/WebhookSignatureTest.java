package dev.perfwatch.github;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WebhookSignatureTest {

    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.UTF_8);

    /** GitHub's documented example: secret "It's a Secret to Everybody", payload "Hello, World!". */
    private static final String GITHUB_EXAMPLE =
            "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";

    @Test
    void validWhenSignedAsGithubDocumentsAccepts() {
        assertThat(WebhookSignature.header("It's a Secret to Everybody", BODY)).isEqualTo(GITHUB_EXAMPLE);
        assertThat(WebhookSignature.valid("It's a Secret to Everybody", BODY, GITHUB_EXAMPLE)).isTrue();
    }

    @Test
    void validWhenAnythingIsOffRefuses() {
        assertThat(WebhookSignature.valid("another secret", BODY, GITHUB_EXAMPLE)).isFalse();
        assertThat(WebhookSignature.valid("It's a Secret to Everybody", "Hello, World?".getBytes(
                StandardCharsets.UTF_8), GITHUB_EXAMPLE)).isFalse();
        assertThat(WebhookSignature.valid("It's a Secret to Everybody", BODY, GITHUB_EXAMPLE.toUpperCase()))
            .as("the prefix is lower case").isFalse();
        assertThat(WebhookSignature.valid("It's a Secret to Everybody", BODY, GITHUB_EXAMPLE.substring(0, 20)))
            .isFalse();
        assertThat(WebhookSignature.valid("It's a Secret to Everybody", BODY, null)).isFalse();
    }

    @Test
    void refusalNamesWhatIsWrong() {
        String secret = "It's a Secret to Everybody";
        assertThat(WebhookSignature.refusal(secret, BODY, GITHUB_EXAMPLE)).isNull();
        assertThat(WebhookSignature.refusal(null, BODY, GITHUB_EXAMPLE)).contains("no webhook secret");
        assertThat(WebhookSignature.refusal(secret, BODY, null)).startsWith("X-Hub-Signature-256 is missing");
        assertThat(WebhookSignature.refusal(secret, BODY, "sha1=abc")).contains("\"sha256=\" followed by");
        assertThat(WebhookSignature.refusal(secret, BODY, "sha256=zz")).contains("\"sha256=\" followed by");
        assertThat(WebhookSignature.refusal("another", BODY, GITHUB_EXAMPLE)).contains("does not match the body")
            .doesNotContain(GITHUB_EXAMPLE.substring(7));
    }

    @Test
    void validWhenNoSecretIsConfiguredRefusesEverything() {
        assertThat(WebhookSignature.valid(null, BODY, GITHUB_EXAMPLE)).isFalse();
        assertThat(WebhookSignature.valid("", new byte[0], WebhookSignature.header("x", new byte[0]))).isFalse();
    }
}
