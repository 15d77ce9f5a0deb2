package dev.perfwatch.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import dev.perfwatch.system.ConflictException;
import dev.perfwatch.system.NotFoundException;

/** Makes, checks and revokes API tokens. Only SHA-256 hashes are stored; a token is shown once, when made. */
@Component
public class ApiTokens implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(ApiTokens.class);

    private static final SecureRandom random = new SecureRandom();

    private final JdbcClient jdbc;

    private final SecurityProperties properties;

    ApiTokens(JdbcClient jdbc, SecurityProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    /** Installs the configured admin token, or makes and prints one when the database has no token at all. */
    @Override
    public void run(ApplicationArguments args) {
        if (readOnly(jdbc)) {
            log.info("The database is read-only (a replica): configured tokens are stored by the primary's instances");
            return;
        }
        if (properties.adminToken() != null && !properties.adminToken().isBlank()) {
            jdbc.sql("""
                    insert into api_token (name, token_sha256, role) values ('admin', :hash, 'admin')
                    on conflict (name) do update set token_sha256 = excluded.token_sha256, role = 'admin'
                    """)
                .param("hash", sha256(properties.adminToken()))
                .update();
            return;
        }
        Integer count = jdbc.sql("select count(*) from api_token").query(Integer.class).single();
        if (count == 0) {
            String token = create("admin", Role.ADMIN);
            log.warn("""

                    ================================================================
                    First admin token (shown only now; set PERFWATCH_ADMIN_TOKEN to choose your own):
                        {}
                    ================================================================""", token);
        }
    }

    /**
     * Whether this instance reads a replica (or a role that may not write): it serves the read API and must start
     * without storing anything (docs/deployment.md, "Read replicas").
     */
    static boolean readOnly(JdbcClient jdbc) {
        return "on".equals(jdbc.sql("select current_setting('transaction_read_only')").query(String.class).single());
    }

    /** Makes a token and returns it; the caller must hand it on, because it cannot be read back. */
    public String create(String name, Role role) {
        String token = "pw_" + Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes());
        int inserted = jdbc.sql("""
                insert into api_token (name, token_sha256, role) values (:name, :hash, :role)
                on conflict (name) do nothing
                """)
            .param("name", name)
            .param("hash", sha256(token))
            .param("role", role.sql())
            .update();
        if (inserted == 0) {
            throw new ConflictException("name", "a token named " + name + " exists already");
        }
        return token;
    }

    public List<TokenInfo> list() {
        return jdbc.sql("select name, role, created_at from api_token order by name")
            .query((rs, row) -> new TokenInfo(rs.getString("name"), Role.fromSql(rs.getString("role")),
                    rs.getTimestamp("created_at").toInstant()))
            .list();
    }

    public void revoke(String name) {
        if (jdbc.sql("delete from api_token where name = :name").param("name", name).update() == 0) {
            throw new NotFoundException("no token named " + name);
        }
    }

    Optional<Caller> verify(String token) {
        return jdbc.sql("select name, role from api_token where token_sha256 = :hash")
            .param("hash", sha256(token))
            .query((rs, row) -> new Caller(rs.getString("name"), Role.fromSql(rs.getString("role"))))
            .optional();
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return bytes;
    }

    static String sha256(String token) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(token.getBytes(StandardCharsets.UTF_8)));
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** A token as listed: never the token itself. */
    public record TokenInfo(String name, Role role, java.time.Instant createdAt) {
    }
}
