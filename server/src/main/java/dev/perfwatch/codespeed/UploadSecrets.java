package dev.perfwatch.codespeed;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import dev.perfwatch.security.UploadSecretCheck;

/**
 * Per-project upload secrets for Codespeed clients that cannot send credentials: the secret is a path segment of
 * the upload URL, so it is shown once, when made, and only its SHA-256 is stored (like API tokens).
 */
@Repository
class UploadSecrets implements UploadSecretCheck {

    private static final SecureRandom random = new SecureRandom();

    private final JdbcClient jdbc;

    UploadSecrets(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A project's secret without the secret itself. */
    record Info(String project, Instant createdAt) {
    }

    /** Makes the project's secret, replacing the one it had, and returns it; it cannot be read back later. */
    String rotate(String project) {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        // URL-safe Base64: letters, digits, '-' and '_', so the secret is one path segment as it is.
        String secret = "cs_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        jdbc.sql("""
                insert into codespeed_upload_secret (project, secret_sha256) values (:project, :hash)
                on conflict (project) do update set secret_sha256 = excluded.secret_sha256, created_at = now()
                """)
            .param("project", project)
            .param("hash", sha256(secret))
            .update();
        return secret;
    }

    /** The project a secret uploads to. */
    @Override
    public Optional<String> project(String secret) {
        return jdbc.sql("select project from codespeed_upload_secret where secret_sha256 = :hash")
            .param("hash", sha256(secret))
            .query(String.class)
            .optional();
    }

    List<Info> list() {
        return jdbc.sql("select project, created_at from codespeed_upload_secret order by project")
            .query((rs, row) -> new Info(rs.getString("project"), rs.getTimestamp("created_at").toInstant()))
            .list();
    }

    boolean revoke(String project) {
        return jdbc.sql("delete from codespeed_upload_secret where project = :project")
            .param("project", project)
            .update() > 0;
    }

    private static String sha256(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(secret.getBytes(StandardCharsets.UTF_8)));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
