package dev.perfwatch.codespeed;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Codespeed's names in our vocabulary. Codespeed allows any text ("My new project", "Dual Core", svn revision
 * "23"); our project names and host classes are restricted, and our commits are hex shas. The mapping is
 * deterministic, so a retried post lands on the same rows, and written up in docs/codespeed.md.
 */
final class CodespeedNames {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}");

    private static final Pattern SHA = Pattern.compile("[0-9a-fA-F]{7,64}");

    private CodespeedNames() {
    }

    /**
     * A project name or host class for a Codespeed name: unchanged when it is valid, otherwise every character
     * outside letters, digits and {@code . _ / + -} becomes {@code -} ("Dual Core" becomes "Dual-Core").
     */
    static String slug(String name, String key) {
        if (NAME.matcher(name).matches()) {
            return name;
        }
        String slug = name.strip().replaceAll("[^A-Za-z0-9._/+-]", "-");
        slug = slug.replaceAll("^[^A-Za-z0-9]+", "");
        if (slug.isEmpty() || slug.length() > 128) {
            throw new CodespeedException("Value for key \"" + key + "\" must hold a letter or digit and at most 128 "
                    + "characters: \"" + name + "\"");
        }
        return slug;
    }

    /**
     * A host class for a Codespeed environment's name, as {@link #slug} makes it but ending with a letter or digit,
     * as new host classes must ("Hetzner (AX41)" becomes "Hetzner--AX41", not "Hetzner--AX41-").
     */
    static String hostClass(String name) {
        String slug = slug(name, "environment");
        String trimmed = slug.replaceAll("[^A-Za-z0-9]+$", "");
        return trimmed.isEmpty() ? slug : trimmed;
    }

    /**
     * The sha a Codespeed commit id is stored under: a git or mercurial sha as it is (lower case), anything else
     * (an svn revision, Flink's {@code <sha>-<sha>-<time>}) as a SHA-1 of the project and the commit id. The
     * commit id itself is kept in codespeed_revision and is what the timeline shows.
     */
    static String sha(String project, String commitid) {
        if (SHA.matcher(commitid).matches()) {
            return commitid.toLowerCase(Locale.ROOT);
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1")
                .digest(("codespeed-revision\u0000" + project + "\u0000" + commitid).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        }
        catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** The host of a Codespeed environment's results: Codespeed knows the environment, not the machine. */
    static String host(String environment) {
        String name = "codespeed/" + environment;
        return name.length() <= 255 ? name : name.substring(0, 255);
    }
}
